// SPDX-License-Identifier: GPL-2.0
/*
 * test_pdhint.c - sonde_pdesc_hint_from(): the line printed after "probe
 * description D does not match any probes", on a fixed list of probes,
 * no kernel needed: bpftrace probes answered with their D form, Solaris
 * DTrace providers with their Linux counterparts, near misses with "did
 * you mean", and silence when nothing is close.  Every line is compared
 * exactly.  With a USDT program's path (the selftests' uprobe-prog), a
 * running process of it: a provider it lacks is named with those it has.
 * KTAP output.
 *
 *   test_pdhint [UPROBE-PROG]
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "libsonde.h"
#include "unit.h"

static struct sonde_probe_desc g_cands[32];
static uint32_t g_ncands;

static void parse(struct sonde_probe_desc *d, const char *s)
{
	char buf[512], *f[4], *p = buf;
	int i;

	snprintf(buf, sizeof(buf), "%s", s);
	memset(d, 0, sizeof(*d));
	for (i = 0; i < 4; i++) {
		f[i] = p;
		p = strchr(p, ':');
		if (p)
			*p++ = '\0';
		else if (i < 3)
			p = buf + strlen(buf);	/* fewer fields: empty */
	}
	snprintf(d->provider, sizeof(d->provider), "%s", f[0]);
	snprintf(d->module, sizeof(d->module), "%s", f[1]);
	snprintf(d->function, sizeof(d->function), "%s", f[2]);
	snprintf(d->name, sizeof(d->name), "%s", f[3]);
}

static void cand(const char *s)
{
	parse(&g_cands[g_ncands++], s);
}

/* The hint for @desc (all four fields, as sonde prints it) is @want
 * ("" for none). */
static void expect(const char *desc, const char *want)
{
	struct sonde_probe_desc d;
	char buf[1024];
	int err;

	parse(&d, desc);
	err = sonde_pdesc_hint_from(&d, g_cands, g_ncands, buf, sizeof(buf));
	if (!check((want[0] ? err == 0 : err == -ENOENT) && !strcmp(buf, want),
		   "%s", desc))
		printf("# want '%s'\n# got  '%s' (%d)\n", want, buf, err);
}

/* A provider the process lacks: those it has named (uprobe-prog's
 * sonde_test among them). */
static void t_usdt(const char *prog)
{
	char stop[64], maps[64], line[512], want[256], buf[1024];
	struct sonde_probe_desc d;
	bool up = false;
	pid_t pid;
	FILE *f;
	int i;

	snprintf(stop, sizeof(stop), "/tmp/test_pdhint.%d", (int)getpid());
	unlink(stop);
	pid = fork();
	if (pid == 0) {
		execl(prog, prog, "wait", stop, (char *)NULL);
		_exit(127);
	}
	/* until it runs the program (not the fork of this test) with its
	 * libraries mapped */
	snprintf(maps, sizeof(maps), "/proc/%d/maps", (int)pid);
	for (i = 0; i < 500 && !up; i++) {
		bool prog_seen = false, libc_seen = false;

		f = fopen(maps, "r");
		while (f && fgets(line, sizeof(line), f)) {
			prog_seen |= strstr(line, "/uprobe-prog\n") != NULL;
			libc_seen |= strstr(line, "/libc.so") != NULL;
		}
		up = prog_seen && libc_seen;
		if (f)
			fclose(f);
		if (!up)
			usleep(10000);
	}
	memset(&d, 0, sizeof(d));
	snprintf(d.provider, sizeof(d.provider), "python%d", (int)pid);
	snprintf(d.name, sizeof(d.name), "function-entry");
	snprintf(want, sizeof(want),
		 "process %d (uprobe-prog) has no USDT provider python; its providers: ",
		 (int)pid);
	buf[0] = '\0';
	check(up && !sonde_pdesc_hint(NULL, &d, buf, sizeof(buf)) &&
	      !strncmp(buf, want, strlen(want)) &&
	      strstr(buf + strlen(want), "sonde_test"),
	      "usdt: a provider the process lacks, and the ones it has");
	printf("# %s\n", buf);
	/* the provider it has: not this message (the probe is missing) */
	snprintf(d.provider, sizeof(d.provider), "sonde_test%d", (int)pid);
	snprintf(d.name, sizeof(d.name), "nosuchprobe");
	buf[0] = '\0';
	sonde_pdesc_hint(NULL, &d, buf, sizeof(buf));
	check(!strstr(buf, "has no USDT provider"),
	      "usdt: a provider the process has is not said to be missing");
	f = fopen(stop, "w");
	if (f)
		fclose(f);
	else
		kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	unlink(stop);
}

