// SPDX-License-Identifier: GPL-2.0
/*
 * test_uprobe.c - SONDE_IOC_UPROBE without the sonde command: user probes
 * on this test's own functions, found through /proc/self/maps, with
 * hand-built programs.  Checks every rejected request's errno, that a
 * probe belongs to the file that made it, exact counts and argument sums
 * for entry and return probes, that only the target process traps, that
 * the int3 is there only while armed and the SDT semaphore counts only
 * while armed, and that closing the file restores everything.
 *
 * Runs as root in the test guest with sonde.ko loaded.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "sonde.h"

#include "sonde_test.h"

/* The probed functions: not inlined, not merged, with a visible effect. */
static volatile long sink;

__attribute__((noinline, noclone)) long victim(long a, long b)
{
	sink += a;
	return a * 2 + b;
}

__attribute__((noinline, noclone)) long bystander(long a)
{
	sink -= a;
	return a;
}

/* An SDT-style semaphore: a __u16 in a writable section of the file. */
__attribute__((section(".probes"), used)) volatile unsigned short semaphore;

static char self_path[4096];

/* File offset of @addr in the file mapped there (/proc/self/maps). */
static __u64 file_offset(const void *addr)
{
	unsigned long a = (unsigned long)addr, lo, hi, off;
	char line[4096], path[4096];
	__u64 ret = ~0ULL;
	FILE *f = fopen("/proc/self/maps", "r");

	if (!f)
		return ret;
	while (fgets(line, sizeof(line), f)) {
		path[0] = '\0';
		if (sscanf(line, "%lx-%lx %*s %lx %*s %*s %4095s", &lo, &hi,
			   &off, path) < 3)
			continue;
		if (a >= lo && a < hi) {
			ret = a - lo + off;
			snprintf(self_path, sizeof(self_path), "%s", path);
			break;
		}
	}
	fclose(f);
	return ret;
}

static void fill_req(struct sonde_uprobe *r, const char *name, __u64 off)
{
	memset(r, 0, sizeof(*r));
	r->path = (__u64)(unsigned long)self_path;
	r->offset = off;
	r->pid = getpid();
	strcpy(r->desc.provider, "selftest1");
	strcpy(r->desc.module, "test_uprobe");
	strcpy(r->desc.function, "victim");
	strcpy(r->desc.name, name);
}

static int uprobe(int fd, struct sonde_uprobe *r)
{
	return ioctl(fd, SONDE_IOC_UPROBE, r) ? errno : 0;
}

