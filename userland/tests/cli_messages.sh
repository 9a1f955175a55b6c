#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# cli_messages.sh - messages the command gives before it needs the
# module, on the build host, compared exactly: bpftrace's -e PROGRAM
# answered with -n, a bpftrace program that does not compile answered
# with its probe's D form, and -p of a kernel thread refused.  KTAP
# output.
#
#   cli_messages.sh build/sonde
set -uo pipefail

SONDE=$(readlink -f "${1:?usage: cli_messages.sh SONDE}")
T=$(mktemp -d /tmp/cli_messages.XXXXXX)
trap 'rm -rf "$T"' EXIT

n=0 fail=0
echo "TAP version 13"
echo "1..5"

# NAME WANT-STATUS WANT-STDERR CMD...: the status and stderr exactly
expect() {
	local name=$1 want_rc=$2 want=$3 rc
	shift 3
	"$@" >"$T/out" 2>"$T/err"
	rc=$?
	n=$((n + 1))
	if [ "$rc" -eq "$want_rc" ] && [ "$(cat "$T/err")" = "$want" ] &&
	   ! [ -s "$T/out" ]; then
		echo "ok $n $name"
		return
	fi
	fail=$((fail + 1))
	echo "not ok $n $name"
	echo "# status $rc (want $want_rc); stderr:"
	sed 's/^/#   /' "$T/err"
	echo "# want:"
	printf '%s\n' "$want" | sed 's/^/#   /'
}

expect bpftrace_e 1 "sonde: no probes specified
sonde: -e takes no program (it is dtrace's -e: exit after compiling); give the program with -n, as in: sonde -n 'kprobe:vfs_read { @ = count(); }'" \
	"$SONDE" -e 'kprobe:vfs_read { @ = count(); }'

# a bpftrace program that does not compile: the compiler's error, then
# the probe's D form
expect bpftrace_program 1 "sonde: <command line>:1:21: error: [D_IDENT_UNDEF] failed to resolve comm: Unknown variable name
kprobe:vfs_read { @[comm] = count(); }
                    ^
sonde: kprobe:vfs_read is bpftrace's syntax; in D it is fbt::vfs_read:entry
sonde: in D, bpftrace's comm is execname" \
	"$SONDE" -n 'kprobe:vfs_read { @[comm] = count(); }'
expect bpftrace_syscalls 1 "sonde: <command line>:1:55: error: [D_IDENT_UNDEF] failed to resolve comm: Unknown variable name
tracepoint:syscalls:sys_enter_openat { printf(\"%s\\n\", comm); }
                                                      ^
sonde: tracepoint:syscalls:sys_enter_openat is bpftrace's syntax; in D it is syscall::openat:entry
sonde: in D, bpftrace's comm is execname" \
	"$SONDE" -n 'tracepoint:syscalls:sys_enter_openat { printf("%s\n", comm); }'
expect bpftrace_builtins 1 "sonde: <command line>:1:35: error: [D_FUNC_UNDEF] failed to resolve str: unknown function name
kretprobe:vfs_read { printf(\"%s\", str(arg1)); @[kstack] = count(); @c[comm] = count(); @k[kstack] = count(); }
                                  ^
sonde: <command line>:1:49: error: [D_IDENT_UNDEF] failed to resolve kstack: Unknown variable name
kretprobe:vfs_read { printf(\"%s\", str(arg1)); @[kstack] = count(); @c[comm] = count(); @k[kstack] = count(); }
                                                ^
sonde: <command line>:1:71: error: [D_IDENT_UNDEF] failed to resolve comm: Unknown variable name
kretprobe:vfs_read { printf(\"%s\", str(arg1)); @[kstack] = count(); @c[comm] = count(); @k[kstack] = count(); }
                                                                      ^
sonde: <command line>:1:91: error: [D_IDENT_UNDEF] failed to resolve kstack: Unknown variable name
kretprobe:vfs_read { printf(\"%s\", str(arg1)); @[kstack] = count(); @c[comm] = count(); @k[kstack] = count(); }
                                                                                          ^
sonde: kretprobe:vfs_read is bpftrace's syntax; in D it is fbt::vfs_read:return
sonde: in D, bpftrace's str() is copyinstr() for a user address, stringof() for a kernel one
sonde: in D, bpftrace's kstack is stack()
sonde: in D, bpftrace's comm is execname" \
	"$SONDE" -n 'kretprobe:vfs_read { printf("%s", str(arg1)); @[kstack] = count(); @c[comm] = count(); @k[kstack] = count(); }'

# a kernel thread: pid 2 (kthreadd) where it is one (PF_KTHREAD in the
# flags, /proc/PID/stat's ninth field)
flags=$(sed 's/.*) //' /proc/2/stat 2>/dev/null | cut -d' ' -f7)
comm=$(sed 's/^[0-9]* (\(.*\)) .*/\1/' /proc/2/stat 2>/dev/null)
if [ -n "$flags" ] && [ $((flags & 0x00200000)) -ne 0 ]; then
	expect kernel_thread 1 "sonde: failed to grab pid 2: $comm is a kernel thread, which has no user address space to trace: use kernel probes with a predicate such as /pid == 2/" \
		"$SONDE" -e -p 2 -n 'BEGIN { exit(0); }'
else
	n=$((n + 1))
	echo "ok $n kernel_thread # SKIP pid 2 is no kernel thread here"
fi

echo "# $((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
