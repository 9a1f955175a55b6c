// SPDX-License-Identifier: GPL-2.0
/*
 * jstack.c - jstack() in the consumer: the helpers it hands the kernel
 * before GO (an interpreter's layout, usdt/pyrt.c), and what it makes of
 * the struct sonde_jstack the kernel records (uapi sonde.h): every field
 * checked against the bytes there are, names turned into UTF-8, each
 * interpreter frame's line from its code object's location table (read
 * from the process while it lives, kept by code object), and the one
 * order the outputs print frames in: each native frame innermost first,
 * the interpreter frames a call of the interpreter function runs under
 * that call's frame, as DTrace's ustack helpers annotated them.
 *
 * A process that has gone (a -c command that ended before the last
 * snapshot) can no longer be read: then the line comes from the code
 * object's file, compiled by the same interpreter (its own compile(),
 * in a child process that serves every file of the trace; frozen
 * modules from _imp), matched by name and first line.  Nothing of the
 * file is run.
 *
 * Helpers: one per CPython executable a -c / -p target runs (or a
 * process's own, for a libpython shared object), and one per Python
 * 3.11 to 3.13 interpreter installed as /usr/bin/python3*,
 * /usr/local/bin/python3*
 * (every process that runs one is walked, as `profile-997 { jstack(); }`
 * wants), at most SONDE_MAX_JHELPERS.
 *
 * Consumer thread only.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/wait.h>

#include "consume_impl.h"
#include "usdt.h"

/* A code object's location table, read from its process, by object. */
struct sonde_jcode {
	struct sonde_jcode *next;
	uint32_t pid;
	uint64_t code;
	int32_t firstlineno;
	uint8_t *tab;		/* NULL: could not be read */
	size_t n;
};

/* A file's code objects as the interpreter compiles it: their location
 * tables by name and first line. */
struct sonde_jsrc {
	struct sonde_jsrc *next;
	uint32_t rt;			/* the interpreter (helper id) */
	char *file;
	struct sonde_jsrc_co {
		int32_t first;
		char *name;
		uint8_t *tab;
		size_t n;
	} *co;
	uint32_t nco;
};

/* The child that compiles files for one interpreter. */
struct sonde_jcc {
	pid_t pid;
	int to;			/* a socket: a dead child is EPIPE, not SIGPIPE */
	FILE *from;
	bool dead;
};

#define SONDE_JCODE_BUCKETS	1024
#define SONDE_JSEARCH_MAX	8	/* installed interpreters looked at */

struct sonde_jstate {
	struct sonde_pyrt *rt[SONDE_MAX_JHELPERS];	/* by helper id */
	uint32_t nrt;
	struct sonde_jcode *codes[SONDE_JCODE_BUCKETS];
	struct sonde_jsrc *srcs;
	struct sonde_jcc cc[SONDE_MAX_JHELPERS];	/* by helper id */
};

static struct sonde_jstate *sonde_js(struct sonde_consumer *c)
{
	if (!c->js)
		c->js = calloc(1, sizeof(*c->js));
	return c->js;
}

static void sonde_jcc_stop(struct sonde_jcc *cc)
{
	if (cc->to > 0)
		close(cc->to);
	if (cc->from)
		fclose(cc->from);
	if (cc->pid > 0)
		waitpid(cc->pid, NULL, 0);
	memset(cc, 0, sizeof(*cc));
	cc->dead = true;
}

void sonde_jstack_free(struct sonde_consumer *c)
{
	struct sonde_jcode *j, *n;
	struct sonde_jsrc *s, *sn;
	uint32_t i, k;

	if (!c->js)
		return;
	for (i = 0; i < SONDE_MAX_JHELPERS; i++)
		if (c->js->cc[i].pid > 0)
			sonde_jcc_stop(&c->js->cc[i]);
	for (s = c->js->srcs; s; s = sn) {
		sn = s->next;
		for (k = 0; k < s->nco; k++) {
			free(s->co[k].name);
			free(s->co[k].tab);
		}
		free(s->co);
		free(s->file);
		free(s);
	}
	for (i = 0; i < c->js->nrt; i++)
		free(c->js->rt[i]);
	for (i = 0; i < SONDE_JCODE_BUCKETS; i++) {
		for (j = c->js->codes[i]; j; j = n) {
			n = j->next;
			free(j->tab);
			free(j);
		}
	}
	free(c->js);
	c->js = NULL;
}

