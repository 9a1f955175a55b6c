BEGIN { exit(copyin(arg0, 4)); }
