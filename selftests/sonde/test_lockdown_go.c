// SPDX-License-Identifier: GPL-2.0
/*
 * test_lockdown_go.c - GO applies kernel lockdown again (issue 29): a
 * program LOADed under integrity lockdown, which confidentiality would
 * have refused, is refused at GO once the kernel is raised to
 * confidentiality; one it would have allowed still goes.
 *
 * Raising lockdown cannot be undone, so this runs only in the guest boot
 * that is at integrity (make check's first lockdown boot, where it is the
 * last test); elsewhere it skips.
 */
#include <fcntl.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "sonde_test.h"

#define LOCKDOWN_PATH	"/sys/kernel/security/lockdown"

static bool at_integrity(void)
{
	char buf[128] = "";
	FILE *f = fopen(LOCKDOWN_PATH, "r");

	if (!f)
		return false;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = 0;
	fclose(f);
	return strstr(buf, "[integrity]") != NULL;
}

/* A consumer with one clause of @code on @probe, LOADed. */
static int load_one(__u32 probe, const struct sonde_insn *code, __u32 len,
		    __u32 rec)
{
	struct sonde_ecb ecb = { .probe_id = probe };
	struct sonde_clause cl = { .act_len = len, .rec_size = rec };
	struct sonde_opt opt = { .id = SONDE_OPT_bufsize, .value = 65536 };
	struct prog p = {
		.opts = &opt, .nopts = 1, .ecbs = &ecb, .necbs = 1,
		.clauses = &cl, .nclauses = 1, .insns = code, .ninsns = len,
	};
	struct sonde_load ld;
	char log[1024] = "";
	int fd = open(SONDE_DEVICE_PATH, O_RDWR | O_CLOEXEC);

	if (fd < 0)
		return -1;
	if (load_prog(fd, &p, &ld, log, sizeof(log))) {
		fprintf(stderr, "# load: %s\n", log);
		close(fd);
		return -1;
	}
	return fd;
}

static int go(int fd)
{
	struct sonde_go g;

	memset(&g, 0, sizeof(g));
	return ioctl(fd, SONDE_IOC_GO, &g) ? errno : 0;
}

TEST(go_checks_lockdown_again)
{
	struct sonde_insn caller[] = {
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_caller),
		INSN(SONDE_OP_EMIT8, 0, 1, 0, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};
	struct sonde_insn curthread[] = {
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_curthread),
		INSN(SONDE_OP_EMIT8, 0, 1, 0, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};
	struct sonde_insn arg1[] = {
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_arg1),
		INSN(SONDE_OP_EMIT8, 0, 1, 0, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};
	struct sonde_insn pid[] = {
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_pid),
		INSN(SONDE_OP_EMIT8, 0, 1, 0, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};
	struct sonde_insn ret[] = { INSN(SONDE_OP_RET, 0, 0, 0, 0) };
	int dev, fcaller, fcur, ftp, fkp, fok, lfd;
	__u32 getppid, begin, sw, oncpu;

	if (!at_integrity())
		SKIP(return, "runs only in the boot at integrity lockdown, which it raises");
	dev = open(SONDE_DEVICE_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, dev);
	getppid = probe_id(dev, "syscall", "getppid", "entry");
	begin = probe_id(dev, "dtrace", "", "BEGIN");
	sw = probe_id(dev, "tracepoint", "", "sched_switch");
	oncpu = probe_id(dev, "sched", "", "on-cpu");
	ASSERT_NE(0, getppid);
	ASSERT_NE(0, begin);
	ASSERT_NE(0, sw);
	ASSERT_NE(0, oncpu);
	close(dev);

	/* all allowed at integrity */
	fcaller = load_one(getppid, caller, 3, 8);
	fcur = load_one(begin, curthread, 3, 8);
	ftp = load_one(sw, arg1, 3, 8);
	fkp = load_one(oncpu, ret, 1, 0);
	fok = load_one(getppid, pid, 3, 8);
	ASSERT_LE(0, fcaller);
	ASSERT_LE(0, fcur);
	ASSERT_LE(0, ftp);
	ASSERT_LE(0, fkp);
	ASSERT_LE(0, fok);

	lfd = open(LOCKDOWN_PATH, O_WRONLY);
	ASSERT_LE(0, lfd);
	ASSERT_EQ(16, write(lfd, "confidentiality\n", 16));
	close(lfd);

	EXPECT_EQ(EPERM, go(fcaller));		/* caller: a kernel PC */
	EXPECT_EQ(EPERM, go(fcur));		/* curthread */
	EXPECT_EQ(EPERM, go(ftp));		/* sched_switch's task */
	EXPECT_EQ(EPERM, go(fkp));		/* a kprobe */
	EXPECT_EQ(0, go(fok));			/* pid is fine */
	close(fcaller);
	close(fcur);
	close(ftp);
	close(fkp);
	close(fok);
}

TEST_HARNESS_MAIN
