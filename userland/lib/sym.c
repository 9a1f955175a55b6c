// SPDX-License-Identifier: GPL-2.0
/*
 * sym.c - symbolisation for stack() / ustack() and their aggregation keys:
 * kernel PCs from /proc/kallsyms (vmlinux, and loadable modules with their
 * "[mod]" suffix), user PCs from /proc/PID/maps plus the .symtab / .dynsym
 * of each mapped object (libelf).  Names are DTrace's: "mod`func+0xoff",
 * "mod`func" at the symbol itself, "mod`0xpc" inside a known object without
 * a symbol, "0xpc" otherwise (dt_print_stack() / dt_print_ustack()).
 *
 * Everything is loaded lazily and cached: kallsyms once, an object's
 * symbol table once per path, a process's maps when first asked and again
 * on sonde_syms_grab() (the run loop refreshes its targets, so stacks of a
 * -c command still resolve after it exited).  Consumer thread only.
 *
 * Symbols are taken where they really are, as gdb and perf find them: an
 * object with no .symtab (stripped, as Debian ships them) has its debug
 * file looked for by build-id (DEBUGDIR/.build-id/xx/yyyy.debug), then by
 * .gnu_debuglink (beside it, in .debug/ beside it, DEBUGDIR/its dir/; the
 * link's CRC-32 must match); failing that its .dynsym is used, with the
 * MiniDebugInfo .symtab of .gnu_debugdata (xz) when present.  Frames in
 * anonymous executable memory (JIT code) are named from the process's
 * /tmp/perf-PID.map ("START SIZE name" in hex, as perf reads it) when the
 * process's owner or root wrote it.  C++ names are demangled (the
 * system's demangler, libstdc++'s __cxa_demangle) unless -x mangled.
 * Every consumer (stacks, usym()/ufunc(), jstack(), folded and JSON
 * output, aggregation keys) names user addresses through this one path.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <limits.h>
#include <lzma.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "libsonde.h"
#include "usdt.h"

struct sonde_sym {
	uint64_t addr;
	uint64_t size;		/* 0: unknown (kallsyms): up to the next */
	char *name;
	char *dname;		/* demangled name, made when first asked;
				 * == name if it is no C++ name */
	const char *mod;	/* kernel: module name, "vmlinux" */
};

struct sonde_symtab {
	struct sonde_sym *v;
	uint32_t n;
};

/* One mapped object's symbols and its loadable segments. */
struct sonde_obj {
	struct sonde_obj *next;
	char *path;
	const char *base;		/* basename of path */
	bool bad;			/* no ELF: names "obj`0x..." only */
	bool absolute;			/* a perf map: at process addresses */
	struct timespec mtime;		/* a perf map's, as last read */
	off_t fsize;
	struct sonde_symtab st;
	struct { uint64_t off, filesz, vaddr; } *seg;
	uint32_t nseg;
};

struct sonde_umap {
	uint64_t start, end, off;
	struct sonde_obj *obj;
};

struct sonde_uproc {
	struct sonde_uproc *next;
	int pid;
	struct sonde_umap *maps;
	uint32_t nmaps;
};

struct sonde_syms {
	char *kallsyms;			/* path; NULL: /proc/kallsyms */
	bool kloaded;
	struct sonde_symtab k;
	char **kmods;			/* interned module names */
	uint32_t nkmods;
	const char *kbase_mod;		/* sonde_syms_canon()'s last module */
	uint64_t kbase;			/* and the start of its run */
	struct sonde_obj *objs;
	struct sonde_uproc *procs;
	char *debugdir;			/* NULL: /usr/lib/debug */
	bool mangled;			/* -x mangled: C++ names as they are */
};

/* libstdc++'s demangler (the static command links libstdc++.a for it) */
char *__cxa_demangle(const char *mangled, char *buf, size_t *n, int *status);

struct sonde_syms *sonde_syms_new(const char *kallsyms)
{
	struct sonde_syms *s = calloc(1, sizeof(*s));

	if (s && kallsyms && !(s->kallsyms = strdup(kallsyms))) {
		free(s);
		return NULL;
	}
	return s;
}

void sonde_syms_set_mangled(struct sonde_syms *s, bool mangled)
{
	s->mangled = mangled;
}

