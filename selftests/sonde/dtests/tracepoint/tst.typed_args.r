loop-getppid task is curthread 1, old pid is pid 1, comm loop-getppid

