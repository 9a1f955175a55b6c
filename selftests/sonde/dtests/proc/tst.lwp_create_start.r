lwp-create 4 (4 of threads of the process), lwp-start 4 (4 in new threads), start 0

