# The sleep's times (clock_nanosleep, or nanosleep), against the bounds.
awk '
/^cpu (clock_)?nanosleep / { c = $3 }
/^wall (clock_)?nanosleep / { w = $3 }
END {
	print "on-CPU time > 0: " (c > 0 ? "yes" : "no (" c ")")
	print "on-CPU time < 100 ms: " (c != "" && c < 100000000 ? "yes" : "no (" c ")")
	print "wall time >= 300 ms: " (w >= 300000000 ? "yes" : "no (" w ")")
}'
