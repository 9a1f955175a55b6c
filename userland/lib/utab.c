// SPDX-License-Identifier: GPL-2.0
/*
 * utab.c - the unwind tables of the traced processes (-c, -p) handed to
 * the kernel (SONDE_IOC_UTAB), so ustack() walks code built without
 * frame pointers.
 *
 * For each executable file mapping of the process (/proc/PID/maps), the
 * object's rows (cfi.c, read once per object and cached) for the
 * addresses of that mapping, with its load bias (the mapping's address
 * less the link-time address of its file offset, from the object's
 * PT_LOAD headers).  The kernel decides whether tables are wanted: it
 * reserves room for them at LOAD only when the program records user
 * stacks, and answers EBUSY otherwise, which turns this off.  A table is
 * given before GO, again once a created process has mapped its libraries
 * (work.c runs it to its entry point), and again when the process's
 * executable mappings change (dlopen()), as the run loop drains.
 *
 * Consumer thread only.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "consume_impl.h"
#include "libsonde.h"

#define UTAB_MAX_LOADS	16

/* One object: its rows and where its segments are. */
struct sonde_uobj {
	struct sonde_uobj *next;
	char *path;
	unsigned long long dev, ino;
	int err;			/* reading it failed: no rows */
	struct sonde_cfi cfi;
	uint32_t nload;
	uint64_t load_vaddr[UTAB_MAX_LOADS], load_off[UTAB_MAX_LOADS];
	uint64_t load_filesz[UTAB_MAX_LOADS];
};

/* Per target: what the last table was made of, to give it again only
 * when that changes. */
struct sonde_utarget {
	int pid;
	uint64_t sig;
};

struct sonde_ustate {
	struct sonde_uobj *objs;
	bool off;			/* the kernel wants no tables */
	bool said;			/* a failure was said once */
	struct sonde_utarget tg[SONDE_UTAB_MAX_PIDS];
};

static struct sonde_ustate *sonde_us(struct sonde_consumer *c)
{
	if (!c->us)
		c->us = calloc(1, sizeof(*c->us));
	return c->us;
}

