BEGIN { trace(copyin("x", 4)); }
