#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# test_docs.sh - every example of README.md and docs/*.md, run for real in
# the test guest, so that what the documents show stays true.
#
# The examples are taken from the documents at build time by
# userland/tests/docs_scripts.sh --emit (make selftests-bin: docs/ beside
# this script, one NNNN.sh per example; `make unit-docs` compiles the same
# examples on the build host).  Each runs from a scratch folder that holds
# the programs the documents name:
#
#   build/selftests/loop-getppid   the selftests' helper (README)
#   ./prog                         cfi-prog: main -> alpha -> beta -> gamma
#                                  -> syscall(SYS_getppid), built -O2
#                                  without frame pointers, as the guide says
#   ./cxxprog                      sym-cxx-prog, the guide's C++ program
#   app.py                         a Python program: calls, reads, garbage
#   /bin/ls, /bin/date             Debian's (run-guest.sh installs them)
#
# and -p 1234 becomes the pid of app.py run by python3.11 for the whole
# test.  A command still running after DOCS_WINDOW seconds (default 2)
# gets SIGINT, as a user's Ctrl-C: sonde must then print what it has and
# exit.  An example passes when sonde exits 0 and says no error.
# Examples that need python3.11 are skipped when the guest has none.

cd "$(dirname "$0")" || exit 1
. ./ktap_helpers.sh

SONDE=${SONDE:-sonde}
DOCS_DIR=$PWD/docs
WINDOW=${DOCS_WINDOW:-2}
HERE=$PWD

if ! [ -d "$DOCS_DIR" ] || ! ls "$DOCS_DIR"/*.sh > /dev/null 2>&1; then
	ktap_header 1
	ktap_skip docs "no examples in $DOCS_DIR (sonde's make selftests-bin writes them)"
	ktap_finish
fi

T=$(mktemp -d /tmp/test_docs.XXXXXX)
W=$T/w
APP_PID=
cleanup() {
	[ -n "$APP_PID" ] && kill -KILL "$APP_PID" 2> /dev/null
	rm -rf "$T"
}
trap cleanup EXIT

mkdir -p "$W/build/selftests"
ln -s "$HERE/loop-getppid" "$W/build/selftests/loop-getppid"
# copies, not links: stacks name the program by its file's name
cp "$HERE/cfi-prog" "$W/prog"
cp "$HERE/libcfi.so" "$W/"	# prog's library, found beside it ($ORIGIN)
[ -x "$HERE/sym-cxx-prog" ] && cp "$HERE/sym-cxx-prog" "$W/cxxprog"
cat > "$W/app.py" << 'EOF'
# The documents' app.py: function calls, a read(2) each round, and
# garbage to collect; runs for argv[1] seconds (default 1).
import gc
import sys
import time


def leaf(n):
    return sum(range(n))


def middle(n):
    return leaf(n) + 1


def outer():
    with open("/proc/self/stat", "rb") as f:
        f.read()
    junk = [[i] for i in range(300)]
    return middle(200) + len(junk)


end = time.time() + (float(sys.argv[1]) if len(sys.argv) > 1 else 1.0)
rounds = 0
while time.time() < end:
    outer()
    rounds += 1
    if rounds % 50 == 0:
        gc.collect()
EOF
ip link set lo up 2> /dev/null

PYTHON=$(command -v python3.11 || true)
DOCS_PID=
if [ -n "$PYTHON" ]; then
	(cd "$W" && exec "$PYTHON" app.py 3600) < /dev/null > /dev/null 2>&1 &
	APP_PID=$!
	DOCS_PID=$APP_PID
fi

# kill_strays: what an example's -c or its destructive actions left, and
# an anonymous enabling one saved (sonde -A ...: the module would start it
# at every later load, in the tests after this one) removed as the guide
# says, with sonde -A alone.
kill_strays() {
	for p in loop-getppid prog cxxprog date ls; do
		pkill -KILL -x "$p" 2> /dev/null
	done
	if [ -e /etc/sonde/anonymous.img ] || [ -e /etc/modules-load.d/sonde.conf ]; then
		"$SONDE" -A > /dev/null 2>&1
	fi
}

# run_example FILE: one example; sets rc and the reason in why.
run_example() {
	why=
	(
		cd "$W" || exit 99
		SONDE=$SONDE DOCS_DIR=$DOCS_DIR DOCS_PID=$DOCS_PID
		. "$1"
	) > "$T/out" 2> "$T/err" < /dev/null &
	pid=$!
	ticks=0
	while kill -0 "$pid" 2> /dev/null && [ $ticks -lt $((WINDOW * 10)) ]; do
		sleep 0.1
		ticks=$((ticks + 1))
	done
	if kill -0 "$pid" 2> /dev/null; then
		kill -INT "$pid"
		ticks=0
		while kill -0 "$pid" 2> /dev/null && [ $ticks -lt 200 ]; do
			sleep 0.1
			ticks=$((ticks + 1))
		done
		if kill -0 "$pid" 2> /dev/null; then
			kill -KILL "$pid"
			why="still running 20 s after SIGINT"
		fi
	fi
	wait "$pid"
	rc=$?
	kill_strays
	if [ -z "$why" ] && [ "$rc" -ne 0 ]; then
		why="exit status $rc"
	fi
	if [ -z "$why" ] && grep -Eiq '^(sonde|dtrace): .*error' "$T/err"; then
		why="an error on stderr"
	fi
	[ -z "$why" ]
}

n=$(ls "$DOCS_DIR"/*.sh | wc -l)
ktap_header "$n"
for f in "$DOCS_DIR"/*.sh; do
	LOC=$(sed -n "s/^LOC='\(.*\)'\$/\1/p" "$f")
	SKIP=$(sed -n "s/^SKIP='\(.*\)'\$/\1/p" "$f")
	if [ -n "$SKIP" ]; then
		ktap_skip "$LOC" "$SKIP"
		continue
	fi
	if [ -z "$PYTHON" ] && grep -Eq 'python|jstack|DOCS_PID' "$f"; then
		ktap_skip "$LOC" "no python3.11 in this guest"
		continue
	fi
	if run_example "$f"; then
		ktap_pass "$LOC"
	else
		ktap_fail "$LOC"
		ktap_diag "$why; the command:"
		ktap_diag_file "$f"
		show
	fi
done
ktap_finish
