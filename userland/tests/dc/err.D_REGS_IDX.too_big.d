/* R_SS is 20, the last register */
BEGIN { trace(uregs[R_SS + 1]); }
