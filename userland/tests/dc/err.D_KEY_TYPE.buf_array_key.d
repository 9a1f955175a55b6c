BEGIN { a[copyin(arg0, 4)] = 1; }
