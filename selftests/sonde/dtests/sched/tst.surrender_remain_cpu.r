surrender 100, args[0] the thread 100, args[1] its process 100
remain-cpu for 80 or more: 1, at most one a yield: 1

