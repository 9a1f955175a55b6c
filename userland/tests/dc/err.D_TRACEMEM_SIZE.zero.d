BEGIN { tracemem(copyin(arg0, 16), 0); }