/* ---- helpers for the kernel -------------------------------------------- */

bool sonde_program_jstack(const struct sonde_program *p)
{
	uint32_t i, j;

	for (i = 0; i < p->nclauses; i++)
		for (j = 0; j < p->clauses[i].nacts; j++)
			if (p->clauses[i].acts[j].kind == SONDE_A_JSTACK)
				return true;
	for (i = 0; i < p->naggs; i++)
		for (j = 0; j < p->aggs[i].desc.nkeys; j++)
			if (sonde_dt_is_jstack(p->aggs[i].keys[j]))
				return true;
	return false;
}

int sonde_jstack_runtime(struct sonde_consumer *c, struct sonde_pyrt *rt)
{
	struct sonde_jstate *js = sonde_js(c);

	if (!js || js->nrt >= SONDE_MAX_JHELPERS) {
		free(rt);
		return js ? -ENOSPC : -ENOMEM;
	}
	js->rt[js->nrt++] = rt;
	return 0;
}

/* Is @path's file already a helper (by executable)? */
static bool sonde_jhelper_known(struct sonde_jstate *js, const char *path)
{
	struct stat a, b;
	uint32_t i;

	if (stat(path, &a))
		return true;
	for (i = 0; i < js->nrt; i++)
		if (!stat(js->rt[i]->path, &b) && a.st_dev == b.st_dev &&
		    a.st_ino == b.st_ino)
			return true;
	return false;
}

/*
 * Give the kernel the runtime in @path: for every process whose
 * executable it is (@pid 0), or for @pid alone at load bias @bias.
 */
static int sonde_jhelper_give(struct sonde_consumer *c, struct sonde_dev *dev,
			      const char *path, int pid, uint64_t bias)
{
	struct sonde_jstate *js = sonde_js(c);
	struct sonde_jhelper h;
	struct sonde_pyrt *rt;
	char err[512];
	int ret, fd = -1;

	if (!js)
		return -ENOMEM;
	if (js->nrt >= SONDE_MAX_JHELPERS)
		return -ENOSPC;
	rt = malloc(sizeof(*rt));
	if (!rt)
		return -ENOMEM;
	ret = sonde_pyrt_probe(path, rt, err, sizeof(err));
	if (ret) {
		free(rt);
		return ret;
	}
	memset(&h, 0, sizeof(h));
	h.size = sizeof(h);
	h.fd = -1;
	h.pid = pid;
	h.runtime = rt->runtime + (pid ? bias : 0);
	h.text = pid ? 0 : rt->text;
	h.max_threads = 256;
	h.max_interps = 4;
	h.off = rt->off;
	if (!pid) {
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			free(rt);
			return -errno;
		}
		h.fd = fd;
	}
	ret = sonde_dev_jhelper(dev, &h);
	if (fd >= 0)
		close(fd);
	if (ret || h.id != js->nrt) {
		free(rt);
		return ret ? ret : -EPROTO;
	}
	return sonde_jstack_runtime(c, rt);
}

/*
 * A target's runtime: its executable's, or a libpython it maps (a helper
 * for that process alone, with the library's load bias from its first
 * mapping).
 */
static void sonde_jhelper_target(struct sonde_consumer *c,
				 struct sonde_dev *dev, int pid)
{
	char path[64], exe[PATH_MAX], line[4096 + 128], *file;
	unsigned long long start, end, off;
	struct sonde_pyrt rt;
	char err[256];
	ssize_t n;
	FILE *f;
	int k;

