BEGIN { tracemem(copyin(arg0, 16), arg1); }