static int sonde_uobj_loads(struct sonde_uobj *o)
{
	GElf_Phdr ph;
	size_t i, n;
	int fd, err = 0;
	Elf *e;

	fd = open(o->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	elf_version(EV_CURRENT);
	e = elf_begin(fd, ELF_C_READ, NULL);
	if (!e || elf_getphdrnum(e, &n)) {
		err = -ENOEXEC;
		goto out;
	}
	for (i = 0; i < n && o->nload < UTAB_MAX_LOADS; i++) {
		if (!gelf_getphdr(e, (int)i, &ph) || ph.p_type != PT_LOAD)
			continue;
		o->load_vaddr[o->nload] = ph.p_vaddr;
		o->load_off[o->nload] = ph.p_offset;
		o->load_filesz[o->nload] = ph.p_filesz;
		o->nload++;
	}
out:
	if (e)
		elf_end(e);
	close(fd);
	return err;
}

static struct sonde_uobj *sonde_uobj_get(struct sonde_ustate *us,
					 const char *path,
					 unsigned long long dev,
					 unsigned long long ino)
{
	struct sonde_uobj *o;

	for (o = us->objs; o; o = o->next)
		if (o->dev == dev && o->ino == ino && !strcmp(o->path, path))
			return o;
	o = calloc(1, sizeof(*o));
	if (!o)
		return NULL;
	o->path = strdup(path);
	if (!o->path) {
		free(o);
		return NULL;
	}
	o->dev = dev;
	o->ino = ino;
	o->err = sonde_uobj_loads(o);
	if (!o->err)
		o->err = sonde_cfi_read(path, &o->cfi);
	o->next = us->objs;
	us->objs = o;
	return o;
}

/* The load bias of a mapping of @o at @start from file offset @off:
 * false when no PT_LOAD holds that offset. */
static bool sonde_uobj_bias(const struct sonde_uobj *o, uint64_t start,
			    uint64_t off, uint64_t *bias)
{
	uint32_t i;

	for (i = 0; i < o->nload; i++) {
		uint64_t lo = o->load_off[i] & ~0xfffULL;

		if (off >= lo && off < o->load_off[i] + o->load_filesz[i]) {
			/* p_vaddr and p_offset agree modulo the page */
			*bias = start - (o->load_vaddr[i] - o->load_off[i] +
					 off);
			return true;
		}
	}
	return false;
}

/* The first row of @o at or after @pc. */
static uint32_t sonde_uobj_row(const struct sonde_uobj *o, uint64_t pc)
{
	uint32_t lo = 0, hi = o->cfi.nrows, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (o->cfi.rows[mid].pc < pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

struct sonde_ubuild {
	struct sonde_utab_map *maps;
	struct sonde_utab_row *rows;
	uint32_t nmaps, nrows, rcap;
	uint64_t sig;
};

static int sonde_ubuild_add(struct sonde_ubuild *b, const struct sonde_uobj *o,
			    uint64_t start, uint64_t end, uint64_t bias)
{
	uint32_t first, last, n;

	if (start < bias || end - bias > (1ULL << 32) || !o->cfi.nrows)
		return 0;
	/* the row covering the start, up to the last one inside */
	first = sonde_uobj_row(o, start - bias);
	if (first == o->cfi.nrows || o->cfi.rows[first].pc > start - bias)
		first = first ? first - 1 : 0;
	last = sonde_uobj_row(o, end - bias);
	if (last <= first)
		return 0;
	n = last - first;
	if (b->nmaps == SONDE_UTAB_MAX_MAPS ||
	    n > SONDE_UTAB_MAX_ROWS - b->nrows)
		return -E2BIG;
	if (b->nrows + n > b->rcap) {
		uint32_t cap = b->rcap ? b->rcap : 4096;
		struct sonde_utab_row *r;

		while (cap < b->nrows + n)
			cap *= 2;
		r = realloc(b->rows, (size_t)cap * sizeof(*r));
		if (!r)
			return -ENOMEM;
		b->rows = r;
		b->rcap = cap;
	}
	memcpy(b->rows + b->nrows, o->cfi.rows + first, (size_t)n * sizeof(*b->rows));
	b->maps[b->nmaps] = (struct sonde_utab_map){
		.start = start, .end = end, .bias = bias,
		.first = b->nrows, .count = n,
	};
	b->nmaps++;
	b->nrows += n;
	return 0;
}

/* FNV-1a over a mapping: the table is given again when these change. */
static uint64_t sonde_usig(uint64_t h, uint64_t v)
{
	uint32_t i;

	for (i = 0; i < 8; i++) {
		h ^= (v >> (8 * i)) & 0xff;
		h *= 0x100000001b3ULL;
	}
	return h;
}

static int sonde_ubuild_pid(struct sonde_ustate *us, int pid,
			    struct sonde_ubuild *b)
{
	char path[64], line[4096 + 128], perm[8];
	unsigned long long start, end, off, dev_ma, dev_mi, ino;
	const char *file;
	uint64_t bias;
	FILE *f;
	int k, err = 0;

	b->maps = calloc(SONDE_UTAB_MAX_MAPS, sizeof(*b->maps));
	if (!b->maps)
		return -ENOMEM;
	b->sig = 0xcbf29ce484222325ULL;
	snprintf(path, sizeof(path), "/proc/%d/maps", pid);
	f = fopen(path, "r");
	if (!f)
		return -errno;
	while (!err && fgets(line, sizeof(line), f)) {
		struct sonde_uobj *o;

		line[strcspn(line, "\n")] = 0;
		k = 0;
		if (sscanf(line, "%llx-%llx %7s %llx %llx:%llx %llu %n", &start,
			   &end, perm, &off, &dev_ma, &dev_mi, &ino, &k) < 7 ||
		    !k || perm[2] != 'x')
			continue;
		file = line + k;
		if (file[0] != '/' || strstr(file, " (deleted)"))
			continue;
		b->sig = sonde_usig(sonde_usig(b->sig, start), ino);
		o = sonde_uobj_get(us, file, (dev_ma << 32) | dev_mi, ino);
		if (!o) {
			err = -ENOMEM;
			break;
		}
		if (o->err || !sonde_uobj_bias(o, start, off, &bias))
			continue;
		err = sonde_ubuild_add(b, o, start, end, bias);
	}
	fclose(f);
	return err;
}

static struct sonde_utarget *sonde_utarget(struct sonde_ustate *us, int pid)
{
	uint32_t i;

	for (i = 0; i < SONDE_UTAB_MAX_PIDS; i++)
		if (us->tg[i].pid == pid)
			return &us->tg[i];
	for (i = 0; i < SONDE_UTAB_MAX_PIDS; i++)
		if (!us->tg[i].pid) {
			us->tg[i].pid = pid;
			return &us->tg[i];
		}
	return NULL;
}

int sonde_utab_give(struct sonde_consumer *c, struct sonde_dev *dev, int pid)
{
	struct sonde_ustate *us = sonde_us(c);
	struct sonde_ubuild b = { 0 };
	struct sonde_utarget *t;
	struct sonde_utab u;
	int err;

	if (!us)
		return -ENOMEM;
	if (us->off || pid <= 0)
		return 0;
	t = sonde_utarget(us, pid);
	if (!t)
		return -ENOSPC;
	err = sonde_ubuild_pid(us, pid, &b);
	if (!err && t->sig == b.sig) {
		err = 0;	/* as last given */
		goto out;
	}
	if (!err) {
		memset(&u, 0, sizeof(u));
		u.size = sizeof(u);
		u.pid = pid;
		u.nmaps = b.nmaps;
		u.nrows = b.nrows;
		u.maps = b.nmaps ? (uint64_t)(uintptr_t)b.maps : 0;
		u.rows = b.nmaps ? (uint64_t)(uintptr_t)b.rows : 0;
		if (!b.nmaps)
			u.nrows = 0;
		err = sonde_dev_utab(dev, &u);
		if (err == -EBUSY) {
			/* the program records no user stack */
			us->off = true;
			err = 0;
		} else if (!err) {
			t->sig = b.sig;
		}
	}
	if (err && err != -ESRCH && !us->said) {
		us->said = true;
		sonde_consumer_msg(c, SONDE_MSG_WARNING,
				   "user stacks of pid %d are walked by frame pointers only: its unwind tables could not be given to the kernel: %s",
				   pid, sonde_strerror(err));
	}
out:
	free(b.maps);
	free(b.rows);
	return err;
}

bool sonde_utab_wanted(struct sonde_consumer *c)
{
	return c->us && !c->us->off;
}

void sonde_utab_free(struct sonde_consumer *c)
{
	struct sonde_uobj *o, *n;

	if (!c->us)
		return;
	for (o = c->us->objs; o; o = n) {
		n = o->next;
		sonde_cfi_free(&o->cfi);
		free(o->path);
		free(o);
	}
	free(c->us);
	c->us = NULL;
}
