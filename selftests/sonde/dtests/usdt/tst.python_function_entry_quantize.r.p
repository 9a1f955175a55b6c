# The latencies vary, and with them the order of the quantize tables:
# each table becomes one line, its key and the sum of its counts (one
# per call timed), the lines sorted by key after everything else.
awk '
/^ +value +-+ Distribution -+ count *$/ { table = 1; total = 0; next }
table && /^ *-?[0-9]+ \|/ { total += $NF; next }
table { line[n++] = "quantize " key ": " total " calls timed"; table = 0 }
/^  [^ ]+ *$/ { key = $1; next }
/^$/ { next }
{ print }
END {
	if (table)
		line[n++] = "quantize " key ": " total " calls timed"
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && line[j - 1] > line[j]; j--) {
			t = line[j]; line[j] = line[j - 1]; line[j - 1] = t
		}
	for (i = 0; i < n; i++)
		print line[i]
}'
