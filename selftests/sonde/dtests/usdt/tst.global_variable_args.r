sum 25
min -2
hist 43

