// SPDX-License-Identifier: GPL-2.0
/*
 * bench_providers.c - the kernel providers' cost, in the guest
 * (`selftests/guest/run-guest.sh --cmd /bench_providers`):
 *   - ns added to each 1-byte read() of /dev/zero by
 *     fbt::vfs_read:entry { @[execname] = count(); }
 *     against the same loop untraced;
 *   - time to offer and list, load, arm (GO), disarm (STOP) and close
 *     N = 10, 100, 1000 fbt entry probes (fbt:vmlinux:*_read*:entry
 *     then *_write*:entry) and every traceable vmlinux function.
 * Programs are built as the selftests' are (img.h).  Prints figures;
 * asserts nothing.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "sonde_test.h"

#define LOOPS	100000

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static double read_loop_ns(void)
{
	double v[5], t;
	int r, i, j, z = open("/dev/zero", O_RDONLY);
	char c;

	pin(0);
	for (r = 0; r < 5; r++) {
		t = now_ns();
		for (i = 0; i < LOOPS; i++)
			if (read(z, &c, 1) != 1)
				return -1;
		v[r] = (now_ns() - t) / LOOPS;
	}
	close(z);
	for (i = 0; i < 5; i++)
		for (j = i + 1; j < 5; j++)
			if (v[j] < v[i]) {
				t = v[i]; v[i] = v[j]; v[j] = t;
			}
	return v[2];
}

/*
 * A program of @n ECBs on @ids, all running one clause:
 * @[execname] = count() when @keyed, else @ = count() (the key type is
 * in the image either way).
 */
static int load_n(int fd, const __u32 *ids, int n, int keyed,
		  struct sonde_load *ld)
{
	struct prog p;
	char log[512] = "";
	int i, err;

	prog_init(&p);
	for (i = 0; i < n; i++)
		prog_ecb(&p, ids[i], 0);
	PROG_ADD(&p, aggs, .fn = SONDE_AGG_count, .nkeys = keyed);
	PROG_ADD(&p, keys, SONDE_T_STR);
	prog_clause(&p, 0, NULL, keyed ?
		    "ldb r1, execname\n"
		    "agg @0, r1, r0\n"
		    "ret r0\n" :
		    "ldb r1, execname\n"
		    "agg @0, r0, r0\n"
		    "ret r0\n");
	err = load_prog(fd, &p, ld, log, sizeof(log)) ? -1 : 0;
	if (err)
		printf("load failed: %s\n", log);
	prog_free(&p);
	return err;
}

/* Up to @max fbt:vmlinux:@func:entry ids, offered first. */
static int list_ids(int fd, const char *func, __u32 *ids, int max)
{
	struct sonde_probe_info *pi = calloc(max ? max : 1, sizeof(*pi));
	struct sonde_probes q;
	int i;

	if (offer_fbt(fd, func) < 0)
		return 0;
	memset(&q, 0, sizeof(q));
	strcpy(q.desc.provider, "fbt");
	strcpy(q.desc.module, "vmlinux");
	strcpy(q.desc.function, func);
	strcpy(q.desc.name, "entry");
	q.buf = (__u64)(unsigned long)pi;
	q.buf_count = max;
	if (max <= 0 || ioctl(fd, SONDE_IOC_PROBES, &q))
		return 0;
	for (i = 0; i < (int)q.count; i++)
		ids[i] = pi[i].id;
	free(pi);
	return q.count;
}

int main(void)
{
	static __u32 ids[SONDE_MAX_ECBS];
	static const int ns[] = { 10, 100, 1000, SONDE_MAX_ECBS };
	struct sonde_load ld;
	struct sonde_go go;
	struct sonde_stop stop;
	double base, traced, t0, t1, t2, t3, t4;
	int fd, i, n;
	__u32 id;

	base = read_loop_ns();
	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	id = probe_id(fd, "fbt", "vfs_read", "entry");
	if (fd < 0 || !id || load_n(fd, &id, 1, 1, &ld) ||
	    ioctl(fd, SONDE_IOC_GO, &go)) {
		printf("bench_providers: cannot arm fbt::vfs_read:entry\n");
		return 1;
	}
	traced = read_loop_ns();
	ioctl(fd, SONDE_IOC_STOP, &stop);
	close(fd);
	printf("read(/dev/zero, 1): untraced %.0f ns, fbt::vfs_read:entry { @[execname] = count(); } %.0f ns: +%.0f ns per firing\n",
	       base, traced, traced - base);

	/* the last: every traceable vmlinux function (up to the ECB limit) */
	for (i = 0; i < 4; i++) {
		fd = open(SONDE_DEVICE_PATH, O_RDWR);
		t0 = now_ns();
		if (ns[i] < SONDE_MAX_ECBS) {
			n = list_ids(fd, "*_read*", ids, ns[i]);
			n += list_ids(fd, "*_write*", ids + n, ns[i] - n);
		} else {
			n = list_ids(fd, "*", ids, ns[i]);
		}
		t1 = now_ns();
		if (load_n(fd, ids, n, 0, &ld))
			return 1;
		t2 = now_ns();
		if (ioctl(fd, SONDE_IOC_GO, &go)) {
			printf("N=%d: GO failed: %m\n", n);
			return 1;
		}
		t3 = now_ns();
		ioctl(fd, SONDE_IOC_STOP, &stop);
		t4 = now_ns();
		close(fd);
		printf("fbt entry probes N=%5d: offer+list %.0f ms, load %.0f ms, arm %.0f ms, disarm %.0f ms, close %.0f ms\n",
		       n, (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6,
		       (t4 - t3) / 1e6, (now_ns() - t4) / 1e6);
	}
	return 0;
}
