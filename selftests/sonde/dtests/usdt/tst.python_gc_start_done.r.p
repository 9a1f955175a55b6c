# How often the interpreter collects on its own varies: the counts
# become what must hold of them.
awk '
/^start [0-9]+$/ { s = $2; next }
/^done [0-9]+$/ { d = $2; next }
{ print }
END {
	print "gc-start at least 5 times: " (s >= 5 ? "yes" : "no (" s + 0 ")")
	print "gc-done as often as gc-start: " (s == d ? "yes" : "no (" d + 0 ")")
}'
