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

/* A consumer with one clause of @code (assembly) recording @rec bytes on
 * @probe, LOADed. */
static int load_one(__u32 probe, const char *code, __u32 rec)
{
	struct sonde_load ld;
	struct prog p;
	char log[1024] = "";
	int err, fd = open(SONDE_DEVICE_PATH, O_RDWR | O_CLOEXEC);

	if (fd < 0)
		return -1;
	prog_init(&p);
	prog_opt(&p, SONDE_OPT_bufsize, 65536);
	prog_ecb(&p, probe, 0);
	prog_clause(&p, rec, NULL, code);
	err = load_prog(fd, &p, &ld, log, sizeof(log));
	prog_free(&p);
	if (err) {
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
	const char *caller =
		"ldb r1, caller\n"
		"emit8 r1, 0\n"
		"ret r0\n";
	const char *curthread =
		"ldb r1, curthread\n"
		"emit8 r1, 0\n"
		"ret r0\n";
	const char *arg1 =
		"ldb r1, arg1\n"
		"emit8 r1, 0\n"
		"ret r0\n";
	const char *pid =
		"ldb r1, pid\n"
		"emit8 r1, 0\n"
		"ret r0\n";
	const char *ret =
		"ret r0\n";
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
	fcaller = load_one(getppid, caller, 8);
	fcur = load_one(begin, curthread, 8);
	ftp = load_one(sw, arg1, 8);
	fkp = load_one(oncpu, ret, 0);
	fok = load_one(getppid, pid, 8);
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
