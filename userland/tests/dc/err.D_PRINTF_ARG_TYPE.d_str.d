BEGIN { printf("%d %d\n", pid, execname); }
