# The lines printed and the drops counted: their sum, and whether any
# record was dropped at all.
awk '
/^loop-getppid$/ { printed++; next }
/^sonde: [0-9]+ speculative drops?$/ { dropped += $2; next }
/^-- @@stderr --$/ || /^$/ { print; next }
{ print "unexpected: " $0 }
END {
	print "printed + speculative drops = " printed + dropped
	print "some dropped: " (dropped > 0 ? "yes" : "no")
}'
