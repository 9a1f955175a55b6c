// SPDX-License-Identifier: GPL-2.0
/*
 * test_core.c - the tracing core under load and abuse: several consumers
 * on one probe, drop accounting with a tiny buffer, dynamic-variable
 * exhaustion, kill -9 of tracing processes, and an ioctl fuzzer.  The
 * runner fails the run on any kernel BUG/WARNING/Oops as well.
 *
 * Runs as root in the test guest (2 vCPUs) with sonde.ko loaded.
 */
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "sonde_test.h"

/* syscall::getppid:entry /pid == self/ { @ = count(); } on @fd. */
static int load_count_getppid(int fd, struct sonde_load *ld)
{
	struct prog p;
	char log[256];
	int err;

	prog_init(&p);
	prog_ecb(&p, probe_id(fd, "syscall", "getppid", "entry"), 0);
	PROG_ADD(&p, consts, getpid());
	PROG_ADD(&p, aggs, .fn = SONDE_AGG_count);
	prog_clause(&p, 0, ASM_PRED_PID_IS_CONST0,
		    "agg @0, r0, r0\n"
		    "ret r0\n");
	err = load_prog(fd, &p, ld, log, sizeof(log));
	prog_free(&p);
	return err;
}

/* Two consumers on the same syscall each see every event. */
TEST(two_consumers_same_probe)
{
	struct sonde_load ld[2];
	struct sonde_go go;
	struct sonde_stop stop;
	__u64 drops;
	int fd[2], i;

	for (i = 0; i < 2; i++) {
		fd[i] = open(SONDE_DEVICE_PATH, O_RDWR);
		ASSERT_LE(0, fd[i]);
		ASSERT_EQ(0, load_count_getppid(fd[i], &ld[i]));
		ASSERT_EQ(0, ioctl(fd[i], SONDE_IOC_GO, &go));
	}
	for (i = 0; i < 1500; i++)
		syscall(SYS_getppid);
	/* the first consumer leaves; the second keeps the site armed */
	ASSERT_EQ(0, ioctl(fd[0], SONDE_IOC_STOP, &stop));
	for (i = 0; i < 500; i++)
		syscall(SYS_getppid);
	ASSERT_EQ(0, ioctl(fd[1], SONDE_IOC_STOP, &stop));
	EXPECT_EQ(1500, agg_total(fd[0], ld[0].aggsize, &drops));
	EXPECT_EQ(0, drops);
	EXPECT_EQ(2000, agg_total(fd[1], ld[1].aggsize, &drops));
	EXPECT_EQ(0, drops);
	close(fd[0]);
	close(fd[1]);
}

/*
 * bufsize=4096 and a 24-byte record per getppid, never drained while
 * 3000 calls run on one CPU: records delivered + drops = calls, exactly.
 */
TEST(tiny_buffer_drops_add_up)
{
	struct sonde_load ld;
	struct sonde_go go;
	struct sonde_stop stop;
	struct sonde_status st;
	struct sonde_rechdr *h;
	struct drain dr;
	struct prog p;
	char log[256];
	__u64 records = 0, drops = 0;
	int fd, i;

	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	ASSERT_LE(0, fd);
	prog_init(&p);
	prog_opt(&p, SONDE_OPT_bufsize, 4096);
	prog_ecb(&p, probe_id(fd, "syscall", "getppid", "entry"), 0);
	PROG_ADD(&p, consts, getpid());
	prog_clause(&p, 8, ASM_PRED_PID_IS_CONST0,
		    "ldb r1, arg0\n"
		    "emit8 r1, 0\n"
		    "ret r0\n");
	ASSERT_EQ(0, load_prog(fd, &p, &ld, log, sizeof(log))) TH_LOG("%s", log);
	ASSERT_EQ(4096, ld.bufsize);
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_GO, &go));
	pin(0);
	for (i = 0; i < 3000; i++)
		syscall(SYS_getppid);
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_STOP, &stop));
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_STATUS, &st));
	for_each_drain(&dr, fd, SONDE_IOC_DRAIN, ld.bufsize) {
		drops += dr.d.drops;
		for_each_rec(h, &dr)
			records++;
	}
	EXPECT_LT(0, drops);
	EXPECT_EQ(3000, records + drops);
	EXPECT_EQ(drops, st.drops);	/* STATUS counted the same drops */
	TH_LOG("%llu records, %llu drops", records, drops);
	close(fd);
}

