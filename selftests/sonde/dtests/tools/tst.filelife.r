rc=0
TIME(ms)  PID     COMM               AGE(ms) FILE
rm one
rm two
