# The CPU and the syscall probe's id (the kernel's), the target's pid.
sed -E 's/^[ 0-9]{3} [ 0-9]{6} /  C      I /; s/pid [0-9]+/pid PID/'
