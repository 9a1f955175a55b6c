BEGIN { trace(bufstr(copyin(arg0, 4))); }