/* getppid(i) records arg0 with @policy and a 4 KiB buffer, 3000 calls. */
static int policy_run(struct __test_metadata *_metadata, int policy,
		      __u64 *first, __u64 *last, __u64 *n, __u64 *drops,
		      __u32 *flags)
{
	struct sonde_load ld;
	struct sonde_go go;
	struct sonde_stop stop;
	struct sonde_status st;
	struct sonde_rechdr *h;
	struct drain dr;
	struct prog p;
	char log[256];
	__u64 v, prev = 0;
	int fd, i;

	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	if (fd < 0)
		return -1;
	prog_init(&p);
	prog_opt(&p, SONDE_OPT_bufsize, 4096);
	prog_opt(&p, SONDE_OPT_bufpolicy, policy);
	prog_ecb(&p, probe_id(fd, "syscall", "getppid", "entry"), 0);
	PROG_ADD(&p, consts, getpid());
	prog_clause(&p, 8, ASM_PRED_PID_IS_CONST0,
		    "ldb r1, arg0\n"
		    "emit8 r1, 0\n"
		    "ret r0\n");
	if (load_prog(fd, &p, &ld, log, sizeof(log)) ||
	    ioctl(fd, SONDE_IOC_GO, &go))
		return -1;
	pin(0);
	drain_init(&dr, fd, SONDE_IOC_DRAIN, ld.bufsize);
	for (i = 0; i < 3000; i++) {
		syscall(SYS_getppid, i);
		if (i == 1500) {
			/* while tracing, fill and ring buffers read empty */
			EXPECT_EQ(0, drain_cpu(&dr, 0));
			EXPECT_EQ(0, dr.d.size);
		}
	}
	ioctl(fd, SONDE_IOC_STATUS, &st);
	*flags = st.flags;
	if (ioctl(fd, SONDE_IOC_STOP, &stop) || drain_cpu(&dr, 0))
		return -1;
	*n = 0;
	for_each_rec(h, &dr) {
		memcpy(&v, h + 1, 8);
		if (*n == 0)
			*first = v;
		else
			EXPECT_EQ(prev + 1, v);	/* in order, no gap */
		prev = v;
		(*n)++;
	}
	*last = prev;
	*drops = dr.d.drops;
	free(dr.buf);
	close(fd);
	return 0;
}

/* bufpolicy=fill keeps the first records; the rest are drops. */
TEST(bufpolicy_fill)
{
	__u64 first, last, n, drops;
	__u32 flags;

	ASSERT_EQ(0, policy_run(_metadata, SONDE_BUFPOLICY_FILL, &first,
				&last, &n, &drops, &flags));
	EXPECT_EQ(0, first);
	EXPECT_EQ(n - 1, last);
	EXPECT_EQ(3000, n + drops);
	EXPECT_TRUE(flags & SONDE_STATUS_FILLED);
	TH_LOG("fill: %llu records, %llu drops", n, drops);
}

/* bufpolicy=ring keeps the last records, in order, and drops nothing. */
TEST(bufpolicy_ring)
{
	__u64 first, last, n, drops;
	__u32 flags;

	ASSERT_EQ(0, policy_run(_metadata, SONDE_BUFPOLICY_RING, &first,
				&last, &n, &drops, &flags));
	EXPECT_EQ(2999, last);
	EXPECT_EQ(3000 - n, first);
	EXPECT_LT(100, n);
	EXPECT_EQ(0, drops);
	TH_LOG("ring: the last %llu records", n);
}

/*
 * dynvarsize=4096 (the minimum) and a global array given 2000 distinct
 * keys: the pool fills, the rest are dynamic-variable drops, reported.
 */
TEST(dynvar_exhaustion_counted)
{
	struct trace t;
	struct prog p;
	int i;

	ASSERT_EQ(0, trace_open(&t));
	prog_init(&p);
	prog_opt(&p, SONDE_OPT_dynvarsize, 4096);
	prog_ecb(&p, probe_id(t.fd, "syscall", "getppid", "entry"), 0);
	PROG_ADD(&p, consts, getpid());
	PROG_ADD(&p, vars, .scope = SONDE_VAR_GLOBAL, .type = SONDE_T_INT,
		 .nkeys = 1);
	PROG_ADD(&p, keys, SONDE_T_INT);
	prog_clause(&p, 0, ASM_PRED_PID_IS_CONST0,
		    "ldb r1, arg0\n"		/* a[arg0] = 1 */
		    "movi r2, 1\n"
		    "stga v0, r1, r2\n"
		    "ret r0\n");
	ASSERT_EQ(0, trace_go(&t, &p)) TH_LOG("%s", t.log);
	for (i = 0; i < 2000; i++)
		syscall(SYS_getppid, i);	/* arg0 = i: a new key */
	ASSERT_EQ(0, trace_status(&t));
	EXPECT_LT(1000, t.st.dyndrops);
	EXPECT_GT(2000, t.st.dyndrops);
	TH_LOG("%llu dynamic variable drops", t.st.dyndrops);
	ASSERT_EQ(0, trace_stop(&t));
	close(t.fd);
}

