BEGIN { printf("%*d\n", "w", 1); }
