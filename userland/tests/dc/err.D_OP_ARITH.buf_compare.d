BEGIN { trace(copyin(arg0, 4) == 0); }