static void *one_getppid(void *arg)
{
	syscall(SYS_getppid);
	return NULL;
}

/*
 * Thread-locals of exited threads are reclaimed: with a pool of about 80
 * elements, 400 threads that each set self->x and exit cause no drops
 * (without reclamation every thread after the 80th would drop).
 */
TEST(thread_locals_reclaimed_on_exit)
{
	struct trace t;
	struct prog p;
	int i;

	ASSERT_EQ(0, trace_open(&t));
	prog_init(&p);
	prog_opt(&p, SONDE_OPT_dynvarsize, 4096);
	prog_ecb(&p, probe_id(t.fd, "syscall", "getppid", "entry"), 0);
	PROG_ADD(&p, consts, getpid());
	PROG_ADD(&p, vars, .scope = SONDE_VAR_TLS, .type = SONDE_T_INT);
	prog_clause(&p, 0, ASM_PRED_PID_IS_CONST0,
		    "movi r1, 1\n"		/* self->x = 1 */
		    "stt v0, r1\n"
		    "ret r0\n");
	ASSERT_EQ(0, trace_go(&t, &p)) TH_LOG("%s", t.log);
	for (i = 0; i < 400; i++) {
		pthread_t t;

		pthread_create(&t, NULL, one_getppid, NULL);
		pthread_join(t, NULL);
	}
	ASSERT_EQ(0, trace_status(&t));
	EXPECT_EQ(0, t.st.dyndrops);
	ASSERT_EQ(0, trace_stop(&t));
	close(t.fd);
}

/*
 * kill -9 of a process tracing every syscall entry, 50 times, while this
 * process keeps making syscalls: every kill tears down cleanly (the
 * runner checks the kernel log; test_cli checks rmmod afterwards).
 */
TEST(kill9_during_heavy_tracing)
{
	int round;

	for (round = 0; round < 50; round++) {
		pid_t child = fork();
		int status, i;

		ASSERT_LE(0, child);
		if (child == 0) {
			struct sonde_probes q = { 0 };
			struct sonde_probe_info *pi;
			struct sonde_load ld;
			struct prog p;
			struct sonde_go go;
			char log[256];
			int fd = open(SONDE_DEVICE_PATH, O_RDWR);
			__u32 k;

			strcpy(q.desc.provider, "syscall");
			strcpy(q.desc.name, "entry");
			pi = calloc(1024, sizeof(*pi));
			q.buf = (__u64)(unsigned long)pi;
			q.buf_count = 1024;
			if (fd < 0 || ioctl(fd, SONDE_IOC_PROBES, &q))
				_exit(1);
			prog_init(&p);
			for (k = 0; k < q.count; k++)
				prog_ecb(&p, pi[k].id, 0);
			PROG_ADD(&p, aggs, .fn = SONDE_AGG_count);
			prog_clause(&p, 0, NULL,
				    "agg @0, r0, r0\n"
				    "ret r0\n");
			if (load_prog(fd, &p, &ld, log, sizeof(log)) ||
			    ioctl(fd, SONDE_IOC_GO, &go))
				_exit(2);
			for (;;) {
				struct sonde_drain d = { .buf_size = ld.bufsize };

				d.buf = (__u64)(unsigned long)malloc(ld.bufsize);
				ioctl(fd, SONDE_IOC_DRAIN, &d);
				free((void *)(unsigned long)d.buf);
			}
		}
		for (i = 0; i < 200 + round * 20; i++)
			syscall(SYS_getppid);
		usleep(20000);
		kill(child, SIGKILL);
		ASSERT_EQ(child, waitpid(child, &status, 0));
		ASSERT_TRUE(WIFSIGNALED(status)) {
			TH_LOG("round %d: child exited %d before the kill",
			       round, WEXITSTATUS(status));
		}
	}
}