/* Every malformed request: a precise errno, nothing created. */
TEST(rejected_requests)
{
	struct sonde_uprobe r;
	__u64 off = file_offset((void *)victim);
	int fd = open(SONDE_DEVICE_PATH, O_RDWR);

	ASSERT_LE(0, fd);
	ASSERT_NE(~0ULL, off);

	fill_req(&r, "entry", off);
	r.flags = 0x80;
	EXPECT_EQ(EINVAL, uprobe(fd, &r));
	fill_req(&r, "entry", off);
	r.reserved[2] = 1;
	EXPECT_EQ(EINVAL, uprobe(fd, &r));
	fill_req(&r, "entry", off);
	r.nargs = SONDE_UPROBE_MAX_ARGS + 1;
	EXPECT_EQ(EINVAL, uprobe(fd, &r));
	fill_req(&r, "return", off);
	r.flags = SONDE_UPROBE_RETURN;
	r.nargs = 1;
	r.args[0] = (struct sonde_uarg){ .kind = SONDE_UARG_REG, .size = 8 };
	EXPECT_EQ(EINVAL, uprobe(fd, &r));
	fill_req(&r, "entry", off);
	r.nargs = 1;
	r.args[0] = (struct sonde_uarg){ .kind = SONDE_UARG_REG, .size = 3 };
	EXPECT_EQ(EINVAL, uprobe(fd, &r));	/* size 3 */
	r.args[0] = (struct sonde_uarg){ .kind = SONDE_UARG_REG, .size = 8,
					 .base = SONDE_NUREGS };
	EXPECT_EQ(EINVAL, uprobe(fd, &r));	/* no such register */
	r.args[0] = (struct sonde_uarg){ .kind = SONDE_UARG_MEM, .size = -4,
					 .base = SONDE_UREG_rsp,
					 .index = SONDE_UREG_rax, .scale = 3 };
	EXPECT_EQ(EINVAL, uprobe(fd, &r));	/* scale 3 */
	r.args[0] = (struct sonde_uarg){ .kind = 9, .size = 8 };
	EXPECT_EQ(EINVAL, uprobe(fd, &r));	/* no such kind */
	fill_req(&r, "ent*", off);
	EXPECT_EQ(EINVAL, uprobe(fd, &r));	/* glob in a name */
	fill_req(&r, "entry", off);
	r.desc.function[0] = '\0';
	EXPECT_EQ(EINVAL, uprobe(fd, &r));	/* empty field */
	fill_req(&r, "entry", off);
	strcpy(r.desc.provider, "syscall");
	EXPECT_EQ(EINVAL, uprobe(fd, &r));	/* a kernel provider's name */
	fill_req(&r, "entry", off);
	r.path = 0;
	EXPECT_EQ(EINVAL, uprobe(fd, &r));
	fill_req(&r, "entry", off);
	r.path = 8;
	EXPECT_EQ(EFAULT, uprobe(fd, &r));
	fill_req(&r, "entry", off);
	r.path = (__u64)(unsigned long)"/no/such/file";
	EXPECT_EQ(ENOENT, uprobe(fd, &r));
	fill_req(&r, "entry", off);
	r.path = (__u64)(unsigned long)"/proc";
	EXPECT_EQ(EACCES, uprobe(fd, &r));	/* not a regular file */
	fill_req(&r, "entry", 1ULL << 40);
	EXPECT_EQ(EINVAL, uprobe(fd, &r));	/* offset past the end */
	fill_req(&r, "entry", off);
	r.refctr = 3;
	EXPECT_EQ(EINVAL, uprobe(fd, &r));	/* misaligned semaphore */
	fill_req(&r, "entry", off);
	r.pid = 0x3fffffff;
	EXPECT_EQ(ESRCH, uprobe(fd, &r));
	fill_req(&r, "entry", off);
	r.pid = -1;
	EXPECT_EQ(EINVAL, uprobe(fd, &r));

	/* none of that created anything */
	EXPECT_EQ(0, probe_id(fd, "selftest1", "victim", "entry"));
	close(fd);
}

/* A probe is its creator's: others neither list nor enable it. */
TEST(owned_by_its_file)
{
	struct sonde_uprobe r;
	struct sonde_load ld;
	struct prog p;
	char log[256];
	__u64 off = file_offset((void *)victim);
	__u32 id;
	int fd = open(SONDE_DEVICE_PATH, O_RDWR);
	int fd2 = open(SONDE_DEVICE_PATH, O_RDWR);

	ASSERT_LE(0, fd);
	ASSERT_LE(0, fd2);
	fill_req(&r, "entry", off);
	ASSERT_EQ(0, uprobe(fd, &r));
	id = r.id;
	EXPECT_NE(0, id);
	EXPECT_EQ(id, probe_id(fd, "selftest1", "victim", "entry"));
	/* the same request again: the same probe */
	fill_req(&r, "entry", off);
	ASSERT_EQ(0, uprobe(fd, &r));
	EXPECT_EQ(id, r.id);
	/* the same name as a return probe: refused */
	fill_req(&r, "entry", off);
	r.flags = SONDE_UPROBE_RETURN;
	EXPECT_EQ(EEXIST, uprobe(fd, &r));

	EXPECT_EQ(0, probe_id(fd2, "selftest1", "victim", "entry"));
	prog_init(&p);
	prog_ecb(&p, id, 0);
	prog_clause(&p, 0, NULL, "ret r0\n");
	EXPECT_EQ(ENOENT, load_prog(fd2, &p, &ld, log, sizeof(log)));
	EXPECT_EQ(0, load_prog(fd, &p, &ld, log, sizeof(log))) TH_LOG("%s", log);
	close(fd2);
	close(fd);
	/* gone with its file */
	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	ASSERT_LE(0, fd);
	EXPECT_EQ(0, probe_id(fd, "selftest1", "victim", "entry"));
	close(fd);
}

/* Load "@ = sum(argN)" on probe @id; returns the fd's LOAD result. */
static int load_sum(int fd, __u32 id, int arg, struct sonde_load *ld)
{
	char log[256] = "", code[64];
	struct prog p;
	int err;

	snprintf(code, sizeof(code),
		 "ldb r1, arg%d\n"
		 "agg @0, r0, r1\n"
		 "ret r0\n", arg);
	prog_init(&p);
	prog_ecb(&p, id, 0);
	PROG_ADD(&p, aggs, .fn = SONDE_AGG_sum);
	prog_clause(&p, 0, NULL, code);
	err = load_prog(fd, &p, ld, log, sizeof(log));
	prog_free(&p);
	return err;
}

