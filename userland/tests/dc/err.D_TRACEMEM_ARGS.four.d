BEGIN { tracemem(copyin(arg0, 16), 16, 8, 4); }
