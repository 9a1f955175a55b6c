#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# guest-run.sh - the in-guest half of the conformance run (conformance.sh
# is the host half): runs each test of ./list the way dtrace-utils'
# runtest.sh runs dtrace, and sends its exit status, its time and its raw
# stdout and stderr back on stdout, for the host to judge.
#
# Run by run-guest.sh --cmd from /extra (SONDE_GUEST_EXTRA), busybox sh.
# /extra holds this script, ./list and ./dtu/test/unittest/... (the tests
# conformance.sh selected).  Each line of ./list is
#
#   PATH<TAB>TIMEOUT<TAB>ARGS<TAB>TRIGGER<TAB>TIMING
#
# PATH relative to ./dtu (test/unittest/AREA/FILE.d, the path runtest.sh
# gives dtrace, which its messages quote), ARGS dtrace's arguments after
# the program name, split on blanks and not otherwise expanded (as
# runtest.sh's unquoted $dt_flags).  _DTRACE_TESTING is set, as runtest.sh
# sets it.  TRIGGER, when not -, is the test's trigger command
# (test/triggers/NAME [ARGS], or its .t), run as runtest.sh runs it by
# TIMING: synchro (dtrace -c TRIGGER), before (started first), after (a
# second after) or a number of seconds' delay; the last three replace
# $_pid in ARGS with the trigger's pid and kill the trigger when dtrace
# ends.  A trigger that is a script (#!) runs with sh: the guest has no
# bash.  For each test this prints
#
#   ### conf-test PATH rc=N secs=N
#   base64 of a gzipped tar of out and err (the test's stdout, stderr)
#   ### conf-done
#
# A test still running after TIMEOUT seconds gets SIGTERM, 5 s later
# SIGKILL; the host calls it timed out from its secs (busybox timeout
# reports the program's own status, and dtrace exits 0 on SIGTERM).
cd "$(dirname "$0")" || exit 1
TOP=$PWD
DT=$(command -v dtrace || echo /usr/sbin/dtrace)
export _DTRACE_TESTING=t
W=/tmp/conf
mkdir -p "$W"

echo "### conf-providers $(sonde -l 2>/dev/null | awk 'NR > 1 { print $2 }' | sort -u | tr '\n' ' ')"
tab=$(printf '\t')
while IFS="$tab" read -r path tmo args trig timing; do
	[ -n "$path" ] || continue
	rm -rf "$W"/*
	echo "sonde-conformance: begin $path" > /dev/kmsg
	cd "$TOP/dtu" || exit 1
	# as runtest.sh exports them, for the triggers (readwholedir reads
	# the test's folder from $_test)
	_test=$path
	export _test
	tpid=
	[ "$trig" = - ] && trig=
	if [ -n "$trig" ]; then
		# a script trigger runs with sh (no bash here)
		if [ "$(head -c 2 "${trig%% *}")" = '#!' ]; then
			trig="sh $trig"
		fi
		case $timing in
		synchro | '') ;;
		*)
			case $timing in
			before) delay=0 ;;
			after) delay=1 ;;
			*) delay=$timing ;;
			esac
			# shellcheck disable=SC2086 # the trigger's words
			(sleep "$delay"; exec $trig) > /dev/null 2>&1 < /dev/null &
			tpid=$!
			args=$(echo "$args" | sed "s/\$_pid/$tpid/g")
			;;
		esac
	fi
	t0=$(cut -d' ' -f1 /proc/uptime)
	if [ -n "$trig" ] && [ -z "$tpid" ]; then
		# shellcheck disable=SC2086 # split on purpose, as runtest.sh does
		timeout -s TERM "$tmo" timeout -s KILL $((tmo + 5)) \
			"$DT" $args -c "$trig" > "$W/out" 2> "$W/err" < /dev/null
	else
		# shellcheck disable=SC2086 # split on purpose, as runtest.sh does
		timeout -s TERM "$tmo" timeout -s KILL $((tmo + 5)) \
			"$DT" $args > "$W/out" 2> "$W/err" < /dev/null
	fi
	rc=$?
	t1=$(cut -d' ' -f1 /proc/uptime)
	if [ -n "$tpid" ]; then
		kill "$tpid" 2> /dev/null
		pkill -KILL -P "$tpid" 2> /dev/null
		kill -KILL "$tpid" 2> /dev/null
		wait "$tpid" 2> /dev/null
	fi
	cd "$TOP" || exit 1
	echo "### conf-test $path rc=$rc secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')"
	tar -C "$W" -czf - out err | base64
	echo "### conf-done"
done < "$TOP/list"
echo "### conf-end"
