# SPDX-License-Identifier: GPL-2.0
#
# sonde --service --listen: a reload keeps the server (same address, no
# gap in what it serves but the new program's first snapshot); a script
# the output format refuses (-O prometheus: a stack() key) fails the
# reload before the old program stops, which goes on being served.
#
# @@timeout: 120

ip link set lo up 2>/dev/null
cd "$T" || exit 1
P=19467
echo 'syscall::getppid:entry /execname == "loop-getppid"/ { @old = count(); }' > svc.d
"$SONDE" --service -q --listen 127.0.0.1:$P -x aggrate=100ms -s svc.d > out 2> err &
S=$!

# await ERE [FILE]: the page (or FILE) has a line matching ERE, 30 s at most
await() {
	i=0
	while [ $i -lt 300 ]; do
		if [ -n "${2:-}" ]; then
			grep -Eq "$1" "$2" && return 0
		else
			wget -q -O page "http://127.0.0.1:$P/metrics" 2>/dev/null &&
				grep -Eq "$1" page && return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	echo "no '$1' after 30 s"
	return 1
}

await '^# TYPE sonde_old_total counter$'
loop-getppid 4
await '^sonde_old_total 4$'
echo '== a stack() key: refused by -O prometheus'
echo 'syscall::getppid:entry { @[stack()] = count(); }' > svc.d
kill -HUP $S
await 'reload failed' err
loop-getppid 2
await '^sonde_old_total 6$' && echo "the old program is still served: 6"
echo '== a script it takes'
echo 'syscall::getppid:entry /execname == "loop-getppid"/ { @new = count(); }' > svc.d
kill -HUP $S
await '^# TYPE sonde_new_total counter$'
loop-getppid 3
await '^sonde_new_total 3$' && echo "the new program is served: 3"
kill -TERM $S
wait $S
echo "== exit $?"
cat err
