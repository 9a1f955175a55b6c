// SPDX-License-Identifier: GPL-2.0
/*
 * test_lockdown.c - sonde under kernel lockdown, at whatever level this
 * guest runs (/sys/kernel/security/lockdown: `make check` boots the guest
 * once with each, see SONDE_GUEST_LOCKDOWN in selftests/guest/).
 *
 *  none:            every program below loads (the control: the checks
 *                   refuse nothing they should not);
 *  integrity:       the same, kprobes included (LOCKDOWN_KPROBES is a
 *                   confidentiality reason);
 *  confidentiality: kprobe probes (fbt, sched:::on-cpu) are refused, and
 *                   so is anything that would read kernel memory or hand
 *                   a kernel address to userland: kernel loads,
 *                   stringof(), curthread, kernel stacks, a string read
 *                   as a number, arguments that may be kernel addresses
 *                   (tracepoints, profile's arg0); all EPERM with a log
 *                   line.  What is left works: strings as strings, user
 *                   stacks and memory, counts, syscall arguments.
 *
 * Runs as root in the test guest with sonde.ko loaded (the module is
 * loaded before the lockdown is raised: a locked-down kernel loads no
 * unsigned module).
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "sonde_test.h"

enum { LD_NONE, LD_INTEGRITY, LD_CONFIDENTIALITY };

static int lockdown_level(void)
{
	char buf[128] = "";
	FILE *f = fopen("/sys/kernel/security/lockdown", "r");

	if (!f)
		return LD_NONE;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = 0;
	fclose(f);
	if (strstr(buf, "[confidentiality]"))
		return LD_CONFIDENTIALITY;
	if (strstr(buf, "[integrity]"))
		return LD_INTEGRITY;
	return LD_NONE;
}

/* LOAD one clause of @code on @probe: 0 or the errno, the log in @log. */
static int load1(int fd, __u32 probe, const struct sonde_insn *code,
		 __u32 len, __u32 rec, const struct sonde_agg_desc *ad,
		 const __u32 *keys, __u32 nkeys, char *log, __u32 logsz,
		 struct sonde_load *ld)
{
	struct sonde_ecb ecb = { .probe_id = probe };
	struct sonde_clause cl = { .act_len = len, .rec_size = rec };
	struct sonde_opt opt = { .id = SONDE_OPT_bufsize, .value = 65536 };
	struct prog p = {
		.opts = &opt, .nopts = 1, .ecbs = &ecb, .necbs = 1,
		.clauses = &cl, .nclauses = 1, .insns = code, .ninsns = len,
		.aggs = ad, .naggs = ad ? 1 : 0,
		.keys = nkeys ? keys : NULL, .nkeys = nkeys,
	};

	memset(log, 0, logsz);
	return load_prog(fd, &p, ld, log, logsz);
}

FIXTURE(lockdown) {
	int fd;
	int level;
	char log[1024];
	struct sonde_load ld;
};

FIXTURE_SETUP(lockdown)
{
	self->level = lockdown_level();
	TH_LOG("lockdown: %s", self->level == LD_CONFIDENTIALITY ?
	       "confidentiality" : self->level == LD_INTEGRITY ?
	       "integrity" : "none");
	self->fd = open(SONDE_DEVICE_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, self->fd);
}

FIXTURE_TEARDOWN(lockdown)
{
	close(self->fd);
}

/*
 * One clause: loads unless the kernel is locked down for confidentiality,
 * where it is refused with EPERM and @why in the log.
 */
#define CONFIDENTIAL_REFUSES(probe, code, rec, ad, keys, nkeys, why)	\
	do {								\
		int got_ = load1(self->fd, (probe), (code),		\
				 sizeof(code) / sizeof((code)[0]), (rec),	\
				 (ad), (keys), (nkeys), self->log,	\
				 sizeof(self->log), &self->ld);		\
									\
		TH_LOG("log: %s", self->log);				\
		if (self->level == LD_CONFIDENTIALITY) {		\
			ASSERT_EQ(EPERM, got_);				\
			EXPECT_NE(NULL, strstr(self->log, (why)));	\
		} else {						\
			ASSERT_EQ(0, got_);				\
		}							\
	} while (0)

TEST_F(lockdown, curthread)
{
	struct sonde_insn code[] = {
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_curthread),
		INSN(SONDE_OP_EMIT8, 0, 1, 0, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};

	CONFIDENTIAL_REFUSES(probe_id(self->fd, "dtrace", "", "BEGIN"), code,
			     8, NULL, NULL, 0, "curthread is a kernel address");
}

/* caller is the kernel PC of the probed code's caller (issue 29: it
 * was let through) */
