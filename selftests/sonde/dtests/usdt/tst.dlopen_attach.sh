# SPDX-License-Identifier: GPL-2.0
#
# -p and a library loaded later: attach (-Z) to a running dlopen-prog
# before it loads libdlo.so, let it go; its USDT probe and the pid
# provider's return probe of dlo_work fire for each of its 5 calls.
# The script is dlopen_attach.d.
# @@timeout: 60
dlopen-prog 5 "$T/go" &
prog=$!
"$SONDE" -Z -s dlopen_attach.d -p "$prog" > "$T/out" 2> "$T/err" &
sonde=$!
i=0
while ! [ -s "$T/out" ] && [ $i -lt 300 ]; do
	sleep 0.1
	i=$((i + 1))
done
touch "$T/go"
wait "$prog"
echo "dlopen-prog: exit status $?"
wait "$sonde"
echo "sonde: exit status $?"
cat "$T/out"
sed "s/pid $prog /pid PID /" "$T/err"