	snprintf(path, sizeof(path), "/proc/%d/exe", pid);
	n = readlink(path, exe, sizeof(exe) - 1);
	/* by its name (the compiler of lines runs it after the process
	 * has gone) */
	if (n > 0) {
		exe[n] = 0;
		if (!sonde_pyrt_probe(exe, &rt, err, sizeof(err))) {
			if (!sonde_jhelper_known(c->js, exe))
				sonde_jhelper_give(c, dev, exe, 0, 0);
			return;
		}
	}
	snprintf(path, sizeof(path), "/proc/%d/maps", pid);
	f = fopen(path, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = 0;
		k = 0;
		if (sscanf(line, "%llx-%llx %*s %llx %*s %*s %n", &start, &end,
			   &off, &k) < 3 || !k || off)
			continue;
		file = line + k;
		if (file[0] != '/' || !strstr(file, "libpython"))
			continue;
		if (!sonde_pyrt_probe(file, &rt, err, sizeof(err))) {
			sonde_jhelper_give(c, dev, file, pid, start);
			break;
		}
	}
	fclose(f);
}

/* Installed interpreters: python3.N in /usr/bin and /usr/local/bin. */
static void sonde_jhelper_installed(struct sonde_consumer *c,
				    struct sonde_dev *dev)
{
	static const char *const dirs[] = { "/usr/bin", "/usr/local/bin" };
	char path[PATH_MAX];
	struct dirent *de;
	uint32_t d, seen = 0;
	DIR *dir;

	for (d = 0; d < sizeof(dirs) / sizeof(dirs[0]); d++) {
		dir = opendir(dirs[d]);
		if (!dir)
			continue;
		while ((de = readdir(dir)) && seen < SONDE_JSEARCH_MAX) {
			if (strncmp(de->d_name, "python3.", 8) ||
			    strspn(de->d_name + 8, "0123456789") !=
			    strlen(de->d_name + 8) || !de->d_name[8])
				continue;
			snprintf(path, sizeof(path), "%s/%s", dirs[d],
				 de->d_name);
			if (sonde_jhelper_known(c->js, path))
				continue;
			seen++;
			sonde_jhelper_give(c, dev, path, 0, 0);
		}
		closedir(dir);
	}
}

int sonde_jstack_setup(struct sonde_consumer *c, struct sonde_dev *dev,
		       const int *pids, unsigned int npids)
{
	unsigned int i;

	if (!sonde_program_jstack(c->prog))
		return 0;
	if (!sonde_js(c))
		return -ENOMEM;
	for (i = 0; i < npids; i++)
		sonde_jhelper_target(c, dev, pids[i]);
	sonde_jhelper_installed(c, dev);
	return 0;
}

/* ---- lines ---------------------------------------------------------------- */

static int sonde_jread(uint32_t pid, uint64_t addr, void *dst, size_t n)
{
	struct iovec l = { dst, n }, r = { (void *)(uintptr_t)addr, n };

	return process_vm_readv((pid_t)pid, &l, 1, &r, 1, 0) == (ssize_t)n ?
	       0 : -EFAULT;
}

/* The code object's location table, read once while its process lives. */
static const struct sonde_jcode *sonde_jcode(struct sonde_consumer *c,
					     const struct sonde_pyrt *rt,
					     uint32_t pid,
					     const struct sonde_pyframe *f)
{
	struct sonde_jstate *js = c->js;
	uint32_t b = (uint32_t)((f->code >> 4) ^ pid) % SONDE_JCODE_BUCKETS;
	struct sonde_jcode *j;
	uint64_t tab, size;
	int32_t first;

	for (j = js->codes[b]; j; j = j->next)
		if (j->pid == pid && j->code == f->code &&
		    j->firstlineno == f->firstlineno)
			return j;
	/* the same code object still: its first line where it was */
	if (sonde_jread(pid, f->code + rt->off.co_firstlineno, &first, 4) ||
	    first != f->firstlineno ||
	    sonde_jread(pid, f->code + rt->co_linetable, &tab, 8) ||
	    sonde_jread(pid, tab + rt->bytes_size, &size, 8) ||
	    size > (1u << 20))
		return NULL;	/* gone (or not yet): try again next time */
	j = calloc(1, sizeof(*j));
	if (!j)
		return NULL;
	j->pid = pid;
	j->code = f->code;
	j->firstlineno = f->firstlineno;
	j->n = size;
	j->tab = malloc(size + 1);
	if (j->tab && sonde_jread(pid, tab + rt->bytes_data, j->tab, size)) {
		free(j->tab);
		j->tab = NULL;
	}
	j->next = js->codes[b];
	js->codes[b] = j;
	return j;
}

