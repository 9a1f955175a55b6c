wakeup PID PID PPID sleep
off-cpu PID PID sleep R