int sonde_syms_set_debugdir(struct sonde_syms *s, const char *dir)
{
	char *d = strdup(dir);

	if (!d)
		return -ENOMEM;
	free(s->debugdir);
	s->debugdir = d;
	return 0;
}

static void sonde_symtab_free(struct sonde_symtab *t)
{
	uint32_t i;

	for (i = 0; i < t->n; i++) {
		if (t->v[i].dname != t->v[i].name)
			free(t->v[i].dname);
		free(t->v[i].name);
	}
	free(t->v);
	memset(t, 0, sizeof(*t));
}

static void sonde_uproc_free(struct sonde_uproc *p)
{
	free(p->maps);
	free(p);
}

void sonde_syms_free(struct sonde_syms *s)
{
	struct sonde_obj *o, *on;
	struct sonde_uproc *p, *pn;
	uint32_t i;

	if (!s)
		return;
	sonde_symtab_free(&s->k);
	for (i = 0; i < s->nkmods; i++)
		free(s->kmods[i]);
	free(s->kmods);
	for (o = s->objs; o; o = on) {
		on = o->next;
		sonde_symtab_free(&o->st);
		free(o->seg);
		free(o->path);
		free(o);
	}
	for (p = s->procs; p; p = pn) {
		pn = p->next;
		sonde_uproc_free(p);
	}
	free(s->kallsyms);
	free(s->debugdir);
	free(s);
}

static int sonde_symcmp(const void *a, const void *b)
{
	const struct sonde_sym *l = a, *r = b;

	return l->addr < r->addr ? -1 : l->addr > r->addr;
}

static int sonde_symtab_add(struct sonde_symtab *t, uint32_t *cap,
			    uint64_t addr, uint64_t size, const char *name,
			    const char *mod)
{
	struct sonde_sym *v;

	if (t->n == *cap) {
		*cap = *cap ? *cap * 2 : 1024;
		v = realloc(t->v, *cap * sizeof(*v));
		if (!v)
			return -ENOMEM;
		t->v = v;
	}
	t->v[t->n].name = strdup(name);
	if (!t->v[t->n].name)
		return -ENOMEM;
	t->v[t->n].dname = NULL;
	t->v[t->n].addr = addr;
	t->v[t->n].size = size;
	t->v[t->n].mod = mod;
	t->n++;
	return 0;
}

