# calls.py's functions only (the interpreter's start-up calls have keys
# of their own): their counts at the end, which of them were outermost,
# whether tick-5sec's printa() had all of sonde_leaf's calls before the
# end, and the depths relative to sonde_main's.
awk '
/^tick sonde_leaf 21$/ && !end { ticked = 1 }
/^calls / { end = 1 }
/^(calls|outer) sonde_/ { print }
/^depth sonde_/ { depth[$2] = $3; seen[$2] = 1 }
END {
	print "tick-5sec saw sonde_leaf 21: " (ticked ? "yes" : "no")
	if (!seen["sonde_main"])
		print "no depth for sonde_main"
	print "depth sonde_work: sonde_main + " depth["sonde_work"] - depth["sonde_main"]
	print "depth sonde_leaf: sonde_main + " depth["sonde_leaf"] - depth["sonde_main"]
}'
