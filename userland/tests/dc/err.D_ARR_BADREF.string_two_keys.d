BEGIN { trace(execname[0, 1]); }