/* ---- lines from the source ------------------------------------------------ */

/*
 * The child's program: for each file name read (a line), every code
 * object compile() makes of it, depth first, as "first namelen tablen\n",
 * the name, the table; then "-1 0 0\n".  A frozen module's code comes
 * from _imp; a file that cannot be read or compiled has no code objects.
 */
static const char sonde_jcc_prog[] =
"import sys\n"
"def walk(co, out):\n"
"    n = co.co_name.encode('utf-8', 'surrogateescape')\n"
"    t = co.co_linetable\n"
"    out.write(b'%d %d %d\\n' % (co.co_firstlineno, len(n), len(t)))\n"
"    out.write(n)\n"
"    out.write(t)\n"
"    for k in co.co_consts:\n"
"        if hasattr(k, 'co_linetable'):\n"
"            walk(k, out)\n"
"out = sys.stdout.buffer\n"
"for line in sys.stdin.buffer:\n"
"    f = line.rstrip(b'\\n').decode('utf-8', 'surrogateescape')\n"
"    try:\n"
"        if f.startswith('<frozen ') and f.endswith('>'):\n"
"            import _imp\n"
"            m = f[8:-1]\n"
"            m = {'importlib._bootstrap': '_frozen_importlib',\n"
"                 'importlib._bootstrap_external':\n"
"                 '_frozen_importlib_external'}.get(m, m)\n"
"            co = _imp.get_frozen_object(m)\n"
"        else:\n"
"            with open(f, 'rb') as src:\n"
"                co = compile(src.read(), f, 'exec', dont_inherit=True)\n"
"        walk(co, out)\n"
"    except BaseException:\n"
"        pass\n"
"    out.write(b'-1 0 0\\n')\n"
"    out.flush()\n";

/* The interpreter of helper @id, compiling for us: started once. */
static struct sonde_jcc *sonde_jcc(struct sonde_jstate *js, uint32_t id)
{
	struct sonde_jcc *cc = &js->cc[id];
	int in[2], out[2];
	pid_t pid;

