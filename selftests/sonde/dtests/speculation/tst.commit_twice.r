one 1
two 1

