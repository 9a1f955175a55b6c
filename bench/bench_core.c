// SPDX-License-Identifier: GPL-2.0
/*
 * bench_core.c - the tracing core's cost, measured in the guest in one
 * boot (`make bench-core`): ns added to each getppid() by
 *   syscall::getppid:entry { @ = count(); }
 * and by every syscall armed with a false predicate, against the same
 * loop untraced; and aggregation throughput with both CPUs firing at once
 * against one.  Programs are built by hand (this measures the kernel, not
 * the compiler).  Prints figures; asserts nothing.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "sonde_test.h"

#define LOOPS	200000

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* Median of 5 runs of the getppid loop, ns per call, on @cpu. */
static double loop_ns(int cpu)
{
	double v[5], t;
	int r, i, j;

	pin(cpu);
	for (r = 0; r < 5; r++) {
		t = now_ns();
		for (i = 0; i < LOOPS; i++)
			syscall(SYS_getppid);
		v[r] = (now_ns() - t) / LOOPS;
	}
	for (i = 0; i < 5; i++)
		for (j = i + 1; j < 5; j++)
			if (v[j] < v[i]) {
				t = v[i];
				v[i] = v[j];
				v[j] = t;
			}
	return v[2];
}

/* Load and arm: @nprobes ECBs of one clause; @pred_false adds /0/. */
static int arm(const __u32 *ids, __u32 nprobes, int pred_false)
{
	struct prog_code pred, act;
	struct sonde_load ld;
	struct sonde_go go;
	struct prog p;
	char log[256];
	__u32 i;
	int err, fd = open(SONDE_DEVICE_PATH, O_RDWR);

	if (fd < 0)
		return -1;
	prog_init(&p);
	for (i = 0; i < nprobes; i++)
		prog_ecb(&p, ids[i], 0);
	PROG_ADD(&p, aggs, .fn = SONDE_AGG_count);
	/* the predicate is in the image either way, used when @pred_false */
	pred = prog_asm(&p,
			"movi r1, 0\n"
			"ret r1\n");
	act = prog_asm(&p,
		       "agg @0, r0, r0\n"
		       "ret r0\n");
	if (!pred_false)
		pred.len = 0;
	prog_clause_at(&p, 0, pred, act);
	err = load_prog(fd, &p, &ld, log, sizeof(log));
	prog_free(&p);
	if (err || ioctl(fd, SONDE_IOC_GO, &go)) {
		fprintf(stderr, "bench_core: load: %s\n", log);
		close(fd);
		return -1;
	}
	return fd;
}

struct worker {
	int cpu;
	double ns;
};

static void *work(void *arg)
{
	struct worker *w = arg;
	double t;
	int i;

	pin(w->cpu);
	t = now_ns();
	for (i = 0; i < LOOPS; i++)
		syscall(SYS_getppid);
	w->ns = now_ns() - t;
	return NULL;
}

/* Events per second with @n threads (CPUs 0..n-1) firing at once. */
static double throughput(int n)
{
	struct worker w[2] = { { 0, 0 }, { 1, 0 } };
	pthread_t t[2];
	double worst = 0;
	int i;

	for (i = 0; i < n; i++)
		pthread_create(&t[i], NULL, work, &w[i]);
	for (i = 0; i < n; i++) {
		pthread_join(t[i], NULL);
		if (w[i].ns > worst)
			worst = w[i].ns;
	}
	return n * (double)LOOPS / worst * 1e9;
}

int main(void)
{
	static struct sonde_probe_info pi[1024];
	struct sonde_probes q = { 0 };
	__u32 ids[1024], getppid_id, i;
	double base, counted, allfalse, one, two, base1, base2;
	int fd = open(SONDE_DEVICE_PATH, O_RDWR), tfd;

	if (fd < 0) {
		perror(SONDE_DEVICE_PATH);
		return 1;
	}
	getppid_id = probe_id(fd, "syscall", "getppid", "entry");
	strcpy(q.desc.provider, "syscall");
	strcpy(q.desc.name, "entry");
	q.buf = (__u64)(unsigned long)pi;
	q.buf_count = 1024;
	if (ioctl(fd, SONDE_IOC_PROBES, &q))
		return 1;
	for (i = 0; i < q.count; i++)
		ids[i] = pi[i].id;

	base = loop_ns(0);
	tfd = arm(&getppid_id, 1, 0);
	counted = loop_ns(0);
	close(tfd);
	tfd = arm(ids, q.count, 1);
	allfalse = loop_ns(0);
	close(tfd);
	base1 = throughput(1);
	base2 = throughput(2);
	tfd = arm(&getppid_id, 1, 0);
	one = throughput(1);
	two = throughput(2);
	close(tfd);

	printf("sonde core, getppid() loop of %d calls, median of 5, CPU 0:\n",
	       LOOPS);
	printf("  untraced                                      %8.1f ns/call\n",
	       base);
	printf("  syscall::getppid:entry { @ = count(); }       %8.1f ns/call  (+%.1f ns, x%.2f)\n",
	       counted, counted - base, counted / base);
	printf("  syscall:::entry /0/ { @ = count(); } (%3u probes) %6.1f ns/call  (+%.1f ns, x%.2f)\n",
	       q.count, allfalse, allfalse - base, allfalse / base);
	printf("aggregation throughput, getppid { @ = count(); }:\n");
	printf("  1 CPU   %10.0f events/s  (untraced %10.0f calls/s)\n", one,
	       base1);
	printf("  2 CPUs  %10.0f events/s  (untraced %10.0f calls/s)  scaling x%.2f\n",
	       two, base2, two / one);
	close(fd);
	return 0;
}
