create 3, lwp-create 3 (3 of children), start 3, lwp-start 3 (3 after start)

