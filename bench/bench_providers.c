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
 * Programs are built by hand.  Prints figures; asserts nothing.
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

/* Append a section at *@p; its start. */
static void *sect(struct sonde_prog_hdr *h, char **p, int id,
		  const void *data, size_t elem, size_t cnt)
{
	void *at = *p;

	h->sects[id].off = *p - (char *)h;
	h->sects[id].count = cnt;
	if (data)
		memcpy(*p, data, elem * cnt);
	*p += (elem * cnt + 7) & ~7u;
	return at;
}

/* A program image of @n ECBs on @ids, all running one clause. */
static int load_n(int fd, const __u32 *ids, int n, int keyed,
		  struct sonde_load *ld)
{
	struct sonde_clause cl = { .act_len = 3 };
	struct sonde_agg_desc ad = { .fn = SONDE_AGG_count, .nkeys = keyed };
	__u32 key = SONDE_T_STR;
	struct sonde_insn insns[] = {
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_execname),
		INSN(SONDE_OP_AGG, 0, 1, 0, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};
	size_t size = sizeof(struct sonde_prog_hdr) + n * 8 + 4096;
	struct sonde_prog_hdr *h = calloc(1, size);
	struct sonde_ecb *ecbs;
	char log[512] = "", *p;
	int i, err;

	if (!keyed)
		insns[1] = INSN(SONDE_OP_AGG, 0, 0, 0, 0);
	h->magic = SONDE_PROG_MAGIC;
	h->hdr_size = sizeof(*h);
	h->abi_version = SONDE_ABI_VERSION;
	p = (char *)(h + 1);
	ecbs = sect(h, &p, SONDE_SECT_ECBS, NULL, sizeof(*ecbs), n);
	for (i = 0; i < n; i++) {
		ecbs[i].probe_id = ids[i];
		ecbs[i].clause = 0;
	}
	sect(h, &p, SONDE_SECT_CLAUSES, &cl, sizeof(cl), 1);
	sect(h, &p, SONDE_SECT_INSNS, insns, sizeof(insns[0]), 3);
	sect(h, &p, SONDE_SECT_AGGS, &ad, sizeof(ad), 1);
	sect(h, &p, SONDE_SECT_KEYS, &key, sizeof(key), 1);
	memset(ld, 0, sizeof(*ld));
	ld->prog = (__u64)(unsigned long)h;
	ld->prog_size = p - (char *)h;
	ld->log_level = 1;
	ld->log_buf = (__u64)(unsigned long)log;
	ld->log_size = sizeof(log);
	err = ioctl(fd, SONDE_IOC_LOAD, ld);
	if (err)
		printf("load failed: %s\n", log);
	free(h);
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
