/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sonde_test.h - helpers the C selftests share: program images built by
 * hand, probe lookup, loading, draining.  Header-only so each test stays
 * one file (kselftest style).
 */
#ifndef _SONDE_TEST_H
#define _SONDE_TEST_H

#include <errno.h>
#include <fnmatch.h>
#include <sched.h>
#include <stdio.h>
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

/*
 * What libsonde does before it lists fbt or tracepoint probes (the module
 * reads no files): offer the module the sites only files name.
 * offer_fbt(): the vmlinux functions of tracefs's
 * available_filter_functions that match @glob (fnmatch), at their
 * /proc/kallsyms addresses.  offer_events(): the "system:name" lines of
 * available_events whose name matches @glob.  The number of entries the
 * module accepted, or -errno.
 */
struct offer_buf {
	struct sonde_offer_ent e[SONDE_OFFER_MAX];
	__u32 n;
	int accepted;
};

static inline int offer_flush(int fd, struct offer_buf *b)
{
	struct sonde_offer o;

	if (!b->n || b->accepted < 0)
		return b->accepted;
	memset(&o, 0, sizeof(o));
	o.ents = (__u64)(unsigned long)b->e;
	o.count = b->n;
	b->n = 0;
	if (ioctl(fd, SONDE_IOC_OFFER, &o))
		return b->accepted = -errno;
	return b->accepted += o.accepted;
}

static inline int offer_add(int fd, struct offer_buf *b, __u32 kind,
			    __u64 addr, const char *mod, const char *name)
{
	struct sonde_offer_ent *e = &b->e[b->n++];

	memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->addr = addr;
	memcpy(e->module, mod, strnlen(mod, sizeof(e->module) - 1));
	memcpy(e->name, name, strnlen(name, sizeof(e->name) - 1));
	return b->n == SONDE_OFFER_MAX ? offer_flush(fd, b) : 0;
}

static inline int offer_strcmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static inline int offer_fbt(int fd, const char *glob)
{
	static struct offer_buf b;
	char line[512], name[256], **names = NULL, *key = name;
	unsigned long long addr;
	size_t n = 0, cap = 0;
	FILE *f;
	char t;

	b.n = 0;
	b.accepted = 0;
	f = fopen("/sys/kernel/tracing/available_filter_functions", "r");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (strchr(line, '[') || sscanf(line, "%255s", name) != 1 ||
		    fnmatch(glob, name, 0))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 1024;
			names = realloc(names, cap * sizeof(*names));
		}
		names[n++] = strdup(name);
	}
	fclose(f);
	qsort(names, n, sizeof(*names), offer_strcmp);
	f = fopen("/proc/kallsyms", "r");
	while (n && f && fgets(line, sizeof(line), f)) {
		if (strchr(line, '[') ||
		    sscanf(line, "%llx %c %255s", &addr, &t, name) != 3 ||
		    !strchr("tTwW", t) ||
		    !bsearch(&key, names, n, sizeof(*names), offer_strcmp))
			continue;
		if (offer_add(fd, &b, SONDE_OFFER_FUNC, addr, "vmlinux",
			      name) < 0)
			break;
	}
	if (f)
		fclose(f);
	while (n)
		free(names[--n]);
	free(names);
	return offer_flush(fd, &b);
}

static inline int offer_events(int fd, const char *glob)
{
	static struct offer_buf b;
	char line[256], *colon;
	FILE *f;

	b.n = 0;
	b.accepted = 0;
	f = fopen("/sys/kernel/tracing/available_events", "r");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = 0;
		colon = strchr(line, ':');
		if (!colon)
			continue;
		*colon = 0;
		if (fnmatch(glob, colon + 1, 0))
			continue;
		if (offer_add(fd, &b, SONDE_OFFER_EVENT, 0, line, colon + 1) < 0)
			break;
	}
	fclose(f);
	return offer_flush(fd, &b);
}

/*
 * The id of the one probe matching prov:mod:func:name, or 0.  fbt and
 * tracepoint sites are offered first, as libsonde does.
 */
static inline __u32 probe_id(int fd, const char *prov, const char *func,
		      const char *name)
{
	struct sonde_probe_info pi[2];
	struct sonde_probes q;

	if (!strcmp(prov, "fbt"))
		offer_fbt(fd, func);
	if (!strcmp(prov, "tracepoint"))
		offer_events(fd, name);
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
