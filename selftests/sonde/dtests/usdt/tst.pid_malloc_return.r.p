# The pointers vary: the program's (its "SIZE ADDRESS" lines) and the
# return probes' ("ret ADDRESS"), compared in order, whatever order the
# two streams were written in.
awk '
/^1000[0-9][0-9] [0-9a-f]+$/ { prog[np++] = $2; next }
/^ret [0-9a-f]+$/ { ret[nr++] = $2; next }
{ print }
END {
	same = np == nr
	for (i = 0; i < np && i < nr; i++)
		if (prog[i] != ret[i])
			same = 0
	print "printed by the program " np ", returned to malloc:return " nr ", the same: " (same ? "yes" : "no")
}'
