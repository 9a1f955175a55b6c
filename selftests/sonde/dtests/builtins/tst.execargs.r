[loop-getppid 1000000000]

