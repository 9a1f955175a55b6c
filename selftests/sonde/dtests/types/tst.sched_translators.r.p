# The pids sleep.sh wrote, by name; the lines of other names (threads the
# shell woke or that ran before sleep) left out.
read -r p pp < "$T/ids"
grep -E "^(wakeup $p $p $pp sleep|off-cpu $p $p sleep R)\$" |
	sed "s/ $p $p $pp / PID PID PPID /; s/ $p $p / PID PID /"
