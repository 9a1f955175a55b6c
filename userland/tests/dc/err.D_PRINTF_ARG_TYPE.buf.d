BEGIN { printf("%p\n", copyin(arg0, 4)); }
