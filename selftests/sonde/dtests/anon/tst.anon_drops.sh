# SPDX-License-Identifier: GPL-2.0
#
# Drops under -A are reported on -a: with nobody draining, a 4k buffer
# takes the first records of 5000 firings and counts the rest as drops;
# sonde -a prints the records it kept, in order from 0, then dtrace's
# drop message (tst.anon_drops.r.p counts them: how many fit varies).
. ./lib.sh

t "$SONDE" -A -o "$T/anon.img" -s anon_drops.d > /dev/null || exit 1
anon_reload anonymous_path="$T/anon.img" || exit 1
loop-getppid 5000
"$SONDE" -a -x switchrate=10hz > "$T/out" 2>&1 &
pid=$!
sleep 3
kill -INT $pid
wait $pid
echo "exit status $?"
# the records are 0, 1, 2... with no gap
awk '/^[0-9]+$/ { if ($1 != n) print "record " $1 " where " n " was due"; n++ }' "$T/out"
cat "$T/out"
anon_reload
