BEGIN { printf("%s\n", copyin(arg0, 4)); }