/*
 * Entry: arg0 and arg1 are the first two integer arguments, every call
 * counted, the trap there only while armed; a child process running the
 * same code does not fire.
 */
TEST(entry_arguments_exact_and_trap_only_while_armed)
{
	struct sonde_uprobe r;
	struct sonde_load ld;
	struct sonde_go go;
	struct sonde_stop stop;
	unsigned char orig = *(volatile unsigned char *)victim;
	long expect = 0, i;
	__u64 drops;
	pid_t child;
	int fd = open(SONDE_DEVICE_PATH, O_RDWR), status;

	ASSERT_LE(0, fd);
	fill_req(&r, "entry", file_offset((void *)victim));
	r.nargs = 2;
	r.args[0] = (struct sonde_uarg){ .kind = SONDE_UARG_REG, .size = 8,
					 .base = SONDE_UREG_rdi };
	r.args[1] = (struct sonde_uarg){ .kind = SONDE_UARG_REG, .size = -4,
					 .base = SONDE_UREG_rsi };
	ASSERT_EQ(0, uprobe(fd, &r));
	ASSERT_EQ(0, load_sum(fd, r.id, 0, &ld));
	victim(1000, 0);	/* not armed: not counted */
	EXPECT_EQ(orig, *(volatile unsigned char *)victim);
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_GO, &go));
	EXPECT_EQ(0xcc, *(volatile unsigned char *)victim);
	for (i = 1; i <= 500; i++) {
		victim(i, -i);
		bystander(i);
		expect += i;
	}
	child = fork();
	if (child == 0) {
		/* inherited the int3; the first hit takes it out */
		int trapped = *(volatile unsigned char *)victim == 0xcc;

		for (i = 0; i < 100; i++)
			victim(7, 7);
		_exit(trapped && *(volatile unsigned char *)victim == orig ?
		      0 : 3);
	}
	ASSERT_EQ(child, waitpid(child, &status, 0));
	EXPECT_EQ(0, WEXITSTATUS(status));	/* trap gone from the child */
	EXPECT_EQ(0xcc, *(volatile unsigned char *)victim); /* not ours */
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_STOP, &stop));
	EXPECT_EQ(expect, agg_total(fd, ld.aggsize, &drops));
	EXPECT_EQ(0, drops);
	close(fd);
	EXPECT_EQ(orig, *(volatile unsigned char *)victim);
	victim(1, 2);		/* and the code runs as before */
}

/* Sign extension of a -4 argument: arg1 = (int)rsi. */
TEST(entry_argument_sign_extended)
{
	struct sonde_uprobe r;
	struct sonde_load ld;
	struct sonde_go go;
	struct sonde_stop stop;
	__u64 drops;
	int fd = open(SONDE_DEVICE_PATH, O_RDWR);

	ASSERT_LE(0, fd);
	fill_req(&r, "entry", file_offset((void *)victim));
	r.nargs = 2;
	r.args[0] = (struct sonde_uarg){ .kind = SONDE_UARG_CONST, .size = 8,
					 .disp = 5 };
	r.args[1] = (struct sonde_uarg){ .kind = SONDE_UARG_REG, .size = -4,
					 .base = SONDE_UREG_rsi };
	ASSERT_EQ(0, uprobe(fd, &r));
	ASSERT_EQ(0, load_sum(fd, r.id, 1, &ld));
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_GO, &go));
	victim(0, 0x1fffffffdL);	/* low 32 bits: -3 */
	victim(0, -4);
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_STOP, &stop));
	EXPECT_EQ(-7, agg_total(fd, ld.aggsize, &drops));
	close(fd);
}

