#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# init.sh - PID 1 of the bench guest (init=/bench/init.sh, after Debian's
# initrd has mounted /dev/vda as the root).  Mounts what both tracers
# need, loads sonde.ko, runs bench/job.py and powers off.
#
# ttyS0 is the kernel console; ttyS1 carries only the job's records (one
# JSON object a line) and "### bench-guest: " markers, which guest.sh
# parses.
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/root LANG=C.UTF-8
mountpoint -q /proc || mount -t proc proc /proc
mountpoint -q /sys || mount -t sysfs sysfs /sys
mountpoint -q /dev || mount -t devtmpfs devtmpfs /dev
mount -t tmpfs tmpfs /tmp
mount -t tmpfs tmpfs /run
mount -t debugfs debugfs /sys/kernel/debug
mount -t tracefs tracefs /sys/kernel/tracing
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /dev/shm
hostname bench

exec 3>/dev/ttyS1
mark() { echo "### bench-guest: $*" >&3; }
mark "init uptime=$(cut -d' ' -f1 /proc/uptime)"

if insmod /bench/sonde.ko; then
	mark "insmod rc=0"
else
	mark "insmod rc=1"
fi

. /bench/bench.conf
export BENCH_QUICK BENCH_CPU
mark "job-begin"
if [ -n "$BENCH_PROF" ]; then
	# bench/profile.sh -r: prof-guest.sh and its programs, not the suite
	sh -c "$BENCH_PROF" >&3 2>/bench/job.stderr
else
	# the root's Python: Debian 12's python3.11, Debian 13's python3.13
	for PY in python3.11 python3.13 python3; do
		command -v "$PY" > /dev/null && break
	done
	"$PY" /bench/job.py >&3 2>/bench/job.stderr
fi
mark "job-end rc=$?"
echo "### bench-guest: job-stderr-begin" >&3
tail -n 60 /bench/job.stderr >&3
echo "### bench-guest: job-stderr-end" >&3
mark "dmesg-begin"
dmesg >&3
mark "dmesg-end"
mark "end"
sync
echo o > /proc/sysrq-trigger
sleep 10
