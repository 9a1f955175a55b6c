rdx 1 pc 1

