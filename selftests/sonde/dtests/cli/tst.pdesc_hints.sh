# SPDX-License-Identifier: GPL-2.0
#
# A description that matches no probe: dtrace's line exactly, then the
# line that helps (userland/lib/pdhint.c) from the probes this kernel
# has: a bpftrace probe's D form, a Solaris provider's Linux counterpart,
# the nearest names (a system call, an fbt function from tracefs), for
# a program and for -l (which, as dtrace's, exits 0).
for p in 'kprobe:vfs_read' 'tracepoint:sched:sched_switch' 'profile:hz:99' \
	 'vminfo:::as_fault' 'syscall::getppdi:entry' 'fbt::vfs_raed:entry'; do
	"$SONDE" -n "$p { exit(0); }" 2>&1
	echo "status $?"
done
"$SONDE" -l -n 'syscal::getppid:entry' 2>&1
echo "status $?"