/* The symbol covering @addr: the last at or below it, within its size. */
static struct sonde_sym *sonde_symtab_find(const struct sonde_symtab *t,
					   uint64_t addr)
{
	uint32_t lo = 0, hi = t->n;
	struct sonde_sym *s;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (t->v[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return NULL;
	s = &t->v[lo - 1];
	/* among equal addresses prefer one whose size covers @addr */
	while (s > t->v && s[-1].addr == s->addr && s->size &&
	       addr >= s->addr + s->size)
		s--;
	if (s->size && addr >= s->addr + s->size)
		return NULL;
	return s;
}

static const char *sonde_kmod_intern(struct sonde_syms *s, const char *m)
{
	char **v;
	uint32_t i;

	for (i = s->nkmods; i-- > 0;)
		if (!strcmp(s->kmods[i], m))
			return s->kmods[i];
	v = realloc(s->kmods, (s->nkmods + 1) * sizeof(*v));
	if (!v)
		return NULL;
	s->kmods = v;
	v[s->nkmods] = strdup(m);
	return v[s->nkmods] ? v[s->nkmods++] : NULL;
}

/* /proc/kallsyms: "ffffffff81000000 T _stext" or "... t f\t[mod]". */
static void sonde_kload(struct sonde_syms *s)
{
	FILE *f;
	char line[512], name[256], mod[128], type;
	unsigned long long addr;
	uint32_t cap = 0;
	const char *m;
	int n;

	s->kloaded = true;
	f = fopen(s->kallsyms ? s->kallsyms : "/proc/kallsyms", "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		mod[0] = '\0';
		n = sscanf(line, "%llx %c %255s [%127[^]]]", &addr, &type,
			   name, mod);
		if (n < 3 || !addr)
			continue;
		/* text and data (%a of &`max_pfn names the variable, as
		 * dtrace's kernel symbol table does); not absolute or
		 * per-CPU offsets ('A', and 'a' / 'V' / 'U') */
		if (!strchr("tTwWdDbBrR", type))
			continue;
		m = sonde_kmod_intern(s, mod[0] ? mod : "vmlinux");
		if (!m || sonde_symtab_add(&s->k, &cap, addr, 0, name, m))
			break;
	}
	fclose(f);
	qsort(s->k.v, s->k.n, sizeof(*s->k.v), sonde_symcmp);
}

void sonde_syms_kaddr(struct sonde_syms *s, uint64_t pc, char *buf, size_t n)
{
	const struct sonde_sym *sym;

	if (!s->kloaded)
		sonde_kload(s);
	sym = sonde_symtab_find(&s->k, pc);
	if (!sym)
		snprintf(buf, n, "0x%llx", (unsigned long long)pc);
	else if (pc > sym->addr)
		snprintf(buf, n, "%s`%s+0x%llx", sym->mod, sym->name,
			 (unsigned long long)(pc - sym->addr));
	else
		snprintf(buf, n, "%s`%s", sym->mod, sym->name);
}

/* ---- user objects ----------------------------------------------------- */

struct sonde_obj_load {
	struct sonde_obj *o;
	uint32_t cap;
};

static int sonde_obj_sym(void *arg, uint64_t va, uint64_t size,
			 const char *name, bool global)
{
	struct sonde_obj_load *l = arg;

	return sonde_symtab_add(&l->o->st, &l->cap, va, size, name, NULL);
}

/*
 * The function symbols of the debug file at @path into @l: true if it is
 * one (an ELF file with a .symtab) whose CRC-32 is @crc (when @check_crc,
 * the .gnu_debuglink rule) and whose build-id is @d's (when @d has one).
 */
static bool sonde_debug_try(struct sonde_obj_load *l, const char *path,
			    const struct sonde_elf_debug *d, bool check_crc,
			    const struct stat *self)
{
	struct sonde_elf_debug dd;
	unsigned char buf[65536];
	uLong crc = crc32(0, NULL, 0);
	struct stat st;
	bool ok = false;
	ssize_t r;
	Elf *e;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	/* not the object itself (a link naming its own file) */
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    (st.st_dev == self->st_dev && st.st_ino == self->st_ino))
		goto out_close;
	if (check_crc) {
		while ((r = read(fd, buf, sizeof(buf))) > 0)
			crc = crc32(crc, buf, (uInt)r);
		if (r < 0 || (uint32_t)crc != d->link_crc)
			goto out_close;
	}
	e = elf_begin(fd, ELF_C_READ, NULL);
	if (!e)
		goto out_close;
	if (elf_kind(e) == ELF_K_ELF && !sonde_elf_debug_refs(e, &dd) &&
	    dd.symtab && (!d->build_id_len ||
			  (dd.build_id_len == d->build_id_len &&
			   !memcmp(dd.build_id, d->build_id,
				   d->build_id_len))))
		ok = !sonde_elf_func_syms(e, sonde_obj_sym, l);
	elf_end(e);
out_close:
	close(fd);
	return ok;
}

/* The separate debug file of @o, by build-id, then by .gnu_debuglink. */
static bool sonde_debug_file(const struct sonde_syms *s,
			     struct sonde_obj_load *l,
			     const struct sonde_elf_debug *d,
			     const struct stat *self)
{
	const char *root = s->debugdir ? s->debugdir : "/usr/lib/debug";
	const char *path = l->o->path;
	int dirlen = (int)(l->o->base - path);
	char p[PATH_MAX];
	size_t i, n;

	if (d->build_id_len >= 2) {
		n = (size_t)snprintf(p, sizeof(p), "%s/.build-id/%02x/", root,
				     d->build_id[0]);
		for (i = 1; i < d->build_id_len && n + 3 < sizeof(p); i++)
			n += (size_t)snprintf(p + n, sizeof(p) - n, "%02x",
					      d->build_id[i]);
		if (n + 7 < sizeof(p)) {
			memcpy(p + n, ".debug", 7);
			if (sonde_debug_try(l, p, d, false, self))
				return true;
		}
	}
	if (!d->link[0])
		return false;
	/* gdb's order: beside the object, its .debug/, DEBUGDIR/its dir */
	if (snprintf(p, sizeof(p), "%.*s%s", dirlen, path, d->link) <
	    (int)sizeof(p) && sonde_debug_try(l, p, d, true, self))
		return true;
	if (snprintf(p, sizeof(p), "%.*s.debug/%s", dirlen, path, d->link) <
	    (int)sizeof(p) && sonde_debug_try(l, p, d, true, self))
		return true;
	return snprintf(p, sizeof(p), "%s%.*s%s", root, dirlen, path,
			d->link) < (int)sizeof(p) &&
	       sonde_debug_try(l, p, d, true, self);
}

/*
 * MiniDebugInfo: .gnu_debugdata is an xz stream of an ELF file whose
 * .symtab has the functions .dynsym lacks (Fedora's and others' stripped
 * binaries).  Its function symbols into @l, beside .dynsym's.
 */
#define SONDE_MINIDEBUG_MAX	(256u << 20)	/* decompressed, at most */

static void sonde_minidebug(struct sonde_obj_load *l, const void *xz,
			    size_t n)
{
	lzma_stream z = LZMA_STREAM_INIT;
	size_t cap = n * 4 + 4096;
	lzma_ret r;
	char *buf, *t;
	Elf *e;

	if (lzma_stream_decoder(&z, UINT64_MAX, 0) != LZMA_OK)
		return;
	buf = malloc(cap);
	if (!buf)
		goto out_end;
	z.next_in = xz;
	z.avail_in = n;
	z.next_out = (uint8_t *)buf;
	z.avail_out = cap;
	for (;;) {
		r = lzma_code(&z, LZMA_FINISH);
		if (r == LZMA_STREAM_END)
			break;
		if ((r != LZMA_OK && r != LZMA_BUF_ERROR) || z.avail_out ||
		    cap >= SONDE_MINIDEBUG_MAX)
			goto out_free;
		t = realloc(buf, cap * 2);
		if (!t)
			goto out_free;
		buf = t;
		z.next_out = (uint8_t *)buf + cap;
		z.avail_out = cap;
		cap *= 2;
	}
	e = elf_memory(buf, z.total_out);
	if (e) {
		if (elf_kind(e) == ELF_K_ELF)
			sonde_elf_func_syms(e, sonde_obj_sym, l);
		elf_end(e);
	}
out_free:
	free(buf);
out_end:
	lzma_end(&z);
}

static void sonde_obj_load_elf(const struct sonde_syms *s,
			       struct sonde_obj *o, int fd)
{
	struct sonde_obj_load l = { .o = o };
	struct sonde_elf_debug d;
	struct stat self;
	Elf *e;
	GElf_Phdr ph;
	size_t i, nph;
	void *v;

	elf_version(EV_CURRENT);
	e = elf_begin(fd, ELF_C_READ, NULL);
	if (!e || elf_kind(e) != ELF_K_ELF || elf_getphdrnum(e, &nph)) {
		o->bad = true;
		goto out;
	}
	for (i = 0; i < nph; i++) {
		if (!gelf_getphdr(e, (int)i, &ph) || ph.p_type != PT_LOAD)
			continue;
		v = realloc(o->seg, (o->nseg + 1) * sizeof(*o->seg));
		if (!v)
			goto out;
		o->seg = v;
		o->seg[o->nseg].off = ph.p_offset;
		o->seg[o->nseg].filesz = ph.p_filesz;
		o->seg[o->nseg].vaddr = ph.p_vaddr;
		o->nseg++;
	}
	if (!sonde_elf_debug_refs(e, &d) && !d.symtab && !fstat(fd, &self) &&
	    sonde_debug_file(s, &l, &d, &self))
		goto out_sort;
	/* the function symbols as the pid provider sees them (uelf.c) */
	sonde_elf_func_syms(e, sonde_obj_sym, &l);
	if (!d.symtab && d.minidebug)
		sonde_minidebug(&l, d.minidebug, d.minidebug_len);
out_sort:
	if (o->st.n)
		qsort(o->st.v, o->st.n, sizeof(*o->st.v), sonde_symcmp);
out:
	if (e)
		elf_end(e);
}

static struct sonde_obj *sonde_obj_new(struct sonde_syms *s, const char *path)
{
	struct sonde_obj *o = calloc(1, sizeof(*o));

	if (!o || !(o->path = strdup(path))) {
		free(o);
		return NULL;
	}
	o->base = strrchr(o->path, '/') ? strrchr(o->path, '/') + 1 : o->path;
	o->next = s->objs;
	s->objs = o;
	return o;
}

static struct sonde_obj *sonde_obj_find(struct sonde_syms *s, const char *path)
{
	struct sonde_obj *o;

	for (o = s->objs; o; o = o->next)
		if (!strcmp(o->path, path))
			return o;
	return NULL;
}

static struct sonde_obj *sonde_obj_get(struct sonde_syms *s, const char *path,
				       int pid, uint64_t start, uint64_t end)
{
	struct sonde_obj *o = sonde_obj_find(s, path);
	char alt[96];
	int fd;

	if (o)
		return o;
	o = sonde_obj_new(s, path);
	if (!o)
		return NULL;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		/* replaced or deleted since: the mapping itself (root) */
		snprintf(alt, sizeof(alt), "/proc/%d/map_files/%llx-%llx", pid,
			 (unsigned long long)start, (unsigned long long)end);
		fd = open(alt, O_RDONLY | O_CLOEXEC);
	}
	if (fd >= 0) {
		sonde_obj_load_elf(s, o, fd);
		close(fd);
	} else {
		o->bad = true;
	}
	return o;
}

