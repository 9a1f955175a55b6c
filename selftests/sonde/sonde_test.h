/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sonde_test.h - helpers the C selftests (and the guest benchmarks)
 * share: program images (struct prog, img.h: tables and assembly text),
 * probe lookup, loading, and draining every CPU's buffer record by
 * record (struct drain).  Header-only so each test stays one file
 * (kselftest style); the binaries link the VM's assembler, vm/asm.c.
 */
#ifndef _SONDE_TEST_H
#define _SONDE_TEST_H

#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "sonde.h"
#include "img.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

/* The predicate /pid == consts[0]/, four instructions leaving r1..r3
 * used; the test adds getpid() as constant 0. */
#define ASM_PRED_PID_IS_CONST0		\
	"ldb r1, pid\n"			\
	"ldc r2, #0\n"			\
	"seteq r3, r1, r2\n"		\
	"ret r3\n"

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

/* LOAD the @len bytes of image @img on @fd: 0 or errno, the log in @log. */
static inline int load_img(int fd, const void *img, __u32 len,
			   struct sonde_load *ld, char *log, __u32 logsz)
{
	memset(ld, 0, sizeof(*ld));
	ld->prog = (__u64)(unsigned long)img;
	ld->prog_size = len;
	ld->log_level = 1;
	ld->log_buf = (__u64)(unsigned long)log;
	ld->log_size = logsz;
	return ioctl(fd, SONDE_IOC_LOAD, ld) ? errno : 0;
}

/* Lay out program @p's image and load it on @fd: 0 or errno, the log in
 * @log. */
static inline int load_prog(int fd, struct prog *p, struct sonde_load *ld,
			    char *log, __u32 logsz)
{
	prog_image(p);
	return load_img(fd, p->img, p->len, ld, log, logsz);
}

/*
 * A test's trace: the device, a program loaded and running, the answers
 * of GO, STOP and STATUS.
 *
 *	struct trace t;
 *
 *	ASSERT_EQ(0, trace_open(&t));
 *	ecb.probe_id = probe_id(t.fd, "syscall", "getppid", "entry");
 *	ASSERT_EQ(0, trace_go(&t, &p)) TH_LOG("%s", t.log);
 *	... fire, trace_stop(&t), drain t.ld.bufsize bytes a CPU ...
 *	close(t.fd);
 */
struct trace {
	int fd;
	struct sonde_load ld;
	struct sonde_go go;
	struct sonde_stop stop;
	struct sonde_status st;
	char log[512];		/* the verifier's, when LOAD failed */
};

/* Open the device: 0 or errno. */
static inline int trace_open(struct trace *t)
{
	memset(t, 0, sizeof(*t));
	t->fd = open(SONDE_DEVICE_PATH, O_RDWR);
	return t->fd < 0 ? errno : 0;
}

/* Load @p and GO: 0 or errno. */
static inline int trace_go(struct trace *t, struct prog *p)
{
	int err = load_prog(t->fd, p, &t->ld, t->log, sizeof(t->log));

	if (err)
		return err;
	return ioctl(t->fd, SONDE_IOC_GO, &t->go) ? errno : 0;
}

/* STOP, STATUS: 0 or errno. */
static inline int trace_stop(struct trace *t)
{
	return ioctl(t->fd, SONDE_IOC_STOP, &t->stop) ? errno : 0;
}

static inline int trace_status(struct trace *t)
{
	return ioctl(t->fd, SONDE_IOC_STATUS, &t->st) ? errno : 0;
}

static inline int nr_cpus(int fd)
{
	struct sonde_info info;

	if (ioctl(fd, SONDE_IOC_INFO, &info))
		return -1;
	return (int)info.nr_cpus;
}

/*
 * Draining: DRAIN (principal records) or AGGSNAP (aggregation records)
 * of one CPU or of every CPU in turn, into a buffer of the size LOAD
 * said (ld.bufsize, ld.aggsize), and each record of what came:
 *
 *	struct drain dr;
 *	struct sonde_rechdr *h;
 *
 *	for_each_drain(&dr, fd, SONDE_IOC_DRAIN, ld.bufsize)
 *		for_each_rec(h, &dr)
 *			...
 *
 * CPU ids the module does not have are skipped (dr.err says the last
 * CPU that did not drain, for a test that wants every one).  The buffer
 * is freed when the CPU loop ends; leaving it early (break, ASSERT_*)
 * leaks it, which a test may.
 */
struct drain {
	int fd;
	unsigned long ioc;	/* SONDE_IOC_DRAIN or SONDE_IOC_AGGSNAP */
	int cpu, ncpu;
	void *buf;
	__u64 size;
	struct sonde_drain d;	/* the last one: size, drops, errors */
	int err;		/* 0, or the errno of a CPU that did not */
};

static inline void drain_init(struct drain *dr, int fd, unsigned long ioc,
			      __u64 size)
{
	memset(dr, 0, sizeof(*dr));
	dr->fd = fd;
	dr->ioc = ioc;
	dr->cpu = -1;
	dr->ncpu = nr_cpus(fd);
	if (dr->ncpu < 0)
		dr->err = errno;
	dr->size = size;
	dr->buf = malloc(size);
}

/* Drain CPU @cpu into @dr's buffer: 0, or -1 with errno. */
static inline int drain_cpu(struct drain *dr, int cpu)
{
	memset(&dr->d, 0, sizeof(dr->d));
	dr->d.cpu = cpu;
	dr->d.buf = (__u64)(unsigned long)dr->buf;
	dr->d.buf_size = dr->size;
	return dr->buf ? ioctl(dr->fd, dr->ioc, &dr->d) : -1;
}

/* The next CPU that drained; false (buffer freed) after the last. */
static inline bool drain_next(struct drain *dr)
{
	while (++dr->cpu < dr->ncpu) {
		if (drain_cpu(dr, dr->cpu) == 0)
			return true;
		dr->err = dr->buf ? errno : ENOMEM;
	}
	free(dr->buf);
	dr->buf = NULL;
	return false;
}

#define for_each_drain(dr, fd, ioc, size)				\
	for (drain_init((dr), (fd), (ioc), (size)); drain_next(dr);)

/* Each record (struct sonde_rechdr or sonde_aggrec, by its size) of the
 * buffer @dr last drained. */
#define for_each_rec(r, dr)						\
	for ((r) = (void *)(dr)->buf;					\
	     (char *)(r) < (char *)(dr)->buf + (dr)->d.size && (r)->size; \
	     (r) = (void *)((char *)(r) + (r)->size))

/* Sum count() values of aggregation 0 (no keys) over every CPU. */
static inline long long agg_total(int fd, __u64 aggsize, __u64 *drops)
{
	struct sonde_aggrec *r;
	struct drain dr;
	long long total = 0, v;

	*drops = 0;
	for_each_drain(&dr, fd, SONDE_IOC_AGGSNAP, aggsize) {
		*drops += dr.d.drops;
		for_each_rec(r, &dr) {
			memcpy(&v, r + 1, sizeof(v));
			total += v;
		}
	}
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