/* Return: arg1 is the return value, for every call. */
TEST(return_value)
{
	struct sonde_uprobe r;
	struct sonde_load ld;
	struct sonde_go go;
	struct sonde_stop stop;
	long expect = 0, i;
	__u64 drops;
	int fd = open(SONDE_DEVICE_PATH, O_RDWR);

	ASSERT_LE(0, fd);
	fill_req(&r, "return", file_offset((void *)victim));
	r.flags = SONDE_UPROBE_RETURN;
	ASSERT_EQ(0, uprobe(fd, &r));
	ASSERT_EQ(0, load_sum(fd, r.id, 1, &ld));
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_GO, &go));
	for (i = 0; i < 300; i++)
		expect += victim(i, 1);
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_STOP, &stop));
	EXPECT_EQ(expect, agg_total(fd, ld.aggsize, &drops));
	close(fd);
}

/* The semaphore counts 1 while armed, 0 before and after; no new sites
 * once armed. */
TEST(semaphore_only_while_armed)
{
	struct sonde_uprobe r;
	struct sonde_load ld;
	struct sonde_go go;
	struct sonde_stop stop;
	__u64 sem;
	int fd = open(SONDE_DEVICE_PATH, O_RDWR);

	ASSERT_LE(0, fd);
	sem = file_offset((void *)&semaphore);
	ASSERT_NE(~0ULL, sem);
	fill_req(&r, "entry", file_offset((void *)victim));
	r.refctr = sem;
	ASSERT_EQ(0, uprobe(fd, &r));
	ASSERT_EQ(0, load_sum(fd, r.id, 0, &ld));
	EXPECT_EQ(0, semaphore);
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_GO, &go));
	EXPECT_EQ(1, semaphore);
	/* an armed probe's sites stay as they are */
	fill_req(&r, "entry", file_offset((void *)bystander));
	EXPECT_EQ(EBUSY, uprobe(fd, &r));
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_STOP, &stop));
	EXPECT_EQ(0, semaphore);
	close(fd);
	EXPECT_EQ(0, semaphore);
}

/* kill -9 of a consumer with armed user probes leaves nothing behind. */
TEST(consumer_killed_while_armed)
{
	unsigned char orig = *(volatile unsigned char *)victim;
	int pfd[2], status;
	pid_t child;
	char c;

	ASSERT_EQ(0, pipe(pfd));
	child = fork();
	if (child == 0) {
		struct sonde_uprobe r;
		struct sonde_load ld;
		struct sonde_go go;
		int fd = open(SONDE_DEVICE_PATH, O_RDWR);

		fill_req(&r, "entry", file_offset((void *)victim));
		r.pid = 0;		/* every process: this one too */
		r.refctr = file_offset((void *)&semaphore);
		if (fd < 0 || uprobe(fd, &r) || load_sum(fd, r.id, 0, &ld) ||
		    ioctl(fd, SONDE_IOC_GO, &go))
			_exit(1);
		if (write(pfd[1], "g", 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	close(pfd[1]);
	ASSERT_EQ(1, read(pfd[0], &c, 1));
	/* armed for every process: our copy of the code traps too */
	EXPECT_EQ(0xcc, *(volatile unsigned char *)victim);
	EXPECT_EQ(1, semaphore);
	victim(1, 1);
	kill(child, SIGKILL);
	ASSERT_EQ(child, waitpid(child, &status, 0));
	EXPECT_EQ(orig, *(volatile unsigned char *)victim);
	EXPECT_EQ(0, semaphore);
	victim(1, 1);
	close(pfd[0]);
}

static int enable(int fd, struct sonde_enable *e)
{
	return ioctl(fd, SONDE_IOC_ENABLE, e) ? errno : 0;
}

static int rdv(int fd, struct sonde_rdv *r)
{
	return ioctl(fd, SONDE_IOC_RDV, r) ? errno : 0;
}

/*
 * A probe made while tracing (an object mapped later) and enabled then:
 * its EPID follows the image's, it traps from the ENABLE on, every call
 * after that is counted; an armed probe's sites stay as they are;
 * nothing is enabled once tracing has stopped.
 */
TEST(probe_enabled_while_tracing)
{
	unsigned char orig = *(volatile unsigned char *)bystander;
	struct sonde_uprobe r;
	struct sonde_load ld;
	struct sonde_go go;
	struct sonde_stop stop;
	struct sonde_ecb ecb;
	struct sonde_enable e;
	long expect = 0, i;
	__u64 drops;
	int fd = open(SONDE_DEVICE_PATH, O_RDWR);

	ASSERT_LE(0, fd);
	fill_req(&r, "entry", file_offset((void *)victim));
	r.nargs = 1;
	r.args[0] = (struct sonde_uarg){ .kind = SONDE_UARG_REG, .size = 8,
					 .base = SONDE_UREG_rdi };
	ASSERT_EQ(0, uprobe(fd, &r));
	ASSERT_EQ(0, load_sum(fd, r.id, 0, &ld));
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_GO, &go));
	/* a new probe while armed: made, not armed */
	fill_req(&r, "entry", file_offset((void *)bystander));
	strcpy(r.desc.function, "bystander");
	r.nargs = 1;
	r.args[0] = (struct sonde_uarg){ .kind = SONDE_UARG_REG, .size = 8,
					 .base = SONDE_UREG_rdi };
	ASSERT_EQ(0, uprobe(fd, &r));
	EXPECT_EQ(orig, *(volatile unsigned char *)bystander);
	bystander(1000);	/* not enabled: not counted */
	victim(1, 0);
	expect += 1;
	ecb = (struct sonde_ecb){ .probe_id = r.id, .clause = 0 };
	memset(&e, 0, sizeof(e));
	e.ecbs = (__u64)(unsigned long)&ecb;
	e.necbs = 1;
	ASSERT_EQ(0, enable(fd, &e));
	EXPECT_EQ(2, e.first_epid);
	EXPECT_EQ(0xcc, *(volatile unsigned char *)bystander);
	for (i = 1; i <= 100; i++) {
		victim(i, 0);
		bystander(i);
		expect += 2 * i;
	}
	/* its sites stay as they are now that it is enabled */
	fill_req(&r, "entry", file_offset((void *)victim));
	strcpy(r.desc.function, "bystander");
	r.nargs = 1;
	r.args[0] = (struct sonde_uarg){ .kind = SONDE_UARG_REG, .size = 8,
					 .base = SONDE_UREG_rdi };
	EXPECT_EQ(EBUSY, uprobe(fd, &r));
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_STOP, &stop));
	EXPECT_EQ(orig, *(volatile unsigned char *)bystander);
	EXPECT_EQ(expect, agg_total(fd, ld.aggsize, &drops));
	EXPECT_EQ(0, drops);
	e.first_epid = 0;
	EXPECT_EQ(EBUSY, enable(fd, &e));
	close(fd);
	EXPECT_EQ(orig, *(volatile unsigned char *)bystander);
}

