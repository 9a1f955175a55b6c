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

/*
 * LOAD one clause of @code (assembly) recording @rec bytes on @probe,
 * with aggregation @ad (NULL: none) of key types @keys[@nkeys]: 0 or the
 * errno, the log in @log.
 */
static int load1(int fd, __u32 probe, const char *code, __u32 rec,
		 const struct sonde_agg_desc *ad, const __u32 *keys,
		 __u32 nkeys, char *log, __u32 logsz, struct sonde_load *ld)
{
	struct prog p;
	__u32 i;
	int err;

	prog_init(&p);
	prog_opt(&p, SONDE_OPT_bufsize, 65536);
	prog_ecb(&p, probe, 0);
	prog_clause(&p, rec, NULL, code);
	if (ad)
		PROG_PUT(&p, aggs, *ad);
	for (i = 0; i < nkeys; i++)
		PROG_PUT(&p, keys, keys[i]);
	memset(log, 0, logsz);
	err = load_prog(fd, &p, ld, log, logsz);
	prog_free(&p);
	return err;
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
		int got_ = load1(self->fd, (probe), (code), (rec), (ad),	\
				 (keys), (nkeys), self->log,		\
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
	const char *code =
		"ldb r1, curthread\n"
		"emit8 r1, 0\n"
		"ret r0\n";

	CONFIDENTIAL_REFUSES(probe_id(self->fd, "dtrace", "", "BEGIN"), code,
			     8, NULL, NULL, 0, "curthread is a kernel address");
}

/* caller is the kernel PC of the probed code's caller (issue 29: it
 * was let through) */
TEST_F(lockdown, caller)
{
	const char *code =
		"ldb r1, caller\n"
		"emit8 r1, 0\n"
		"ret r0\n";

	CONFIDENTIAL_REFUSES(probe_id(self->fd, "syscall", "getppid", "entry"),
			     code, 8, NULL, NULL, 0,
			     "caller is a kernel address");
}

TEST_F(lockdown, kernel_memory_read)
{
	const char *code =
		"ldb r1, arg0\n"
		"ldk8 r2, [r1]\n"
		"ret r0\n";

	CONFIDENTIAL_REFUSES(probe_id(self->fd, "syscall", "getppid", "entry"),
			     code, 0, NULL, NULL, 0, "a kernel memory read");
}

TEST_F(lockdown, kernel_string_read)
{
	const char *code =
		"ldb r1, arg0\n"
		"call r2, stringof, r1, 1\n"
		"ret r0\n";

	CONFIDENTIAL_REFUSES(probe_id(self->fd, "syscall", "getppid", "entry"),
			     code, 0, NULL, NULL, 0, "stringof() reads kernel memory");
}

TEST_F(lockdown, kernel_stack_recorded)
{
	const char *code =
		"emitkstack 0, 4\n"
		"ret r0\n";

	CONFIDENTIAL_REFUSES(probe_id(self->fd, "syscall", "getppid", "entry"),
			     code, 32, NULL, NULL, 0,
			     "stack() records kernel addresses");
}

TEST_F(lockdown, kernel_stack_key)
{
	const char *code =
		"agg @0, r1, r0\n"
		"ret r0\n";
	struct sonde_agg_desc ad = { .fn = SONDE_AGG_count, .nkeys = 1 };
	__u32 key = SONDE_KEY_STACK(SONDE_T_KSTACK, 8);

	CONFIDENTIAL_REFUSES(probe_id(self->fd, "syscall", "getppid", "entry"),
			     code, 0, &ad, &key, 1,
			     "a kernel stack is kernel addresses");
}

/* A string's value is its kernel address. */
TEST_F(lockdown, string_as_number)
{
	const char *code =
		"ldb r1, probename\n"
		"emit8 r1, 0\n"
		"ret r0\n";

	CONFIDENTIAL_REFUSES(probe_id(self->fd, "syscall", "getppid", "entry"),
			     code, 8, NULL, NULL, 0, "may be a string here");
}

/* sched_switch's arguments are tasks: kernel addresses. */
TEST_F(lockdown, tracepoint_arguments)
{
	const char *code =
		"ldb r1, arg1\n"
		"emit8 r1, 0\n"
		"ret r0\n";
	__u32 id = probe_id(self->fd, "tracepoint", "", "sched_switch");

	ASSERT_NE(0, id);
	CONFIDENTIAL_REFUSES(id, code, 8, NULL, NULL, 0,
			     "passes kernel addresses as arg1");
}

/* profile's arg0 is the kernel PC; arg1, the user PC, is fine. */
TEST_F(lockdown, profile_arguments)
{
	const char *kpc =
		"ldb r1, arg0\n"
		"emit8 r1, 0\n"
		"ret r0\n";
	const char *upc =
		"ldb r1, arg1\n"
		"emit8 r1, 0\n"
		"ret r0\n";
	__u32 id = probe_id(self->fd, "profile", "", "tick-1sec");
	int fd2;

	ASSERT_NE(0, id);
	CONFIDENTIAL_REFUSES(id, kpc, 8, NULL, NULL, 0,
			     "passes kernel addresses as arg0");
	fd2 = open(SONDE_DEVICE_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fd2);
	EXPECT_EQ(0, load1(fd2, id, upc, 8, NULL, NULL, 0, self->log,
			   sizeof(self->log), &self->ld)) TH_LOG("%s", self->log);
	close(fd2);
}

/* sched:::on-cpu is a kprobe: refused when kprobes are. */
TEST_F(lockdown, kprobe_probe)
{
	const char *code =
		"ret r0\n";
	__u32 id = probe_id(self->fd, "sched", "", "on-cpu");
	struct sonde_go go;
	struct sonde_stop stop;
	int got;

	ASSERT_NE(0, id);
	got = load1(self->fd, id, code, 0, NULL, NULL, 0, self->log,
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
	const char *code =
		"ret r0\n";
	struct sonde_go go;
	struct sonde_stop stop;
	__u32 id;

	if (self->level == LD_CONFIDENTIALITY)
		SKIP(return, "tracefs, which lists fbt's functions, is locked");
	id = probe_id(self->fd, "fbt", "vfs_read", "entry");
	ASSERT_NE(0, id);
	ASSERT_EQ(0, load1(self->fd, id, code, 0, NULL, NULL, 0, self->log,
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
	const char *code =
		"ldb r1, execname\n"
		"emits r1, 0\n"
		"ldb r2, arg0\n"
		"call r3, copyinstr, r2, 1\n"
		"emits r3, 256\n"
		"ldb r4, stackdepth\n"
		"emit8 r4, 512\n"
		"emitustack 520, 2\n"
		"ret r0\n";
	struct sonde_go go;
	struct sonde_stop stop;
	struct sonde_rechdr *h;
	struct drain dr;
	int found = 0;

	ASSERT_EQ(0, load1(self->fd, probe_id(self->fd, "syscall", "getppid",
					       "entry"),
			   code, 536, NULL, NULL, 0, self->log,
			   sizeof(self->log), &self->ld)) TH_LOG("%s", self->log);
	ASSERT_EQ(0, ioctl(self->fd, SONDE_IOC_GO, &go));
	syscall(SYS_getppid, word);
	ASSERT_EQ(0, ioctl(self->fd, SONDE_IOC_STOP, &stop));
	for_each_drain(&dr, self->fd, SONDE_IOC_DRAIN, self->ld.bufsize)
		for_each_rec(h, &dr)
			if (!strcmp((const char *)(h + 1) + 256, word))
				found++;
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
