// SPDX-License-Identifier: GPL-2.0
/*
 * uprov.c - user probe descriptions to kernel user probes.  Before a
 * description is matched against the module's probes (resolve.c), the
 * user probes it names are created with SONDE_IOC_UPROBE (device.c) from
 * what the ELF files say (userland/usdt/):
 *
 *   PROVIDER<pid>:module:function:name   USDT probes of process <pid>
 *                                        (python1234:::function-entry)
 *   pid<pid>:module:function:entry|return|<hex offset>
 *                                        functions of process <pid>
 *   PROVIDER:/path/to/file:function:name USDT probes of every process
 *                                        running /path/to/file, now or
 *                                        later (pid:/path:...: functions)
 *
 * The process's objects are the ELF files it maps plus, for a process
 * stopped at exec (-c), the libraries its program will load; the module
 * field matches their base names ("a.out" also names the program
 * itself).  SDT names show "__" as "-".  Consumer thread only.
 */
#include <errno.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dev_impl.h"
#include "usdt.h"

/* Kernel providers: never user-probe providers, whatever follows. */
static const char *const sonde_kprov[] = {
	"dtrace", "syscall", "profile", "fbt", "tracepoint", "sched",
	"proc", "io", "lockstat", "cpc", "ip", "tcp", "udp",
};

static bool sonde_glob(const char *pat, const char *s)
{
	return !*pat || fnmatch(pat, s, 0) == 0;
}

static bool sonde_has_glob(const char *s)
{
	return strpbrk(s, "*?[\\") != NULL;
}

struct sonde_uctx {
	struct sonde_dev *dev;
	const struct sonde_probe_desc *d;
	char prefix[SONDE_PROVNAMELEN];	/* "python", "pid" */
	pid_t pid;			/* 0: the path form */
	uint32_t created;
	char *err;
	size_t errlen;
};

/*
 * Is @d a user probe description?  Fills @u->prefix and @u->pid; false
 * for kernel providers and globbed providers (which match only probes
 * that already exist).
 */
static bool sonde_uprobe_desc(const struct sonde_probe_desc *d,
			      struct sonde_uctx *u)
{
	const char *p = d->provider;
	size_t n = strnlen(p, SONDE_PROVNAMELEN), k = n, i;

	if (n == 0 || n == SONDE_PROVNAMELEN || sonde_has_glob(p))
		return false;
	while (k > 0 && p[k - 1] >= '0' && p[k - 1] <= '9')
		k--;
	if (k == 0)
		return false;
	if (k == n && d->module[0] != '/')
		return false;		/* neither a pid nor a path */
	memcpy(u->prefix, p, k);
	u->prefix[k] = '\0';
	for (i = 0; i < sizeof(sonde_kprov) / sizeof(sonde_kprov[0]); i++) {
		if (!strcmp(u->prefix, sonde_kprov[i]))
			return false;
	}
	u->pid = k < n ? (pid_t)strtol(p + k, NULL, 10) : 0;
	return k == n || u->pid > 0;
}