/* Every malformed SONDE_IOC_ENABLE: a precise errno, nothing added. */
TEST(enable_rejected)
{
	struct sonde_uprobe r;
	struct sonde_load ld;
	struct sonde_ecb ecbs[2];
	struct sonde_enable e;
	__u32 begin;
	int fd = open(SONDE_DEVICE_PATH, O_RDWR);

	ASSERT_LE(0, fd);
	fill_req(&r, "entry", file_offset((void *)victim));
	ASSERT_EQ(0, uprobe(fd, &r));
	ecbs[0] = (struct sonde_ecb){ .probe_id = r.id, .clause = 0 };
	ecbs[1] = ecbs[0];
	memset(&e, 0, sizeof(e));
	e.ecbs = (__u64)(unsigned long)ecbs;
	e.necbs = 1;
	EXPECT_EQ(EBUSY, enable(fd, &e));	/* nothing loaded */
	ASSERT_EQ(0, load_sum(fd, r.id, 0, &ld));
	e.necbs = 0;
	EXPECT_EQ(EINVAL, enable(fd, &e));
	e.necbs = 1;
	e.reserved[3] = 1;
	EXPECT_EQ(EINVAL, enable(fd, &e));
	e.reserved[3] = 0;
	e.first_epid = 1;
	EXPECT_EQ(EINVAL, enable(fd, &e));
	e.first_epid = 0;
	e.necbs = SONDE_MAX_ECBS;
	EXPECT_EQ(E2BIG, enable(fd, &e));
	e.necbs = 2;
	ecbs[1].clause = 1;		/* the image has one clause */
	EXPECT_EQ(EINVAL, enable(fd, &e));
	ecbs[1].clause = 0;
	ecbs[1].probe_id = 0;
	EXPECT_EQ(ENOENT, enable(fd, &e));
	begin = probe_id(fd, "dtrace", "", "BEGIN");
	ASSERT_NE(0, begin);
	ecbs[1].probe_id = begin;
	EXPECT_EQ(EINVAL, enable(fd, &e));
	ecbs[1].probe_id = r.id;
	e.ecbs = 8;
	EXPECT_EQ(EFAULT, enable(fd, &e));
	/* none of those added anything: these are EPIDs 2 and 3 */
	e.ecbs = (__u64)(unsigned long)ecbs;
	ASSERT_EQ(0, enable(fd, &e));
	EXPECT_EQ(2, e.first_epid);
	close(fd);
}

