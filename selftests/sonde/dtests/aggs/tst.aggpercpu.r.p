# The [CPU n] lines, which vary with the CPU BEGIN ran on and the guest's
# CPU count: each in dtrace's columns, one per CPU in order from 0, their
# values summing to the total.
ncpu=$(grep -c '^processor' /proc/cpuinfo)
awk -v ncpu="$ncpu" '
/^    \[CPU [0-9]+\] / {
	n = $2; sub(/\]/, "", n)
	if ($0 !~ /^    \[CPU [0-9]\]                [0-9]$/)	# 16 blanks
		print "not in the columns: " $0
	if (n + 0 != cpus + 0)
		print "CPU " n " out of order"
	cpus++; sum += $3
	next
}
{ print }
END {
	print (cpus == ncpu ? "a [CPU n] line for every CPU" : cpus " [CPU n] lines for " ncpu " CPUs")
	print "their sum: " sum
}'