int main(int argc, char **argv)
{
	printf("TAP version 13\n");
	cand("dtrace:::BEGIN");
	cand("dtrace:::END");
	cand("syscall:vmlinux:open:entry");
	cand("syscall:vmlinux:open:return");
	cand("syscall:vmlinux:openat:entry");
	cand("syscall:vmlinux:read:entry");
	cand("fbt:vmlinux:vfs_read:entry");
	cand("fbt:vmlinux:vfs_read:return");
	cand("profile:::profile-97");
	cand("profile:::tick-1s");
	cand("sched:::on-cpu");
	cand("tracepoint:sched::sched_switch");

	/* did you mean: each given field near, the empty ones kept */
	expect("syscall::opne:entry", "did you mean syscall::open:entry?");
	expect("syscal::read:entry", "did you mean syscall::read:entry?");
	expect("fbt::vfs_raed:entry", "did you mean fbt::vfs_read:entry?");
	expect("::vfs_raed:retrun", "did you mean ::vfs_read:return?");
	expect("syscall::opena:entry",
	       "did you mean syscall::open:entry or syscall::openat:entry?");
	expect("sched:::oncpu", "did you mean sched:::on-cpu?");
	expect(":::BEGN", "did you mean :::BEGIN?");
	expect("syscall::op*:entyr",
	       "did you mean syscall::op*:entry?");
	/* nothing close: nothing said */
	expect("nosuchprov:::", "");
	expect("syscall::nosuchcall:entry", "");
	expect(":::tick-abc", "");
	expect(":::tick-1zz", "");	/* two edits: too far for 8 */
	expect(":::tick-1x", "did you mean :::tick-1s?");
	/* three as close are named; five: none stands out */
	cand("profile:::tick-1a");
	cand("profile:::tick-1b");
	expect(":::tick-1x",
	       "did you mean :::tick-1a, :::tick-1b or :::tick-1s?");
	cand("profile:::tick-1c");
	cand("profile:::tick-1d");
	expect(":::tick-1x", "");
	g_ncands -= 4;
	expect("fbt::xy:entry", "");

	/* bpftrace's probes */
	expect("::kprobe:vfs_read",
	       "kprobe:vfs_read is bpftrace's syntax; in D it is fbt::vfs_read:entry");
	expect("::kretprobe:vfs_read",
	       "kretprobe:vfs_read is bpftrace's syntax; in D it is fbt::vfs_read:return");
	expect("::k:vfs_read",
	       "k:vfs_read is bpftrace's syntax; in D it is fbt::vfs_read:entry");
	expect("::fentry:vfs_read",
	       "fentry:vfs_read is bpftrace's syntax; in D it is fbt::vfs_read:entry");
	expect(":tracepoint:sched:sched_switch",
	       "tracepoint:sched:sched_switch is bpftrace's syntax; in D it is tracepoint:sched::sched_switch");
	expect(":tracepoint:syscalls:sys_enter_openat",
	       "tracepoint:syscalls:sys_enter_openat is bpftrace's syntax; in D it is syscall::openat:entry");
	expect(":t:syscalls:sys_exit_read",
	       "t:syscalls:sys_exit_read is bpftrace's syntax; in D it is syscall::read:return");
	expect(":uprobe:/bin/bash:readline",
	       "uprobe:/bin/bash:readline is bpftrace's syntax; in D it is pid$target:bash:readline:entry (with -c CMD or -p PID)");
	expect(":uretprobe:/bin/bash:readline",
	       "uretprobe:/bin/bash:readline is bpftrace's syntax; in D it is pid$target:bash:readline:return (with -c CMD or -p PID)");
	expect("usdt:/usr/bin/python3.11:python:gc__start",
	       "usdt:/usr/bin/python3.11:python:gc__start is bpftrace's syntax; in D it is python:/usr/bin/python3.11::gc-start, or python$target:::gc-start with -c CMD or -p PID");
	expect(":usdt:/usr/bin/python3.11:gc__start",
	       "usdt:/usr/bin/python3.11:gc__start is bpftrace's syntax; in D it is PROVIDER:/usr/bin/python3.11::gc-start (readelf -n /usr/bin/python3.11 names the providers)");
	expect(":profile:hz:99",
	       "profile:hz:99 is bpftrace's syntax; in D it is profile-99");
	expect(":profile:ms:10",
	       "profile:ms:10 is bpftrace's syntax; in D it is profile-10ms");
	expect(":interval:s:1",
	       "interval:s:1 is bpftrace's syntax; in D it is tick-1s");
	expect(":i:ms:100",
	       "i:ms:100 is bpftrace's syntax; in D it is tick-100ms");
	expect(":software:cpu-clock:1000",
	       "software:cpu-clock:1000 is bpftrace's syntax; in D it is cpc:::cpu_clock-all-1000");
	expect(":hardware:cache-misses:1000000",
	       "hardware:cache-misses:1000000 is bpftrace's syntax; in D it is cpc:::cache_misses-all-1000000");
	expect("::software:page-faults",
	       "software:page-faults is bpftrace's syntax; in D it is cpc:::page_faults-all-COUNT");
	/* a bpftrace type whose fields make no probe: no D form claimed */
	expect(":profile:minutes:1", "");

	/* Solaris DTrace providers Linux lacks */
	expect("vminfo:::as_fault",
	       "vminfo is a Solaris DTrace provider that Linux does not have: for vminfo:::as_fault, use fbt::handle_mm_fault:entry, or tracepoint:exceptions::page_fault_user");
	expect("sysinfo:::readch",
	       "sysinfo is a Solaris DTrace provider that Linux does not have: for sysinfo:::readch, use syscall::read*:return (arg0: the bytes read), or fbt::vfs_read:entry (arg2: the count asked)");
	expect("sdt:::interrupt-start",
	       "sdt is a Solaris DTrace provider that Linux does not have: for sdt:::interrupt-start, use tracepoint:irq::irq_handler_entry");
	expect("fpuinfo:::",
	       "fpuinfo is a Solaris DTrace provider that Linux does not have: there is nothing to trace: Linux emulates no floating-point instructions (the x86_fpu events, tracepoint:x86_fpu::x86_fpu_before_save and others, trace the FPU state's saving and loading)");
	expect("mib:::tcpInSegs",
	       "mib is a Solaris DTrace provider that Linux does not have: use the tcp, sock, net and skb tracepoints (tracepoint:tcp::tcp_retransmit_skb, tracepoint:skb::kfree_skb); the counters themselves are in /proc/net/snmp and /proc/net/netstat");
	if (argc > 1)
		t_usdt(argv[1]);
	else
		unit_skip("usdt", "no USDT program given");
	unit_plan();
	return unit_summary("# ");
}