struct waiter {
	volatile int done;
};

static void *rdv_waiter(void *arg)
{
	struct waiter *w = arg;

	victim(1, 1);		/* waits at the rendezvous */
	w->done = 1;
	return NULL;
}

static void msleep(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/*
 * A rendezvous: the thread that reaches it waits until the consumer has
 * seen it (SONDE_RDV_SEEN), and only that process's threads stop there;
 * closing the file lets a waiting thread go.  Malformed requests: a
 * precise errno.
 */
TEST(rendezvous)
{
	struct sonde_uprobe r;
	struct sonde_load ld;
	struct sonde_rdv v;
	struct waiter w = { 0 };
	pthread_t th;
	pid_t child;
	int fd = open(SONDE_DEVICE_PATH, O_RDWR), status, i;
	__u64 off = file_offset((void *)victim);

	ASSERT_LE(0, fd);
	memset(&v, 0, sizeof(v));
	v.op = SONDE_RDV_ADD;
	v.path = (__u64)(unsigned long)self_path;
	v.offset = off;
	v.pid = getpid();
	EXPECT_EQ(EBUSY, rdv(fd, &v));	/* nothing loaded */
	fill_req(&r, "entry", file_offset((void *)bystander));
	ASSERT_EQ(0, uprobe(fd, &r));
	ASSERT_EQ(0, load_sum(fd, r.id, 0, &ld));
	v.op = 0;
	EXPECT_EQ(EINVAL, rdv(fd, &v));
	v.op = SONDE_RDV_ADD;
	v.seen = 1;
	EXPECT_EQ(EINVAL, rdv(fd, &v));
	v.seen = 0;
	v.pid = 0;
	EXPECT_EQ(EINVAL, rdv(fd, &v));
	v.pid = getpid();
	v.reserved[0] = 1;
	EXPECT_EQ(EINVAL, rdv(fd, &v));
	v.reserved[0] = 0;
	v.offset = 1ULL << 40;
	EXPECT_EQ(EINVAL, rdv(fd, &v));
	v.offset = off;
	ASSERT_EQ(0, rdv(fd, &v));
	EXPECT_EQ(0, v.arrived);
	/* another process passing there does not stop */
	child = fork();
	if (child == 0) {
		victim(2, 2);
		_exit(0);
	}
	ASSERT_EQ(child, waitpid(child, &status, 0));
	EXPECT_EQ(0, WEXITSTATUS(status));
	memset(&v, 0, sizeof(v));
	v.op = SONDE_RDV_SEEN;
	ASSERT_EQ(0, rdv(fd, &v));
	EXPECT_EQ(0, v.arrived);
	/* a thread of ours waits there until seen */
	ASSERT_EQ(0, pthread_create(&th, NULL, rdv_waiter, &w));
	for (i = 0; i < 500 && v.arrived == 0; i++) {
		msleep(10);
		v.arrived = 0;
		ASSERT_EQ(0, rdv(fd, &v));
	}
	EXPECT_EQ(1, v.arrived);
	msleep(200);
	EXPECT_EQ(0, w.done);
	v.seen = 2;			/* more than arrived */
	v.arrived = 0;
	EXPECT_EQ(EINVAL, rdv(fd, &v));
	v.seen = 1;
	ASSERT_EQ(0, rdv(fd, &v));
	ASSERT_EQ(0, pthread_join(th, NULL));
	EXPECT_EQ(1, w.done);
	/* and closing the file lets a waiting one go */
	w.done = 0;
	ASSERT_EQ(0, pthread_create(&th, NULL, rdv_waiter, &w));
	v.seen = 1;
	for (i = 0; i < 500 && v.arrived < 2; i++) {
		msleep(10);
		v.arrived = 0;
		ASSERT_EQ(0, rdv(fd, &v));
	}
	EXPECT_EQ(2, v.arrived);
	EXPECT_EQ(0, w.done);
	close(fd);
	ASSERT_EQ(0, pthread_join(th, NULL));
	EXPECT_EQ(1, w.done);
	victim(3, 3);		/* and the trap is gone */
}

TEST_HARNESS_MAIN