/*
 * /tmp/perf-PID.map, the symbols a JIT writes for the code it made: one
 * "START SIZE name" line per function, START and SIZE in hex (perf's
 * format).  Read again whenever it changed; only a regular file owned by
 * the process's owner or by root is believed (perf's rule), so no other
 * user can name a root process's frames.  NULL if there is none.
 */
static struct sonde_obj *sonde_perfmap_get(struct sonde_syms *s, int pid)
{
	struct sonde_obj_load l = { 0 };
	unsigned long long start, size;
	struct stat st, proc;
	char path[64], line[4096];
	struct sonde_obj *o;
	FILE *f;
	int n;

	snprintf(path, sizeof(path), "/tmp/perf-%d.map", pid);
	snprintf(line, sizeof(line), "/proc/%d", pid);
	if (lstat(path, &st) || !S_ISREG(st.st_mode) || stat(line, &proc) ||
	    (st.st_uid && st.st_uid != proc.st_uid))
		return NULL;
	o = sonde_obj_find(s, path);
	if (o && o->fsize == st.st_size &&
	    o->mtime.tv_sec == st.st_mtim.tv_sec &&
	    o->mtime.tv_nsec == st.st_mtim.tv_nsec)
		return o;
	if (!o) {
		o = sonde_obj_new(s, path);
		if (!o)
			return NULL;
		o->absolute = true;
	}
	sonde_symtab_free(&o->st);
	o->fsize = st.st_size;
	o->mtime = st.st_mtim;
	f = fopen(path, "re");
	if (!f)
		return o;
	l.o = o;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		n = 0;
		if (sscanf(line, "%llx %llx %n", &start, &size, &n) < 2 ||
		    !n || !line[n])
			continue;
		if (sonde_symtab_add(&o->st, &l.cap, start, size, line + n,
				     NULL))
			break;
	}
	fclose(f);
	if (o->st.n)
		qsort(o->st.v, o->st.n, sizeof(*o->st.v), sonde_symcmp);
	return o;
}

