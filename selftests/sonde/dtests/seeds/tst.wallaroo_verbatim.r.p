# Against calls.py: one outermost call of calls.py, sonde_main (its
# depth reaches 3), so @python has one key "sonde_main,calls.py:LINE"
# whose histogram counts 1 (the interpreter's start-up calls of its
# frozen modules have keys of their own, as they would under DTrace).
# Kept: the first line, the headings in order, calls.py's keys (the line
# number masked) and the sum of their histograms' counts.
awk '
NR == 1 { print }
/^Values in the @/ { print }
/^  [a-z_]+,calls\.py:[0-9]+ +$/ {
	key = $1; sub(/:[0-9]+$/, ":LINE", key)
	print "key " key
	on = 1; next
}
/^$/ { on = 0 }
on && / \|/ { sum += $NF }
END { print "calls.py histogram counts: " sum + 0 }'
