signal-clear 10 6

