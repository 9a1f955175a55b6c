BEGIN { trace((char *)copyin(arg0, 4) - (char *)copyin(arg1, 4)); }
