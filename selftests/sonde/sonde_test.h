/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sonde_test.h - helpers the C selftests share: program images built by
 * hand, probe lookup, loading, draining.  Header-only so each test stays
 * one file (kselftest style).
 */
#ifndef _SONDE_TEST_H
#define _SONDE_TEST_H

#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "sonde.h"

#define INSN(o, d, s, t, i) \
	((struct sonde_insn){ .op = (o), .rd = (d), .rs = (s), .rt = (t), .imm = (i) })

/* A program image under construction: sections appended in order. */
struct img {
	__u8 buf[16384] __attribute__((aligned(8)));
	__u32 len;
};

static inline struct sonde_prog_hdr *img_hdr(struct img *m)
{
	return (struct sonde_prog_hdr *)m->buf;
}

static inline void img_init(struct img *m)
{
	memset(m, 0, sizeof(*m));
	img_hdr(m)->magic = SONDE_PROG_MAGIC;
	img_hdr(m)->hdr_size = sizeof(struct sonde_prog_hdr);
	img_hdr(m)->abi_version = SONDE_ABI_VERSION;
	m->len = sizeof(struct sonde_prog_hdr);
}

static inline void img_sect(struct img *m, int sect, const void *data, __u32 elem,
		     __u32 count)
{
	img_hdr(m)->sects[sect].off = m->len;
	img_hdr(m)->sects[sect].count = count;
	memcpy(m->buf + m->len, data, elem * count);
	m->len += (elem * count + 7) & ~7u;
}

/* The id of the one probe matching prov:mod:func:name, or 0. */
static inline __u32 probe_id(int fd, const char *prov, const char *func,
		      const char *name)
{
	struct sonde_probe_info pi[2];
	struct sonde_probes q;

	memset(&q, 0, sizeof(q));
	strcpy(q.desc.provider, prov);
	strcpy(q.desc.function, func);
	strcpy(q.desc.name, name);
	q.buf = (__u64)(unsigned long)pi;
	q.buf_count = 2;
	if (ioctl(fd, SONDE_IOC_PROBES, &q) || q.count != 1)
		return 0;
	return pi[0].id;
}

static inline int load(int fd, struct img *m, struct sonde_load *ld, char *log,
		__u32 logsz)
{
	memset(ld, 0, sizeof(*ld));
	ld->prog = (__u64)(unsigned long)m->buf;
	ld->prog_size = m->len;
	ld->log_level = 1;
	ld->log_buf = (__u64)(unsigned long)log;
	ld->log_size = logsz;
	return ioctl(fd, SONDE_IOC_LOAD, ld) ? errno : 0;
}

static inline int nr_cpus(int fd)
{
	struct sonde_info info;

	if (ioctl(fd, SONDE_IOC_INFO, &info))
		return -1;
	return (int)info.nr_cpus;
}

/* Sum count() values of aggregation 0 (no keys) over every CPU. */
static inline long long agg_total(int fd, __u64 aggsize, __u64 *drops)
{
	struct sonde_drain d;
	long long total = 0;
	void *buf = malloc(aggsize);
	int cpu, n = nr_cpus(fd);

	*drops = 0;
	for (cpu = 0; cpu < n; cpu++) {
		__u64 off;

		memset(&d, 0, sizeof(d));
		d.cpu = cpu;
		d.buf = (__u64)(unsigned long)buf;
		d.buf_size = aggsize;
		if (ioctl(fd, SONDE_IOC_AGGSNAP, &d))
			continue;	/* a CPU id that does not exist */
		*drops += d.drops;
		for (off = 0; off < d.size;) {
			struct sonde_aggrec *r = (void *)((char *)buf + off);
			long long v;

			memcpy(&v, r + 1, sizeof(v));
			total += v;
			off += r->size;
		}
	}
	free(buf);
	return total;
}

static inline void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}


#endif /* _SONDE_TEST_H */