TEST_F(lockdown, caller)
{
	struct sonde_insn code[] = {
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_caller),
		INSN(SONDE_OP_EMIT8, 0, 1, 0, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};

	CONFIDENTIAL_REFUSES(probe_id(self->fd, "syscall", "getppid", "entry"),
			     code, 8, NULL, NULL, 0,
			     "caller is a kernel address");
}

TEST_F(lockdown, kernel_memory_read)
{
	struct sonde_insn code[] = {
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_arg0),
		INSN(SONDE_OP_LDK8, 2, 1, 0, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};

	CONFIDENTIAL_REFUSES(probe_id(self->fd, "syscall", "getppid", "entry"),
			     code, 0, NULL, NULL, 0, "a kernel memory read");
}

TEST_F(lockdown, kernel_string_read)
{
	struct sonde_insn code[] = {
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_arg0),
		INSN(SONDE_OP_CALL, 2, 1, 1, SONDE_SUBR_stringof),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};

	CONFIDENTIAL_REFUSES(probe_id(self->fd, "syscall", "getppid", "entry"),
			     code, 0, NULL, NULL, 0, "stringof() reads kernel memory");
}

TEST_F(lockdown, kernel_stack_recorded)
{
	struct sonde_insn code[] = {
		INSN(SONDE_OP_EMITKSTACK, 0, 0, 4, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};

	CONFIDENTIAL_REFUSES(probe_id(self->fd, "syscall", "getppid", "entry"),
			     code, 32, NULL, NULL, 0,
			     "stack() records kernel addresses");
}

TEST_F(lockdown, kernel_stack_key)
{
	struct sonde_insn code[] = {
		INSN(SONDE_OP_AGG, 0, 1, 0, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};
	struct sonde_agg_desc ad = { .fn = SONDE_AGG_count, .nkeys = 1 };
	__u32 key = SONDE_KEY_STACK(SONDE_T_KSTACK, 8);

	CONFIDENTIAL_REFUSES(probe_id(self->fd, "syscall", "getppid", "entry"),
			     code, 0, &ad, &key, 1,
			     "a kernel stack is kernel addresses");
}

/* A string's value is its kernel address. */
TEST_F(lockdown, string_as_number)
{
	struct sonde_insn code[] = {
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_probename),
		INSN(SONDE_OP_EMIT8, 0, 1, 0, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};

	CONFIDENTIAL_REFUSES(probe_id(self->fd, "syscall", "getppid", "entry"),
			     code, 8, NULL, NULL, 0, "may be a string here");
}

/* sched_switch's arguments are tasks: kernel addresses. */
TEST_F(lockdown, tracepoint_arguments)
{
	struct sonde_insn code[] = {
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_arg1),
		INSN(SONDE_OP_EMIT8, 0, 1, 0, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};
	__u32 id = probe_id(self->fd, "tracepoint", "", "sched_switch");

	ASSERT_NE(0, id);
	CONFIDENTIAL_REFUSES(id, code, 8, NULL, NULL, 0,
			     "passes kernel addresses as arg1");
}

/* profile's arg0 is the kernel PC; arg1, the user PC, is fine. */
TEST_F(lockdown, profile_arguments)
{
	struct sonde_insn kpc[] = {
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_arg0),
		INSN(SONDE_OP_EMIT8, 0, 1, 0, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};
	struct sonde_insn upc[] = {
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_arg1),
		INSN(SONDE_OP_EMIT8, 0, 1, 0, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};
	__u32 id = probe_id(self->fd, "profile", "", "tick-1sec");
	int fd2;

	ASSERT_NE(0, id);
	CONFIDENTIAL_REFUSES(id, kpc, 8, NULL, NULL, 0,
			     "passes kernel addresses as arg0");
	fd2 = open(SONDE_DEVICE_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fd2);
	EXPECT_EQ(0, load1(fd2, id, upc, 3, 8, NULL, NULL, 0, self->log,
			   sizeof(self->log), &self->ld)) TH_LOG("%s", self->log);
	close(fd2);
}

/* sched:::on-cpu is a kprobe: refused when kprobes are. */
TEST_F(lockdown, kprobe_probe)
{
	struct sonde_insn code[] = { INSN(SONDE_OP_RET, 0, 0, 0, 0) };
	__u32 id = probe_id(self->fd, "sched", "", "on-cpu");
	struct sonde_go go;
	struct sonde_stop stop;
	int got;

	ASSERT_NE(0, id);
	got = load1(self->fd, id, code, 1, 0, NULL, NULL, 0, self->log,
		    sizeof(self->log), &self->ld);
	TH_LOG("log: %s", self->log);
	if (self->level == LD_CONFIDENTIALITY) {
		ASSERT_EQ(EPERM, got);
		EXPECT_NE(NULL, strstr(self->log, "is a kprobe"));
		return;
	}
	ASSERT_EQ(0, got);
	ASSERT_EQ(0, ioctl(self->fd, SONDE_IOC_GO, &go));
	usleep(10000);
	ASSERT_EQ(0, ioctl(self->fd, SONDE_IOC_STOP, &stop));
}

/* fbt works under integrity lockdown (tracefs and kprobes allowed). */
TEST_F(lockdown, fbt_below_confidentiality)
{
	struct sonde_insn code[] = { INSN(SONDE_OP_RET, 0, 0, 0, 0) };
	struct sonde_go go;
	struct sonde_stop stop;
	__u32 id;

	if (self->level == LD_CONFIDENTIALITY)
		SKIP(return, "tracefs, which lists fbt's functions, is locked");
	id = probe_id(self->fd, "fbt", "vfs_read", "entry");
	ASSERT_NE(0, id);
	ASSERT_EQ(0, load1(self->fd, id, code, 1, 0, NULL, NULL, 0, self->log,
			   sizeof(self->log), &self->ld)) TH_LOG("%s", self->log);
	ASSERT_EQ(0, ioctl(self->fd, SONDE_IOC_GO, &go));
	close(open("/proc/self/stat", O_RDONLY));
	ASSERT_EQ(0, ioctl(self->fd, SONDE_IOC_STOP, &stop));
}

/*
 * What confidentiality leaves, and it runs: execname compared as a
 * string, syscall arguments, user memory, a user stack, stackdepth.
 */
TEST_F(lockdown, what_is_left_runs)
{
	static char word[] = "lockdown";
	struct sonde_insn code[] = {
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_execname),
		INSN(SONDE_OP_EMITS, 0, 1, 0, 0),
		INSN(SONDE_OP_LDB, 2, 0, 0, SONDE_B_arg0),
		INSN(SONDE_OP_CALL, 3, 2, 1, SONDE_SUBR_copyinstr),
		INSN(SONDE_OP_EMITS, 0, 3, 0, 256),
		INSN(SONDE_OP_LDB, 4, 0, 0, SONDE_B_stackdepth),
		INSN(SONDE_OP_EMIT8, 0, 4, 0, 512),
		INSN(SONDE_OP_EMITUSTACK, 0, 0, 2, 520),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};
	struct sonde_go go;
	struct sonde_stop stop;
	struct sonde_drain d;
	char *buf;
	int cpu, n = nr_cpus(self->fd), found = 0;

	ASSERT_EQ(0, load1(self->fd, probe_id(self->fd, "syscall", "getppid",
					       "entry"),
			   code, 9, 536, NULL, NULL, 0, self->log,
			   sizeof(self->log), &self->ld)) TH_LOG("%s", self->log);
	ASSERT_EQ(0, ioctl(self->fd, SONDE_IOC_GO, &go));
	syscall(SYS_getppid, word);
	ASSERT_EQ(0, ioctl(self->fd, SONDE_IOC_STOP, &stop));
	buf = malloc(self->ld.bufsize);
	ASSERT_NE(NULL, buf);
	for (cpu = 0; cpu < n; cpu++) {
		__u64 off;

		memset(&d, 0, sizeof(d));
		d.cpu = cpu;
		d.buf = (__u64)(unsigned long)buf;
		d.buf_size = self->ld.bufsize;
		if (ioctl(self->fd, SONDE_IOC_DRAIN, &d))
			continue;
		for (off = 0; off < d.size;
		     off += ((struct sonde_rechdr *)(buf + off))->size) {
			const char *rec = buf + off +
					  sizeof(struct sonde_rechdr);

			if (!strcmp(rec + 256, word))
				found++;
		}
	}
	free(buf);
	EXPECT_LE(1, found);
}

/* The command says why, in one line. */
TEST_F(lockdown, command_says_why)
{
	char line[4096] = "";
	FILE *p = popen("sonde -n 'BEGIN { trace(curthread); exit(0); }' 2>&1",
			"r");
	size_t n;
	int status;

	ASSERT_NE(NULL, p);
	n = fread(line, 1, sizeof(line) - 1, p);
	line[n] = 0;
	while (fgetc(p) != EOF)
		;
	status = pclose(p);
	TH_LOG("sonde: %s", line);
	if (self->level == LD_CONFIDENTIALITY) {
		EXPECT_NE(0, status);
		EXPECT_NE(NULL, strstr(line, "curthread is a kernel address"));
		EXPECT_NE(NULL, strstr(line, "lockdown"));
	} else {
		EXPECT_EQ(0, status);
	}
}

TEST_HARNESS_MAIN