static struct sonde_uproc *sonde_uproc_find(struct sonde_syms *s, int pid)
{
	struct sonde_uproc *p;

	for (p = s->procs; p; p = p->next)
		if (p->pid == pid)
			return p;
	return NULL;
}

int sonde_syms_grab(struct sonde_syms *s, int pid)
{
	struct sonde_uproc *p, *old;
	struct sonde_umap *v;
	unsigned long long start, end, off;
	char path[64], line[4096], perm[8], *file;
	struct sonde_obj *o;
	uint32_t cap = 0;
	FILE *f;
	int n;

	snprintf(path, sizeof(path), "/proc/%d/maps", pid);
	f = fopen(path, "r");
	if (!f)
		return -errno;
	p = calloc(1, sizeof(*p));
	if (!p) {
		fclose(f);
		return -ENOMEM;
	}
	p->pid = pid;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		n = 0;
		if (sscanf(line, "%llx-%llx %7s %llx %*s %*s %n", &start, &end,
			   perm, &off, &n) < 4 || !n)
			continue;
		file = line + n;
		if (perm[2] != 'x')
			continue;
		if (file[0] == '/')
			o = sonde_obj_get(s, file, pid, start, end);
		else if (!file[0] || !strncmp(file, "[anon:", 6))
			o = sonde_perfmap_get(s, pid);	/* JIT code */
		else
			continue;			/* [vdso] ... */
		if (!o)
			continue;
		if (p->nmaps == cap) {
			cap = cap ? cap * 2 : 32;
			v = realloc(p->maps, cap * sizeof(*v));
			if (!v)
				break;
			p->maps = v;
		}
		p->maps[p->nmaps].start = start;
		p->maps[p->nmaps].end = end;
		p->maps[p->nmaps].off = off;
		p->maps[p->nmaps].obj = o;
		p->nmaps++;
	}
	fclose(f);
	/* replace the old view only with a non-empty new one */
	old = sonde_uproc_find(s, pid);
	if (old && !p->nmaps) {
		sonde_uproc_free(p);
		return 0;
	}
	if (old) {
		free(old->maps);
		old->maps = p->maps;
		old->nmaps = p->nmaps;
		free(p);
		return 0;
	}
	p->next = s->procs;
	s->procs = p;
	return 0;
}

