# SPDX-License-Identifier: GPL-2.0
#
# sonde --listen 127.0.0.1:PORT -o FILE: the metrics served over HTTP at
# /metrics and written to FILE (replaced whole) at every aggregation
# snapshot while the trace runs.  loop-getppid calls getppid 700 times
# once tracing is on (the first exposition is the sign: it comes from
# the first snapshot, after the probes are enabled), so the counter
# reads exactly 700 on the page and in the file; another path is 404;
# ^C ends the run (status 0), the file keeps the last exposition.
# Only 127.0.0.1, a bounded number of requests.
#
# @@timeout: 60

ip link set lo up 2>/dev/null
P=19464
M=$T/sonde.prom
"$SONDE" --listen 127.0.0.1:$P -o "$M" -x aggrate=100ms \
	-n 'syscall::getppid:entry /execname == "loop-getppid"/ { @calls[probefunc] = count(); }' \
	> "$T/out" 2> "$T/err" &
S=$!

# fetch until the page has what @1 says (at most 200 tries, 0.1 s apart)
fetch() {
	i=0
	while [ $i -lt 200 ]; do
		wget -q -O "$T/page" "http://127.0.0.1:$P/metrics" 2>/dev/null &&
			grep -q "$1" "$T/page" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	echo "no '$1' on the page after 20 s"
	return 1
}

fetch '^# TYPE sonde_calls_total counter$'
loop-getppid 700
fetch '^sonde_calls_total{probefunc="getppid"} 700$'
echo "== /metrics"
cat "$T/page"
echo "== the file (while tracing)"
cat "$M"
echo "== another path"
wget -q -O - "http://127.0.0.1:$P/other" 2>&1 | sed 's/^wget: //'
echo "== temporary files left: $(ls "$T" | grep -c 'sonde.prom.')"
kill -INT $S
wait $S
echo "== exit $?"
echo "== the file (at the end)"
cat "$M"
echo "== stdout"
cat "$T/out"
echo "== stderr"
cat "$T/err"
