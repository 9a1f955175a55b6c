BEGIN { printf("hello, %s\n", "world"); exit(0); }