static int sonde_uerr(struct sonde_uctx *u, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int sonde_uerr(struct sonde_uctx *u, int err, const char *fmt, ...)
{
	va_list ap;

	if (u->err && u->errlen) {
		va_start(ap, fmt);
		vsnprintf(u->err, u->errlen, fmt, ap);
		va_end(ap);
	}
	return err;
}

static int sonde_ucreate(struct sonde_uctx *u, const char *path,
			 const char *mod, const char *func, const char *name,
			 uint64_t offset, uint64_t refctr, uint32_t flags,
			 const struct sonde_uarg *args, uint32_t nargs)
{
	struct sonde_uprobe req;
	int ret;

	memset(&req, 0, sizeof(req));
	req.path = (uintptr_t)path;
	req.offset = offset;
	req.refctr = refctr;
	req.pid = u->pid;
	req.flags = flags;
	req.nargs = nargs;
	if (nargs)
		memcpy(req.args, args, nargs * sizeof(*args));
	snprintf(req.desc.provider, sizeof(req.desc.provider), "%s",
		 u->d->provider);
	snprintf(req.desc.module, sizeof(req.desc.module), "%s", mod);
	snprintf(req.desc.function, sizeof(req.desc.function), "%s", func);
	snprintf(req.desc.name, sizeof(req.desc.name), "%s", name);
	ret = sonde_dev_uprobe(u->dev, &req);
	if (ret < 0)
		return sonde_uerr(u, ret, "cannot create probe %s:%s:%s:%s "
				  "at %s+%#" PRIx64 ": %s", u->d->provider,
				  mod, func, name, path, offset,
				  strerror(-ret));
	u->created++;
	return 0;
}

/* "function__entry" -> "function-entry", as D names SDT probes. */
static void sonde_sdt_name(char *dst, size_t size, const char *src)
{
	size_t i = 0;

	while (*src && i + 1 < size) {
		if (src[0] == '_' && src[1] == '_') {
			dst[i++] = '-';
			src += 2;
		} else {
			dst[i++] = *src++;
		}
	}
	dst[i] = '\0';
}

/* A note of the wanted provider left out: tell the caller, never drop
 * it silently. */
static void sonde_usdt_skipped(void *arg, const char *path,
			       const struct sonde_usite *site, const char *why)
{
	struct sonde_uctx *u = arg;
	char msg[768];

	if (strcmp(site->provider, u->prefix))
		return;
	snprintf(msg, sizeof(msg), "USDT probe %s:%s in %s left out: %s",
		 site->provider, site->name, path, why);
	sonde_dev_warn(u->dev, msg);
}

static int sonde_usdt_object(struct sonde_uctx *u, const char *path,
			     const char *mod)
{
	struct sonde_usite *sites;
	char name[SONDE_NAMELEN], func[SONDE_FUNCNAMELEN], why[256];
	size_t n, i;
	int err;

	err = sonde_usdt_read_report(path, &sites, &n, sonde_usdt_skipped, u,
				     why, sizeof(why));
	if (err)
		return u->pid ? 0 : sonde_uerr(u, err, "%s", why);
	for (i = 0; i < n && !err; i++) {
		struct sonde_usite *s = &sites[i];

		if (strcmp(s->provider, u->prefix))
			continue;
		sonde_sdt_name(name, sizeof(name), s->name);
		if (s->function[0])
			snprintf(func, sizeof(func), "%s", s->function);
		else
			snprintf(func, sizeof(func), "0x%" PRIx64, s->offset);
		if (!sonde_glob(u->d->function, func) ||
		    !sonde_glob(u->d->name, name))
			continue;
		err = sonde_ucreate(u, path, mod, func, name, s->offset,
				    s->refctr, 0, s->args, s->nargs);
	}
	free(sites);
	return err;
}

/* The integer argument registers of the x86-64 SysV calling convention. */
static const uint8_t sonde_argregs[] = {
	SONDE_UREG_rdi, SONDE_UREG_rsi, SONDE_UREG_rdx, SONDE_UREG_rcx,
	SONDE_UREG_r8, SONDE_UREG_r9,
};

/*
 * pid<pid>::function:<hex offset>: one instruction, no arguments.  An
 * offset that is not an instruction boundary is an error for a named
 * function and skipped for a glob.
 */
static int sonde_pid_offset(struct sonde_uctx *u, const char *path,
			    const char *mod, const struct sonde_ufunc *fn,
			    uint64_t off)
{
	int ok;

	if (off >= fn->size)
		return 0;	/* past this function: not one of its probes */
	ok = sonde_insn_boundary(path, fn->offset, fn->size, off);
	if (ok == -ENOPKG)
		return sonde_uerr(u, ok, "%s: offset probes need capstone to "
				  "check instruction boundaries: install "
				  "libcapstone4", sonde_desc_str(u->d));
	if (ok < 0)
		return sonde_uerr(u, ok, "%s: cannot read %s: %s",
				  sonde_desc_str(u->d), fn->name,
				  strerror(-ok));
	if (!ok && (!u->d->function[0] || sonde_has_glob(u->d->function)))
		return 0;	/* a glob: just the functions it fits */
	if (!ok)
		return sonde_uerr(u, -EINVAL, "%s: offset 0x%" PRIx64
				  " is not an instruction boundary of %s",
				  sonde_desc_str(u->d), off, fn->name);
	return sonde_ucreate(u, path, mod, fn->name, u->d->name,
			     fn->offset + off, 0, 0, NULL, 0);
}

static int sonde_pid_object(struct sonde_uctx *u, const char *path,
			    const char *mod)
{
	struct sonde_uarg args[6];
	struct sonde_ufunc *fns;
	bool entry = sonde_glob(u->d->name, "entry");
	bool ret = sonde_glob(u->d->name, "return");
	bool at = false;
	uint64_t off = 0;
	char why[256];
	size_t n, i;
	int err;

	if (!entry && !ret) {
		char *end;

		/* a hex offset, as dtrace names them ("1c") */
		errno = 0;
		off = strtoull(u->d->name, &end, 16);
		if (!u->d->name[0] || *end || errno ||
		    sonde_has_glob(u->d->name))
			return 0;
		at = true;
	}
	memset(args, 0, sizeof(args));
	for (i = 0; i < 6; i++) {
		args[i].kind = SONDE_UARG_REG;
		args[i].size = 8;
		args[i].base = sonde_argregs[i];
	}
	err = sonde_elf_funcs(path, &fns, &n, why, sizeof(why));
	if (err)
		return u->pid ? 0 : sonde_uerr(u, err, "%s", why);
	for (i = 0; i < n && !err; i++) {
		if (!sonde_glob(u->d->function, fns[i].name) ||
		    strlen(fns[i].name) >= SONDE_FUNCNAMELEN)
			continue;
		if (at) {
			err = sonde_pid_offset(u, path, mod, &fns[i], off);
			continue;
		}
		if (entry)
			err = sonde_ucreate(u, path, mod, fns[i].name, "entry",
					    fns[i].offset, 0,
					    SONDE_UPROBE_FUNC_ENTRY, args, 6);
		if (ret && !err)
			err = sonde_ucreate(u, path, mod, fns[i].name,
					    "return", fns[i].offset, 0,
					    SONDE_UPROBE_RETURN, NULL, 0);
	}
	sonde_ufuncs_free(fns, n);
	return err;
}

static int sonde_uobject(struct sonde_uctx *u, const char *path, bool main)
{
	const char *base = strrchr(path, '/');
	const char *mod;

	base = base ? base + 1 : path;
	if (!u->pid)
		mod = path;		/* the path form matched it already */
	else if (sonde_glob(u->d->module, base) ||
		 (main && !strcmp(u->d->module, "a.out")))
		mod = base;
	else
		return 0;
	if (strlen(mod) >= SONDE_MODNAMELEN)
		return 0;
	if (!strcmp(u->prefix, "pid"))
		return sonde_pid_object(u, path, mod);
	return sonde_usdt_object(u, path, mod);
}

/* Add @path to @v unless a file with its inode is there already. */
static int sonde_uobj_add(char ***v, size_t *n, struct stat **ids,
			  const char *path)
{
	struct stat sb, *ti;
	char **tv;
	size_t i;

	if (stat(path, &sb))
		return 0;
	for (i = 0; i < *n; i++) {
		if ((*ids)[i].st_dev == sb.st_dev &&
		    (*ids)[i].st_ino == sb.st_ino)
			return 0;
	}
	tv = realloc(*v, (*n + 1) * sizeof(**v));
	if (tv)
		*v = tv;
	ti = realloc(*ids, (*n + 1) * sizeof(**ids));
	if (ti)
		*ids = ti;
	if (!tv || !ti)
		return -ENOMEM;
	(*v)[*n] = strdup(path);
	if (!(*v)[*n])
		return -ENOMEM;
	(*ids)[*n] = sb;
	(*n)++;
	return 0;
}

/*
 * Process @pid's objects: mapped now, or needed by its program.  Mapped
 * ones are reached through /proc/PID/root, so a process in another mount
 * namespace (a container) gets its own files, not ours of the same name.
 * A chrooted process in ours is the exception: its maps name its files
 * from our root already ("/srv/root/usr/bin/python3.13"), and through
 * its root that prefix would come twice; such a path is taken as it is.
 */
static int sonde_uobjects(pid_t pid, char ***out, size_t *nout,
			  struct stat **idsout)
{
	char **maps = NULL, **need = NULL, **v = NULL, path[PATH_MAX + 32];
	size_t nmaps = 0, nneed = 0, n = 0, i;
	struct stat *ids = NULL;
	int err;

	err = sonde_proc_objects(pid, &maps, &nmaps);
	if (err)
		return err;
	if (nmaps && sonde_elf_needed(maps[0], &need, &nneed))
		nneed = 0;
	for (i = 0; i < nmaps && !err; i++) {
		snprintf(path, sizeof(path), "/proc/%d/root%s", (int)pid,
			 maps[i]);
		if (access(path, F_OK) && !access(maps[i], F_OK))
			snprintf(path, sizeof(path), "%s", maps[i]);
		err = sonde_uobj_add(&v, &n, &ids, path);
	}
	for (i = 0; i < nneed && !err; i++)
		err = sonde_uobj_add(&v, &n, &ids, need[i]);
	sonde_strv_free(maps, nmaps);
	sonde_strv_free(need, nneed);
	if (err) {
		free(ids);
		sonde_strv_free(v, n);
		return err;
	}
	if (idsout)
		*idsout = ids;
	else
		free(ids);
	*out = v;
	*nout = n;
	return 0;
}

/* Note that @pid's objects @ids have had their probes made. */
static void sonde_uobjs_note(struct sonde_dev *dev, pid_t pid,
			     const struct stat *ids, size_t n)
{
	struct sonde_dev_uobjs *t;
	struct sonde_uobjset *set;
	struct stat *ts;
	size_t i, k;

	for (i = 0; i < dev->nuobjs; i++)
		if (dev->uobjs[i].pid == pid)
			break;
	if (i == dev->nuobjs) {
		t = realloc(dev->uobjs, (i + 1) * sizeof(*t));
		if (!t)
			return;	/* later rounds then read them again */
		dev->uobjs = t;
		memset(&t[i], 0, sizeof(t[i]));
		t[i].pid = pid;
		dev->nuobjs++;
	}
	set = &dev->uobjs[i].set;
	for (k = 0; k < n; k++) {
		for (i = 0; i < set->n; i++)
			if (set->ids[i].st_dev == ids[k].st_dev &&
			    set->ids[i].st_ino == ids[k].st_ino)
				break;
		if (i < set->n)
			continue;
		ts = realloc(set->ids, (set->n + 1) * sizeof(*ts));
		if (!ts)
			return;
		set->ids = ts;
		set->ids[set->n++] = ids[k];
	}
}

int sonde_uobjset_resolved(struct sonde_dev *dev, pid_t pid,
			   struct sonde_uobjset *out)
{
	size_t i;

	for (i = 0; i < dev->nuobjs; i++) {
		if (dev->uobjs[i].pid != pid)
			continue;
		out->ids = malloc((dev->uobjs[i].set.n + 1) *
				  sizeof(*out->ids));
		if (!out->ids)
			return -ENOMEM;
		memcpy(out->ids, dev->uobjs[i].set.ids,
		       dev->uobjs[i].set.n * sizeof(*out->ids));
		out->n = dev->uobjs[i].set.n;
		return 0;
	}
	out->ids = NULL;
	out->n = 0;
	return 0;
}

int sonde_uprobe_provide(struct sonde_dev *dev, struct sonde_probe_desc *d,
			 char *err, size_t errlen)
{
	struct sonde_uctx u = { .dev = dev, .d = d, .err = err,
				.errlen = errlen };
	struct stat *ids = NULL;
	char **objs;
	size_t n, i;
	int ret;

	if (!sonde_uprobe_desc(d, &u))
		return 0;
	if (!u.pid) {
		if (sonde_has_glob(d->module))
			return sonde_uerr(&u, -EINVAL, "%s: a path in the "
					  "module field cannot be a glob",
					  sonde_desc_str(d));
		if (access(d->module, R_OK))
			return sonde_uerr(&u, -errno, "%s: %s",
					  d->module, strerror(errno));
		ret = sonde_uobject(&u, d->module, true);
		return ret ? ret : (int)u.created;
	}
	ret = sonde_uobjects(u.pid, &objs, &n, &ids);
	if (ret == -ENOENT || ret == -ESRCH)
		return sonde_uerr(&u, -ESRCH, "failed to grab pid %d: no "
				  "such process", (int)u.pid);
	if (ret)
		return sonde_uerr(&u, ret, "cannot read the objects of "
				  "process %d: %s", (int)u.pid,
				  strerror(-ret));
	for (i = 0; i < n && !ret; i++)
		ret = sonde_uobject(&u, objs[i], i == 0);
	if (!ret)
		sonde_uobjs_note(dev, u.pid, ids, n);
	free(ids);
	if (!ret && n && !strcmp(d->module, "a.out")) {
		const char *base = strrchr(objs[0], '/');

		snprintf(d->module, sizeof(d->module), "%s",
			 base ? base + 1 : objs[0]);
	}
	sonde_strv_free(objs, n);
	return ret ? ret : (int)u.created;
}

/* Every USDT probe of every provider in process @pid's objects (-l -p). */
int sonde_uprobe_provide_all(struct sonde_dev *dev, pid_t pid, char *err,
			     size_t errlen)
{
	struct sonde_probe_desc d;
	struct sonde_uctx u = { .dev = dev, .d = &d, .pid = pid, .err = err,
				.errlen = errlen };
	struct sonde_usite *sites;
	char **objs, why[256];
	size_t n, ns, i, k;
	int ret;

	ret = sonde_uobjects(pid, &objs, &n, NULL);
	if (ret)
		return sonde_uerr(&u, -ESRCH, "failed to grab pid %d: %s",
				  (int)pid, strerror(-ret));
	memset(&d, 0, sizeof(d));
	for (i = 0; i < n && ret >= 0; i++) {
		if (sonde_usdt_read(objs[i], &sites, &ns, why, sizeof(why)))
			continue;
		/* one provider at a time, as a description would name it */
		for (k = 0; k < ns && ret >= 0; k++) {
			if (k && !strcmp(sites[k].provider, sites[k - 1].provider))
				continue;
			snprintf(d.provider, sizeof(d.provider), "%.40s%d",
				 sites[k].provider, (int)pid);
			snprintf(u.prefix, sizeof(u.prefix), "%s",
				 sites[k].provider);
			ret = sonde_uobject(&u, objs[i], i == 0);
		}
		free(sites);
	}
	sonde_strv_free(objs, n);
	return ret < 0 ? ret : (int)u.created;
}

static int sonde_strp_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The USDT providers of process @pid's objects, distinct and sorted,
 * ", "-separated in @buf ("" when it has none).  For the message of a
 * description that names a provider the process lacks.  0 or -errno.
 */
int sonde_uprobe_providers(pid_t pid, char *buf, size_t size)
{
	struct sonde_usite *sites;
	char **objs, why[256], *names[64];
	size_t n, ns, i, k, j, nn = 0, len = 0;
	int ret;

	if (!size)
		return -EINVAL;
	buf[0] = '\0';
	ret = sonde_uobjects(pid, &objs, &n, NULL);
	if (ret)
		return ret;
	for (i = 0; i < n && !ret; i++) {
		if (sonde_usdt_read(objs[i], &sites, &ns, why, sizeof(why)))
			continue;
		for (k = 0; k < ns && nn < 64 && !ret; k++) {
			for (j = 0; j < nn; j++)
				if (!strcmp(names[j], sites[k].provider))
					break;
			if (j < nn)
				continue;
			names[nn] = strdup(sites[k].provider);
			if (names[nn])
				nn++;
			else
				ret = -ENOMEM;
		}
		free(sites);
	}
	sonde_strv_free(objs, n);
	qsort(names, nn, sizeof(names[0]), sonde_strp_cmp);
	for (j = 0; j < nn; j++) {
		if (len + strlen(names[j]) + 3 <= size)
			len += snprintf(buf + len, size - len, "%s%s",
					len ? ", " : "", names[j]);
		free(names[j]);
	}
	return ret;
}

/* ---- objects mapped later (later.c) -------------------------------- */

bool sonde_uprobe_desc_pid(const struct sonde_probe_desc *d, pid_t *pid)
{
	struct sonde_uctx u = { .d = d };

	if (!sonde_uprobe_desc(d, &u) || !u.pid)
		return false;
	*pid = u.pid;
	return true;
}

void sonde_uobjset_free(struct sonde_uobjset *set)
{
	free(set->ids);
	set->ids = NULL;
	set->n = 0;
}

/*
 * The executable objects process @pid maps now and @set does not hold
 * (through /proc/PID/root, as sonde_uobjects() names them), added to
 * @set; *@main is the index of the program itself among them, or -1.
 */
int sonde_uobjs_new(pid_t pid, struct sonde_uobjset *set, char ***out,
		    size_t *nout, int *main)
{
	char **maps = NULL, **v = NULL, path[PATH_MAX + 32];
	size_t nmaps = 0, n = 0, i, k;
	struct stat sb, *ti;
	char **tv;
	int err;

	*out = NULL;
	*nout = 0;
	*main = -1;
	err = sonde_proc_objects(pid, &maps, &nmaps);
	if (err)
		return err;
	for (i = 0; i < nmaps && !err; i++) {
		snprintf(path, sizeof(path), "/proc/%d/root%s", (int)pid,
			 maps[i]);
		if (stat(path, &sb))
			continue;
		for (k = 0; k < set->n; k++)
			if (set->ids[k].st_dev == sb.st_dev &&
			    set->ids[k].st_ino == sb.st_ino)
				break;
		if (k < set->n)
			continue;
		ti = realloc(set->ids, (set->n + 1) * sizeof(*ti));
		if (ti)
			set->ids = ti;
		tv = realloc(v, (n + 1) * sizeof(*tv));
		if (tv)
			v = tv;
		if (!ti || !tv || !(v[n] = strdup(path))) {
			err = -ENOMEM;
			break;
		}
		set->ids[set->n++] = sb;
		if (i == 0)
			*main = (int)n;
		n++;
	}
	sonde_strv_free(maps, nmaps);
	if (err) {
		sonde_strv_free(v, n);
		return err;
	}
	*out = v;
	*nout = n;
	return 0;
}

int sonde_uprobe_provide_objs(struct sonde_dev *dev,
			      const struct sonde_probe_desc *d, pid_t pid,
			      char **objs, size_t n, int main, char *err,
			      size_t errlen)
{
	struct sonde_uctx u = { .dev = dev, .d = d, .err = err,
				.errlen = errlen };
	size_t i;
	int ret = 0;

	if (!sonde_uprobe_desc(d, &u) || u.pid != pid)
		return 0;
	for (i = 0; i < n && !ret; i++)
		ret = sonde_uobject(&u, objs[i], (int)i == main);
	return ret ? ret : (int)u.created;
}
