BEGIN { trace((char *)copyin(arg0, 8) + 1); }
