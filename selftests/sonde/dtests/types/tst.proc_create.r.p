# The child's "pid ppid" against what it printed itself.
awk '
/^[0-9]+ [0-9]+ types-prog$/ { child = $1 " " $2; next }
/^[0-9]+ [0-9]+$/ { created[++n] = $0; next }
{ print }
END {
	for (i = 1; i <= n; i++)
		print (created[i] == child ? "created: the child" : "created: " created[i] " (the child: " child ")")
}'
