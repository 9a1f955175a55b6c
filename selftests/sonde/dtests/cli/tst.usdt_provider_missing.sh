# SPDX-License-Identifier: GPL-2.0
#
# python$target on a process without that USDT provider: dtrace's line,
# then which providers the process does have (uprobe-prog: sonde_test).
P=$(command -v uprobe-prog || echo /uprobe-prog)
"$P" wait "$T/stop" >/dev/null &
pid=$!
i=0
while ! grep -q '/uprobe-prog$' "/proc/$pid/maps" 2>/dev/null &&
      [ $i -lt 200 ]; do
	sleep 0.05
	i=$((i + 1))
done
"$SONDE" -p "$pid" -n 'python$target:::function-entry { }' >"$T/out" 2>&1
rc=$?
touch "$T/stop"
wait "$pid"
sed "s/$pid/PID/g" "$T/out"
echo "status $rc"