/*
 * The object of process @pid mapped at @pc (NULL if none) and, in *@sym,
 * the symbol covering it (NULL if none) at object address *@va.
 */
static const struct sonde_obj *sonde_ulookup(struct sonde_syms *s, int pid,
					     uint64_t pc,
					     struct sonde_sym **sym,
					     uint64_t *va)
{
	const struct sonde_uproc *p = sonde_uproc_find(s, pid);
	const struct sonde_umap *m = NULL;
	const struct sonde_obj *o;
	uint64_t foff;
	uint32_t i;

	*sym = NULL;
	if (!p && pid > 0 && !sonde_syms_grab(s, pid))
		p = sonde_uproc_find(s, pid);
	for (i = 0; p && i < p->nmaps; i++)
		if (pc >= p->maps[i].start && pc < p->maps[i].end)
			m = &p->maps[i];
	if (!m)
		return NULL;
	o = m->obj;
	if (o->absolute) {
		*va = pc;
		*sym = sonde_symtab_find(&o->st, pc);
		return o;
	}
	foff = pc - m->start + m->off;
	for (i = 0; i < o->nseg; i++) {
		if (foff < o->seg[i].off ||
		    foff >= o->seg[i].off + o->seg[i].filesz)
			continue;
		*va = foff - o->seg[i].off + o->seg[i].vaddr;
		*sym = sonde_symtab_find(&o->st, *va);
		break;
	}
	return o;
}

char *sonde_demangle(const char *name)
{
	char *d;
	int status;

	/* Itanium C++ ABI names; anything else is no C++ name */
	if (strncmp(name, "_Z", 2))
		return NULL;
	d = __cxa_demangle(name, NULL, NULL, &status);
	if (d && status) {
		free(d);
		d = NULL;
	}
	return d;
}

/* A user symbol's name as printed: demangled unless -x mangled. */
static const char *sonde_sym_uname(const struct sonde_syms *s,
				   struct sonde_sym *sym)
{
	if (s->mangled)
		return sym->name;
	if (!sym->dname) {
		sym->dname = sonde_demangle(sym->name);
		if (!sym->dname)
			sym->dname = sym->name;
	}
	return sym->dname;
}

void sonde_syms_uaddr(struct sonde_syms *s, int pid, uint64_t pc, char *buf,
		      size_t n)
{
	struct sonde_sym *sym;
	const struct sonde_obj *o;
	uint64_t va = 0;

	o = sonde_ulookup(s, pid, pc, &sym, &va);
	if (!o)
		snprintf(buf, n, "0x%llx", (unsigned long long)pc);
	else if (!sym)
		snprintf(buf, n, "%s`0x%llx", o->base, (unsigned long long)pc);
	else if (va > sym->addr)
		snprintf(buf, n, "%s`%s+0x%llx", o->base,
			 sonde_sym_uname(s, sym),
			 (unsigned long long)(va - sym->addr));
	else
		snprintf(buf, n, "%s`%s", o->base, sonde_sym_uname(s, sym));
}

