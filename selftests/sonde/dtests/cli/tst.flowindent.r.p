# The CPU column; the pid in "has exited"; the kernel function inside
# getppid() (__do_sys_getppid or __x64_sys_getppid, as the kernel was
# built), which must be the same on every line and keep the "%-41s"
# column's width.
sed -E 's/^ *[0-9]+ /  X /; s/^(sonde: pid )[0-9]+/\1PID/' |
awk '
match($0, /(->|<-) [_a-z0-9]*sys_getppid/) {
	name = substr($0, RSTART + 3, RLENGTH - 3)
	if (f == "")
		f = name
	if (name != f)
		print "another function: " name
	if (length($0) != 46)
		print "not 46 columns: " $0
	sub(name, "FUNC")
	printf "%-46s\n", $0
	next
}
{ print }'
