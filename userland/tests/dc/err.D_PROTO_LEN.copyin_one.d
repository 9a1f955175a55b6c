BEGIN { trace(copyin(arg0)); }
