# SPDX-License-Identifier: GPL-2.0
#
# sonde --service: SIGHUP reloads the script (what `systemctl reload
# sonde@NAME` sends).  A script that now fails to compile leaves the
# running program tracing, with the compiler's message and "reload
# failed" on stderr; one that compiles replaces it: the old program's END
# runs and its output ends, then the new one's BEGIN; SIGTERM (systemctl
# stop) ends the run with status 0.  Each step waits for its sign in the
# output (at most 30 s).
#
# @@timeout: 120

cd "$T" || exit 1
printf '%s\n' 'BEGIN { printf("v1 begin\n"); }' \
	'syscall::getppid:entry /execname == "loop-getppid"/ { @n["v1"] = count(); }' \
	'END { printf("v1 end\n"); }' > svc.d
"$SONDE" --service -q -s svc.d > out 2> err &
S=$!

# wait until FILE has a line matching RE
await() {
	i=0
	while [ $i -lt 300 ]; do
		grep -q "$2" "$1" 2>/dev/null && return 0
		sleep 0.1
		i=$((i + 1))
	done
	echo "no '$2' in $1 after 30 s"
	return 1
}

await out '^v1 begin$'
loop-getppid 5
echo '== a script that does not compile'
printf '%s\n' 'BEGIN { printf("v2 begin\n") }' 'END { x = ; }' > svc.d
kill -HUP $S
await err 'reload failed'
loop-getppid 7
echo '== a script that compiles'
printf '%s\n' 'BEGIN { printf("v3 begin\n"); }' \
	'syscall::getppid:entry /execname == "loop-getppid"/ { @n["v3"] = count(); }' \
	'END { printf("v3 end\n"); }' > svc.d
kill -HUP $S
await out '^v3 begin$'
loop-getppid 3
kill -TERM $S
wait $S
echo "== exit $?"
echo "== stdout"
cat out
echo "== stderr"
cat err
