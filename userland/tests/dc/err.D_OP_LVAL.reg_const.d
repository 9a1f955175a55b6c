/* register names are constants */
BEGIN { R_PC = 1; }
