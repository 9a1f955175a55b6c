BEGIN { printf("%s\n", pid); }
