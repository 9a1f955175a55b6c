# SPDX-License-Identifier: GPL-2.0
#
# sonde -A saves a program; the module, loaded again, starts it by itself;
# the programs run before anyone consumes it are recorded; sonde -a claims
# it and prints them (and what follows, until ^C: END, the aggregation);
# a second claimant is refused while the first runs; once the claimant is
# gone there is no anonymous state; sonde -A alone removes the file, and
# the module loaded again then has none.
. ./lib.sh

t "$SONDE" -A -o "$T/anon.img" -s anon_exec.d
echo "-A: exit status $?"
anon_mark
anon_reload anonymous_path="$T/anon.img" || exit 1
for i in 1 2 3; do
	loop-getppid 10
done
: > "$T/out"
"$SONDE" -a > "$T/out" 2> "$T/err" &
pid=$!
# claimed once BEGIN's line is out
i=0
while ! grep -q begin "$T/out" && [ $i -lt 200 ]; do
	sleep 0.1
	i=$((i + 1))
done
t "$SONDE" -a
echo "a second -a: exit status $?"
kill -INT $pid
wait $pid
echo "the first -a: exit status $?"
cat "$T/out"
echo "its stderr:"
cat "$T/err"
t "$SONDE" -a
echo "-a once it is gone: exit status $?"
t "$SONDE" -A -o "$T/anon.img"
echo "-A alone: exit status $?, file $([ -e "$T/anon.img" ] && echo kept || echo removed)"
anon_reload anonymous_path="$T/anon.img" || exit 1
t "$SONDE" -a
echo "-a after the removal: exit status $?"
anon_log
anon_reload
