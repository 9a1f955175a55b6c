BEGIN { trace(copyinstr(copyin(arg0, 4))); }
