[abcde] [dtrac] 0 2 3 4 5
1

