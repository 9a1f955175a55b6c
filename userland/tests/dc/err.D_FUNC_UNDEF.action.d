BEGIN { printm(8, arg0); }
