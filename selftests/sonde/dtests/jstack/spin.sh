# SPDX-License-Identifier: GPL-2.0
#
# spin.sh, sourced by the tests that profile a running program (-p), as
# a service is profiled: its start-up (imports, compiling
# jstack_prog.py) is not what is measured.  spin_start SECONDS starts
# jstack_prog.py spinning in inner() and waits until it says it is
# ready; $PY is its pid.  spin_stop ends it.  The interpreter is
# python3.11, or the command after SECONDS (spin_start 20 python3.12,
# spin_start 20 sh py313.sh: it must exec the interpreter, keeping the
# pid), given the program's absolute path.
spin_start() {
	secs=$1
	shift
	[ $# -gt 0 ] || set -- python3.11
	"$@" "$PWD/jstack_prog.py" spin "$secs" > "$T/ready" &
	PY=$!
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		[ -s "$T/ready" ] && break
		sleep 0.5
	done
}

spin_stop() {
	kill "$PY" 2> /dev/null
	wait "$PY" 2> /dev/null
}