/*
 * Random ioctls on /dev/sonde for a few seconds: random commands and
 * sizes, random and wild pointers, mutated program images.  Every call
 * must return (an errno is fine); the kernel log must stay clean.
 */
static unsigned long long rnd_state = 88172645463325252ULL;

static unsigned long long rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return rnd_state;
}

TEST(ioctl_fuzz)
{
	static unsigned char blob[65536] __attribute__((aligned(8)));
	static const unsigned long long wild[] = {
		0, 1, 0xffffffffffffffffULL, 0xffff888000000000ULL,
		0xffffffff81000000ULL, 0x7ffffffff000ULL, 4096,
	};
	static struct prog p;
	time_t end = time(NULL) + 8;
	unsigned long calls = 0;
	int fd = -1;

	for (; time(NULL) < end; calls++) {
		unsigned int nr = rnd() % 12, dir = rnd() % 4;
		unsigned int size = rnd() % 2 ? rnd() % 600 : 0;
		unsigned long long r = rnd() % 8;
		void *arg;
		size_t i;

		if (fd < 0 || rnd() % 64 == 0) {
			if (fd >= 0)
				close(fd);
			fd = open(SONDE_DEVICE_PATH, O_RDWR);
			ASSERT_LE(0, fd);
			prog_free(&p);
			prog_ecb(&p, probe_id(fd, "syscall", "getppid",
					      "entry"), 0);
			prog_clause(&p, 8, NULL,
				    "emit8 r1, 0\n"
				    "ret r0\n");
			prog_image(&p);
		}
		for (i = 0; i < 64; i++)
			blob[rnd() % sizeof(blob)] = (unsigned char)rnd();
		if (nr == _IOC_NR(SONDE_IOC_LOAD) && rnd() % 2) {
			/* a plausible LOAD of a mutated valid image */
			struct sonde_load *ld = (void *)blob;
			unsigned char *img = blob + 4096;

			/* the image, zeros to 16 KiB, then the blob's bytes
			 * for a LOAD that says it is longer */
			memset(img, 0, 16384);
			memcpy(img, p.img, p.len);
			for (i = 0; i < 1 + rnd() % 4; i++)
				img[rnd() % p.len] = (unsigned char)rnd();
			memset(ld, 0, sizeof(*ld));
			ld->prog = (__u64)(unsigned long)img;
			ld->prog_size = rnd() % 4 ? p.len : rnd() % 20000;
			ld->log_level = rnd() % 2;
			ld->log_buf = (__u64)(unsigned long)(blob + 32768);
			ld->log_size = rnd() % 8192;
			ioctl(fd, SONDE_IOC_LOAD, ld);
			continue;
		}
		/* plant a few pointers inside the argument */
		for (i = 0; i < 4; i++) {
			unsigned long long p = rnd() % 2 ?
				(unsigned long long)(unsigned long)(blob + rnd() % 60000) :
				wild[rnd() % (sizeof(wild) / sizeof(wild[0]))];

			memcpy(blob + (rnd() % 64) * 8, &p, 8);
		}
		arg = r == 0 ? NULL : r == 1 ? (void *)(unsigned long)wild[rnd() % 7] :
		      (void *)blob;
		ioctl(fd, _IOC(dir, SONDE_IOC_MAGIC, nr, size), arg);
		if (rnd() % 4 == 0) {
			/* and a well-formed call now and then */
			switch (rnd() % 4) {
			case 0: {
				struct sonde_go go;

				ioctl(fd, SONDE_IOC_GO, &go);
				syscall(SYS_getppid);
				break;
			}
			case 1: {
				struct sonde_stop st;

				ioctl(fd, SONDE_IOC_STOP, &st);
				break;
			}
			case 2: {
				struct sonde_drain d = { 0 };

				d.cpu = rnd() % 4;
				d.buf = (__u64)(unsigned long)blob;
				d.buf_size = rnd() % 2 ? sizeof(blob) : rnd();
				ioctl(fd, rnd() % 2 ? SONDE_IOC_DRAIN :
				      SONDE_IOC_AGGSNAP, &d);
				break;
			}
			default: {
				struct sonde_status st;

				ioctl(fd, SONDE_IOC_STATUS, &st);
			}
			}
		}
	}
	TH_LOG("%lu ioctls", calls);
	close(fd);
}

TEST_HARNESS_MAIN
