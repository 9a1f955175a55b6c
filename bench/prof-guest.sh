#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# prof-guest.sh - the guest side of bench/profile.sh: a workload run
# untraced, then under each D program given, each window between two
# sync(2)s (tcgprof's mark=__x64_sys_sync).  Window 1 -> 2 is untraced;
# program k's traced run is window 2k+1 -> 2k+2.  Ends with sonde.ko's
# symbols from /proc/kallsyms.
#
#   PROF_N=calls PROF_MODE=getppid|read|python|pygetppid|pyusdt prof-guest.sh 'D program'...
#
# pyusdt: python3.11 calls an empty function; each traced program runs
# with -p of that python, so it can name python$target's USDT probes.
# The python waits for /tmp/prof-go, made 3 s after the tracer starts
# (as the other modes wait), then syncs around its calls itself.
N=${PROF_N:-50000}
case ${PROF_MODE:-getppid} in
getppid) L="/bench-load -C 1 getppid $N" ;;
read) L="/bench-load -C 1 read $N" ;;
python) L="taskset -c 1 python3.11 -S -c 'def f(): pass
for i in range($N): f()'" ;;
pygetppid) L="taskset -c 1 python3.11 -S -c 'import os
def f(n):
    for i in range(n): os.getppid()
def g(n): f(n)
def h(n): g(n)
h($N)'" ;;
pyusdt)
	cat > /tmp/prof-usdt.py <<EOF
import os, sys, time
def f(): pass
while not os.path.exists("/tmp/prof-go"): time.sleep(0.05)
os.sync()
for i in range($N): f()
os.sync()
EOF
	L="taskset -c 1 python3.11 -S /tmp/prof-usdt.py" ;;
*) echo "prof-guest: unknown PROF_MODE $PROF_MODE" >&2; exit 2 ;;
esac
if [ "$PROF_MODE" = pyusdt ]; then
	touch /tmp/prof-go
	eval "$L"
	for s in "$@"; do
		rm -f /tmp/prof-go
		taskset -c 1 python3.11 -S /tmp/prof-usdt.py &
		py=$!
		sonde -q -n "$s" -p $py > /tmp/prof.out 2>&1 &
		sp=$!
		sleep 3
		touch /tmp/prof-go
		wait $py
		kill -INT $sp; wait $sp
		tail -3 /tmp/prof.out
	done
else
	sync; eval "$L"; sync
	for s in "$@"; do
		sonde -q -n "$s" > /tmp/prof.out 2>&1 &
		sp=$!
		sleep 3
		sync; eval "$L"; sync
		kill -INT $sp; wait $sp
		tail -3 /tmp/prof.out
	done
fi
echo KSYMS-BEGIN
grep "\[sonde\]" /proc/kallsyms
echo KSYMS-END