void sonde_syms_name(struct sonde_syms *s, int kind, int pid, uint64_t pc,
		     char *buf, size_t n)
{
	struct sonde_sym *sym;
	const struct sonde_obj *o;
	uint64_t va = 0;

	switch (kind) {
	case SONDE_SYMNAME_KSYM:
	case SONDE_SYMNAME_KMOD:
		/* dt_print_sym(), dt_print_mod() */
		if (!s->kloaded)
			sonde_kload(s);
		sym = sonde_symtab_find(&s->k, pc);
		if (!sym)
			snprintf(buf, n, "0x%llx", (unsigned long long)pc);
		else if (kind == SONDE_SYMNAME_KMOD)
			snprintf(buf, n, "%s", sym->mod);
		else
			snprintf(buf, n, "%s`%s", sym->mod, sym->name);
		return;
	case SONDE_SYMNAME_USYM:
	case SONDE_SYMNAME_UMOD:
		/* dt_print_usym() names the symbol's start, dt_print_umod()
		 * the object's base name */
		o = sonde_ulookup(s, pid, pc, &sym, &va);
		if (!o)
			snprintf(buf, n, "0x%llx", (unsigned long long)pc);
		else if (kind == SONDE_SYMNAME_UMOD)
			snprintf(buf, n, "%s", o->base);
		else if (!sym)
			snprintf(buf, n, "%s`0x%llx", o->base,
				 (unsigned long long)pc);
		else
			snprintf(buf, n, "%s`%s", o->base,
				 sonde_sym_uname(s, sym));
		return;
	default:
		sonde_syms_uaddr(s, pid, pc, buf, n);
	}
}

uint64_t sonde_syms_canon(struct sonde_syms *s, int kind, int pid,
			  uint64_t pc)
{
	struct sonde_sym *sym;
	const struct sonde_obj *o;
	const struct sonde_umap *m;
	const struct sonde_uproc *p;
	uint64_t va = 0;
	uint32_t i;

	switch (kind) {
	case SONDE_SYMNAME_KSYM:
	case SONDE_SYMNAME_KMOD:
		if (!s->kloaded)
			sonde_kload(s);
		sym = sonde_symtab_find(&s->k, pc);
		if (!sym)
			return pc;
		if (kind == SONDE_SYMNAME_KSYM)
			return sym->addr;
		/* the first symbol of the module's run of addresses */
		if (sym->mod == s->kbase_mod && pc >= s->kbase)
			return s->kbase;
		s->kbase_mod = sym->mod;
		while (sym > s->k.v && sym[-1].mod == sym->mod)
			sym--;
		s->kbase = sym->addr;
		return sym->addr;
	case SONDE_SYMNAME_USYM:
		o = sonde_ulookup(s, pid, pc, &sym, &va);
		return o && sym ? pc - (va - sym->addr) : pc;
	case SONDE_SYMNAME_UMOD:
		o = sonde_ulookup(s, pid, pc, &sym, &va);
		p = sonde_uproc_find(s, pid);
		if (!o || !p)
			return pc;
		/* the start of the object's first executable mapping (the
		 * ones kept), which names it as any of its addresses */
		for (i = 0; i < p->nmaps; i++) {
			m = &p->maps[i];
			if (m->obj == o)
				return m->start;
		}
		return pc;
	default:
		return pc;
	}
}

/*
 * dt_print_stack() / dt_print_ustack(): "\n", then one line per frame,
 * @indent spaces and the name, up to the first zero PC.
 */
int sonde_print_stack(FILE *out, struct sonde_syms *s, bool user, int pid,
		      const void *pcs, uint32_t nframes, int indent)
{
	char name[1024];
	uint64_t pc;
	uint32_t i;

	fputc('\n', out);
	for (i = 0; i < nframes; i++) {
		memcpy(&pc, (const char *)pcs + i * 8, 8);
		if (!pc)
			break;
		if (!s)
			snprintf(name, sizeof(name), "0x%llx",
				 (unsigned long long)pc);
		else if (user)
			sonde_syms_uaddr(s, pid, pc, name, sizeof(name));
		else
			sonde_syms_kaddr(s, pc, name, sizeof(name));
		fprintf(out, "%*s%s\n", indent, "", name);
	}
	return ferror(out) ? -EIO : 0;
}
