# SPDX-License-Identifier: GPL-2.0
#
# Drops under -A are reported on -a: with nobody draining, a 4k buffer
# takes the first records of 5000 firings and counts the rest as drops;
# sonde -a prints the records it kept, in order from 0, and dtrace's drop
# message: records and drops make the 5000 firings, not one more or less.
# (How many fit, and the CPU, vary: the counts are checked, not shown.)
. ./lib.sh

t "$SONDE" -A -o "$T/anon.img" -s anon_drops.d > /dev/null || exit 1
anon_reload anonymous_path="$T/anon.img" || exit 1
loop-getppid 5000
: > "$T/out"
"$SONDE" -a -x switchrate=10hz > "$T/out" 2>&1 &
pid=$!
# claimed and drained once its drop message is out
i=0
while ! grep -q drops "$T/out" && [ $i -lt 200 ]; do
	sleep 0.1
	i=$((i + 1))
done
kill -INT $pid
wait $pid
echo "exit status $?"
# the records are 0, 1, 2... with no gap; every firing is one or a drop
awk '/^[0-9]+$/ { if ($1 != r) print "record " $1 " where " r " was due"; r++; next }
     /^sonde: [0-9]+ drops on CPU [0-9]+$/ { d += $2; next }
     { print "other line: [" $0 "]" }
     END { print "records kept: " (r > 0 ? "some" : "none");
	   print "drops reported: " (d > 0 ? "some" : "none");
	   print "records and drops: " r + d }' "$T/out"
anon_reload
