#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# prof-guest.sh - the guest side of bench/profile.sh: a workload run
# untraced, then under each program given, each window between two
# sync(2)s (tcgprof's mark=__x64_sys_sync).  Window 1 -> 2 is untraced;
# program k's traced run is window 2k+1 -> 2k+2.  A program is a D
# program for sonde, or "bpftrace:PROGRAM" for bpftrace (the Debian roots
# of bench/mkroot.sh have it: profile.sh -r).  Each tracer's run starts
# with a BEGIN clause printing READY, and the workload waits for it.
# While each tracer still runs, the module and BPF symbols of
# /proc/kallsyms are printed between KSYMS-BEGIN and KSYMS-END (a BPF
# program's symbol lives only while it is loaded).
#
#   PROF_N=calls PROF_MODE=getppid|read|python|pygetppid|pyusdt prof-guest.sh 'program'...
#
# pyusdt: python (3.11, or 3.13 where there is no 3.11) calls an empty
# function; each tracer runs with -p of that python, so it can name its
# USDT probes.  The python waits for /tmp/prof-go, made once the tracer
# is READY (as the other modes wait), then syncs around its calls itself.
#
# Environment: SONDE, BPFTRACE, LOAD (the tools' and bench-load's paths;
# by default from PATH and /bench-load, the busybox guest's).
N=${PROF_N:-50000}
SONDE=${SONDE:-sonde}
BPFTRACE=${BPFTRACE:-bpftrace}
LOAD=${LOAD:-/bench-load}
PY=$(command -v python3.11 || command -v python3.13)
case ${PROF_MODE:-getppid} in
getppid) L="$LOAD -C 1 getppid $N" ;;
read) L="$LOAD -C 1 read $N" ;;
python) L="taskset -c 1 $PY -S -c 'def f(): pass
for i in range($N): f()'" ;;
pygetppid) L="taskset -c 1 $PY -S -c 'import os
def f(n):
    for i in range(n): os.getppid()
def g(n): f(n)
def h(n): g(n)
h($N)'" ;;
pyusdt)
	cat > /tmp/prof-usdt.py <<PYEOF
import os, sys, time
def f(): pass
while not os.path.exists("/tmp/prof-go"): time.sleep(0.05)
os.sync()
for i in range($N): f()
os.sync()
PYEOF
	L="taskset -c 1 $PY -S /tmp/prof-usdt.py" ;;
*) echo "prof-guest: unknown PROF_MODE $PROF_MODE" >&2; exit 2 ;;
esac

# tracer PROGRAM [ARGS]: start the tool the program names, in the
# background ($tp), and wait (at most 300 s) for its READY.
tracer() {
	p=$1
	shift
	case $p in
	bpftrace:*)
		echo "prof-guest: $($BPFTRACE --version)"
		$BPFTRACE "$@" -e "BEGIN { printf(\"READY\\n\"); } ${p#bpftrace:}" \
			> /tmp/prof.out 2>&1 & ;;
	*)
		$SONDE -q "$@" -n "BEGIN { printf(\"READY\\n\"); } $p" \
			> /tmp/prof.out 2>&1 & ;;
	esac
	tp=$!
	i=0
	until grep -q '^READY' /tmp/prof.out; do
		i=$((i + 1))
		if [ $i -gt 3000 ] || ! kill -0 $tp 2>/dev/null; then
			echo "prof-guest: no READY from: $p" >&2
			cat /tmp/prof.out >&2
			exit 1
		fi
		sleep 0.1
	done
	sleep 1
}

# stop the tracer: SIGINT, again every 2 s while it has not exited
# (bpftrace 0.17 now and then misses one: bench/c9-bpftrace-sigint.md)
untrace() {
	while [ -d /proc/$tp ] && ! grep -q ') Z' /proc/$tp/stat; do
		kill -INT $tp
		sleep 2
	done
	wait $tp
	tail -3 /tmp/prof.out
}

ksyms() {
	echo KSYMS-BEGIN
	grep '\[' /proc/kallsyms
	echo KSYMS-END
}

# a BPF program's symbol is in kallsyms only with this set
[ -w /proc/sys/net/core/bpf_jit_kallsyms ] && echo 1 > /proc/sys/net/core/bpf_jit_kallsyms
if [ "$PROF_MODE" = pyusdt ]; then
	touch /tmp/prof-go
	eval "$L"
	for s in "$@"; do
		rm -f /tmp/prof-go
		taskset -c 1 $PY -S /tmp/prof-usdt.py &
		py=$!
		tracer "$s" -p $py
		touch /tmp/prof-go
		wait $py
		ksyms
		untrace
	done
else
	sync; eval "$L"; sync
	for s in "$@"; do
		tracer "$s"
		sync; eval "$L"; sync
		ksyms
		untrace
	done
fi
