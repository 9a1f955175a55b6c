# SPDX-License-Identifier: GPL-2.0
#
# -p: attach to a running python3.11, count its calls of foo() for a
# second, detach; then -l lists its USDT probes; it runs on, and ends
# normally when told to.  The script is attach.d.
python3.11 wait.py "$T/stop" > "$T/py.out" 2>&1 &
py=$!
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
	[ -s "$T/py.out" ] && break
	sleep 0.5
done
"$SONDE" -s attach.d -p "$py" > "$T/attach.out"
echo "attached: exit status $?"
sed -E 's/^calls [1-9][0-9]*$/calls: more than 0/' "$T/attach.out"
"$SONDE" -l -n 'python$target:::' -p "$py" > "$T/list.out"
echo "listed: exit status $?"
# the probes' ids, the pid, their functions' offsets (python3.11 is
# stripped; the offsets are its build's)
sed -E "s/^ *[0-9]+ +python$py /   ID pythonPID /; s/ +0x[0-9a-f]+ ([a-z-]+)\$/ 0xOFF \\1/" "$T/list.out"
touch "$T/stop"
wait "$py"
echo "python: exit status $?"
cat "$T/py.out"