	if (cc->pid > 0 || cc->dead)
		return cc->pid > 0 ? cc : NULL;
	cc->dead = true;
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in))
		return NULL;
	if (pipe2(out, O_CLOEXEC)) {
		close(in[0]);
		close(in[1]);
		return NULL;
	}
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		dup2(in[0], 0);
		dup2(out[1], 1);
		if (null >= 0)
			dup2(null, 2);
		/* isolated, no site: nothing of the user's environment */
		execl(js->rt[id]->path, js->rt[id]->path, "-I", "-S", "-c",
		      sonde_jcc_prog, (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	if (pid < 0) {
		close(in[1]);
		close(out[0]);
		return NULL;
	}
	cc->pid = pid;
	cc->to = in[1];
	cc->from = fdopen(out[0], "r");
	if (!cc->from) {
		close(out[0]);
		sonde_jcc_stop(cc);
		return NULL;
	}
	cc->dead = false;
	return cc;
}

/* Read the child's answer for one file into @s; false if it died. */
static bool sonde_jsrc_read(struct sonde_jcc *cc, struct sonde_jsrc *s)
{
	long first, nlen, tlen;
	struct sonde_jsrc_co *co, *v;

	for (;;) {
		if (fscanf(cc->from, "%ld %ld %ld", &first, &nlen, &tlen) != 3 ||
		    fgetc(cc->from) != '\n')
			return false;
		if (first < 0)
			return true;
		if (nlen < 0 || nlen > 4096 || tlen < 0 || tlen > (1 << 20))
			return false;
		v = realloc(s->co, (s->nco + 1) * sizeof(*v));
		if (!v)
			return false;
		s->co = v;
		co = &s->co[s->nco];
		co->first = (int32_t)first;
		co->n = (size_t)tlen;
		co->name = malloc((size_t)nlen + 1);
		co->tab = malloc((size_t)tlen + 1);
		if (!co->name || !co->tab ||
		    fread(co->name, 1, (size_t)nlen, cc->from) != (size_t)nlen ||
		    fread(co->tab, 1, (size_t)tlen, cc->from) != (size_t)tlen) {
			free(co->name);
			free(co->tab);
			return false;
		}
		co->name[nlen] = 0;
		s->nco++;
	}
}

/* The code objects of @file as interpreter @id compiles it. */
static const struct sonde_jsrc *sonde_jsrc(struct sonde_consumer *c,
					   uint32_t id, const char *file)
{
	struct sonde_jstate *js = c->js;
	struct sonde_jcc *cc;
	struct sonde_jsrc *s;
	struct stat st;
	size_t len;

	for (s = js->srcs; s; s = s->next)
		if (s->rt == id && !strcmp(s->file, file))
			return s;
	s = calloc(1, sizeof(*s));
	if (!s || !(s->file = strdup(file))) {
		free(s);
		return NULL;
	}
	s->rt = id;
	s->next = js->srcs;
	js->srcs = s;
	/* a regular file (not a FIFO the child would wait on), or frozen */
	if (strchr(file, '\n') ||
	    (strncmp(file, "<frozen ", 8) &&
	     (stat(file, &st) || !S_ISREG(st.st_mode) ||
	      st.st_size > (64 << 20))))
		return s;
	cc = sonde_jcc(js, id);
	if (!cc)
		return s;
	len = strlen(file);
	if (send(cc->to, file, len, MSG_NOSIGNAL) != (ssize_t)len ||
	    send(cc->to, "\n", 1, MSG_NOSIGNAL) != 1 ||
	    !sonde_jsrc_read(cc, s))
		sonde_jcc_stop(cc);
	return s;
}

/* A frame's line from its file: the one code object of its name and
 * first line (or several with one table). */
static int sonde_jsrc_line(struct sonde_consumer *c, uint32_t id,
			   const struct sonde_jpy *o,
			   const struct sonde_pyframe *f)
{
	const struct sonde_jsrc *s;
	const struct sonde_jsrc_co *hit = NULL;
	uint32_t i;

	if (!o->file || !o->name)
		return -1;
	s = sonde_jsrc(c, id, o->file);
	for (i = 0; s && i < s->nco; i++) {
		const struct sonde_jsrc_co *k = &s->co[i];

		if (k->first != f->firstlineno || strcmp(k->name, o->name))
			continue;
		if (hit && (hit->n != k->n || memcmp(hit->tab, k->tab, k->n)))
			return -1;	/* two that differ: not sure */
		hit = k;
	}
	return hit ? sonde_py_addr2line(hit->tab, hit->n, f->firstlineno,
					f->lasti) : -1;
}

/* ---- decoding -------------------------------------------------------------- */

/* One string of the record into UTF-8 (malloc'd), or NULL. */
static char *sonde_jstr_utf8(const uint8_t *strs, uint32_t strlen, uint16_t off)
{
	uint16_t h;
	uint32_t len, w, i, cp;
	char *s, *p;

	if (off == SONDE_JSTR_NONE || (uint32_t)off + 2 > strlen)
		return NULL;
	memcpy(&h, strs + off, 2);
	len = SONDE_JSTR_LEN(h);
	w = SONDE_JSTR_WIDTH(h);
	if (w > 4 || (uint32_t)off + 2 + len > strlen)
		return NULL;
	s = p = malloc(len / w * 4 + 1);
	if (!s)
		return NULL;
	for (i = 0; i + w <= len; i += w) {
		const uint8_t *q = strs + off + 2 + i;

		cp = w == 1 ? q[0] : w == 2 ? (uint32_t)(q[0] | q[1] << 8) :
		     (uint32_t)(q[0] | q[1] << 8 | q[2] << 16 |
				(uint32_t)q[3] << 24);
		if (cp > 0x10ffff || (cp >= 0xd800 && cp < 0xe000))
			cp = 0xfffd;
		if (!cp)
			cp = 0xfffd;
		if (cp < 0x80) {
			*p++ = (char)cp;
		} else if (cp < 0x800) {
			*p++ = (char)(0xc0 | cp >> 6);
			*p++ = (char)(0x80 | (cp & 0x3f));
		} else if (cp < 0x10000) {
			*p++ = (char)(0xe0 | cp >> 12);
			*p++ = (char)(0x80 | ((cp >> 6) & 0x3f));
			*p++ = (char)(0x80 | (cp & 0x3f));
		} else {
			*p++ = (char)(0xf0 | cp >> 18);
			*p++ = (char)(0x80 | ((cp >> 12) & 0x3f));
			*p++ = (char)(0x80 | ((cp >> 6) & 0x3f));
			*p++ = (char)(0x80 | (cp & 0x3f));
		}
	}
	*p = 0;
	return s;
}

void sonde_jdec_free(struct sonde_jdec *d)
{
	uint32_t i;

	for (i = 0; i < d->npy; i++) {
		free(d->py[i].name);
		free(d->py[i].file);
	}
	free(d->py);
	free(d->pcs);
	memset(d, 0, sizeof(*d));
}

int sonde_jstack_decode(struct sonde_consumer *c, const void *data,
			uint32_t size, struct sonde_jdec *d)
{
	const uint8_t *p = data, *py, *strs;
	struct sonde_jstack h;
	const struct sonde_pyrt *rt = NULL;
	uint32_t i, need;

	memset(d, 0, sizeof(*d));
	if (size < sizeof(h))
		return -EBADMSG;
	memcpy(&h, p, sizeof(h));
	need = sizeof(h) + h.npcs * 8u +
	       h.npy * (uint32_t)sizeof(struct sonde_pyframe) + h.strlen;
	if (need > size)
		return -EBADMSG;
	d->pid = h.pid;
	d->flags = h.flags;
	d->npcs = h.npcs;
	d->pcs = calloc(h.npcs + 1, sizeof(*d->pcs));
	d->py = calloc(h.npy + 1, sizeof(*d->py));
	if (!d->pcs || !d->py) {
		sonde_jdec_free(d);
		return -ENOMEM;
	}
	memcpy(d->pcs, p + sizeof(h), h.npcs * 8u);
	if (c && c->js && h.helper < c->js->nrt)
		rt = c->js->rt[h.helper];
	py = p + sizeof(h) + h.npcs * 8u;
	strs = py + h.npy * sizeof(struct sonde_pyframe);
	for (i = 0; i < h.npy; i++) {
		struct sonde_pyframe f;
		const struct sonde_jcode *j = NULL;
		struct sonde_jpy *o = &d->py[i];

		memcpy(&f, py + i * sizeof(f), sizeof(f));
		o->name = sonde_jstr_utf8(strs, h.strlen, f.name);
		o->file = sonde_jstr_utf8(strs, h.strlen, f.file);
		o->entry = f.flags & SONDE_PYF_ENTRY;
		o->code = f.code;
		o->line = -1;
		if (rt && f.code)
			j = sonde_jcode(c, rt, h.pid, &f);
		if (j && j->tab)
			o->line = sonde_py_addr2line(j->tab, j->n,
						     f.firstlineno, f.lasti);
		else if (rt && f.code)
			o->line = sonde_jsrc_line(c, h.helper, o, &f);
		d->npy++;
	}
	return 0;
}

void sonde_jstack_seen(struct sonde_consumer *c, uint32_t aggid,
		       const void *key)
{
	const struct sonde_pagg *a = &c->prog->aggs[aggid];
	struct sonde_jdec d;
	uint32_t i, off = 0;

	if (!c->js)
		return;
	for (i = 0; i < a->desc.nkeys; i++) {
		if (sonde_dt_is_jstack(a->keys[i]) &&
		    !sonde_jstack_decode(c, (const char *)key + off,
					 a->keys[i].size, &d))
			sonde_jdec_free(&d);
		off += sonde_keyfield_size(c, a->keys[i]);
	}
}

/* ---- the order of frames ------------------------------------------------ */

/* Does native frame name @name run interpreter frames? */
static bool sonde_jeval(const char *name)
{
	const char *s = strchr(name, '`');

	return s && !strncmp(s + 1, "_PyEval_EvalFrameDefault",
			     strlen("_PyEval_EvalFrameDefault"));
}

/* The interpreter frames of one call of the interpreter, from @*k. */
static int sonde_jgroup(const struct sonde_jdec *d, uint32_t *k,
			sonde_jframe_fn *fn, void *arg)
{
	int err;

	for (; *k < d->npy; (*k)++) {
		err = fn(arg, NULL, &d->py[*k]);
		if (err)
			return err;
		if (d->py[*k].entry) {
			(*k)++;
			break;
		}
	}
	return 0;
}

/*
 * Each native frame, and after each frame of the interpreter function
 * the interpreter frames its call runs.  When the native walk reached no
 * such frame (an interpreter built without frame pointers: only the
 * first native frame is sure, the rest is whatever the stack held), the
 * interpreter frames follow the first native frame; else those whose
 * native frames the walk did not reach follow the last.
 */
int sonde_jstack_walk(struct sonde_consumer *c, const struct sonde_jdec *d,
		      bool sure, sonde_jframe_fn *fn, void *arg)
{
	struct sonde_syms *s = sonde_consumer_syms(c);
	char (*name)[512];
	uint32_t i, k = 0, n;
	bool any = false;
	int err = 0;

	for (n = 0; n < d->npcs && d->pcs[n]; n++)
		;
	name = malloc((n + 1) * sizeof(*name));
	if (!name)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		if (s)
			sonde_syms_uaddr(s, (int)d->pid, d->pcs[i], name[i],
					 sizeof(name[i]));
		else
			snprintf(name[i], sizeof(name[i]), "0x%llx",
				 (unsigned long long)d->pcs[i]);
		any |= sonde_jeval(name[i]);
	}
	for (i = 0; i < n && !err; i++) {
		/* @sure: what the stack held past a walk that found no
		 * interpreter frame, and addresses no mapping holds, out */
		if (sure && ((!any && i > 0) || !strncmp(name[i], "0x", 2)))
			continue;
		err = fn(arg, name[i], NULL);
		if (!err && (any ? sonde_jeval(name[i]) : i == 0))
			err = sonde_jgroup(d, &k, fn, arg);
		/* no eval frame reached: every group under the first */
		while (!err && !any && i == 0 && k < d->npy)
			err = sonde_jgroup(d, &k, fn, arg);
	}
	/* interpreter frames whose native frames the walk did not reach */
	for (; !err && k < d->npy; k++)
		err = fn(arg, NULL, &d->py[k]);
	free(name);
	return err;
}

/* ---- text ------------------------------------------------------------------- */

struct sonde_jtext {
	FILE *out;
	int indent;
};

/* dt_print_ustack(): a frame, or a helper's annotation "  [ ... ]" */
static int sonde_jtext_frame(void *arg, const char *native,
			     const struct sonde_jpy *py)
{
	struct sonde_jtext *t = arg;

	if (native) {
		fprintf(t->out, "%*s%s\n", t->indent, "", native);
		return 0;
	}
	fprintf(t->out, "%*s  [ %s", t->indent, "", py->file ? py->file : "?");
	if (py->line >= 0)
		fprintf(t->out, ":%d", py->line);
	fprintf(t->out, " (%s) ]\n", py->name ? py->name : "?");
	return 0;
}

int sonde_print_jstack(struct sonde_consumer *c, FILE *out, const void *data,
		       uint32_t size, int indent)
{
	struct sonde_jtext t = { out, indent };
	struct sonde_jdec d;
	int err;

	fputc('\n', out);
	err = sonde_jstack_decode(c, data, size, &d);
	if (err)
		return err;
	err = sonde_jstack_walk(c, &d, false, sonde_jtext_frame, &t);
	sonde_jdec_free(&d);
	return err ? err : ferror(out) ? -EIO : 0;
}
