surrender 100, args[0] the thread 100, args[1] its process 100
remain-cpu after 80 or more of them: 1

