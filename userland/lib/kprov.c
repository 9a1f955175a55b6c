// SPDX-License-Identifier: GPL-2.0
/*
 * kprov.c - the kernel sites only files name, read here and offered to the
 * module (SONDE_IOC_OFFER), which reads no files itself: fbt's functions
 * (tracefs's available_filter_functions says which functions ftrace can
 * trace, /proc/kallsyms where they are) and tracepoints' event systems
 * (tracefs's available_events).  The module checks every entry against
 * the kernel before it makes a probe of it, so nothing here is trusted;
 * this only spares it the files.
 *
 * sonde_program_resolve() and sonde -l call sonde_kernel_provide() for
 * each description before they list it.  A description whose fbt
 * functions were all offered since a kernel module last loaded (the
 * module remembers: SONDE_OFFER_DONE, SONDE_PROBES_OFFERED) reads no file
 * at all; one whose functions the module knows reads
 * available_filter_functions only; /proc/kallsyms is read when there is
 * something new to place.  Consumer thread only.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dev_impl.h"

static const char *const sonde_tracefs[] = {
	"/sys/kernel/tracing/", "/sys/kernel/debug/tracing/",
};

static bool kp_glob(const char *pat, const char *s)
{
	return !*pat || fnmatch(pat, s, 0) == 0;
}

/* What the module takes in a name (uapi/sonde.h). */
static bool kp_name_ok(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (!isalnum((unsigned char)s[i]) && !strchr("_.-", s[i]))
			return false;
	return len > 0;
}

/* A whole (pseudo-)file, NUL-terminated; NULL with errno set. */
static char *kp_slurp(const char *path, size_t *lenp)
{
	size_t len = 0, cap = 1 << 20;
	char *buf = malloc(cap), *nb;
	ssize_t n;
	int fd, e;

	if (!buf)
		return NULL;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		e = errno;
		free(buf);
		errno = e;
		return NULL;
	}
	for (;;) {
		if (cap - len < (64 << 10) + 1) {
			nb = realloc(buf, cap * 2);
			if (!nb) {
				n = -1;
				errno = ENOMEM;
				break;
			}
			buf = nb;
			cap *= 2;
		}
		n = read(fd, buf + len, cap - len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += n;
	}
	e = errno;
	close(fd);
	if (n < 0) {
		free(buf);
		errno = e;
		return NULL;
	}
	buf[len] = '\0';
	if (lenp)
		*lenp = len;
	return buf;
}

/* tracefs's @name, where tracefs is mounted. */
static char *kp_tracefs(const char *name)
{
	char path[128];
	size_t i;
	char *buf = NULL;

	for (i = 0; i < sizeof(sonde_tracefs) / sizeof(*sonde_tracefs); i++) {
		snprintf(path, sizeof(path), "%s%s", sonde_tracefs[i], name);
		buf = kp_slurp(path, NULL);
		if (buf || errno != ENOENT)
			break;
	}
	return buf;
}

/* Entries to offer, sent SONDE_OFFER_MAX at a time. */
struct kp_batch {
	struct sonde_dev *dev;
	struct sonde_offer_ent *ents;
	uint32_t n;
	uint32_t created;
};

static int kp_flush(struct kp_batch *b)
{
	struct sonde_offer res;
	int err;

	if (!b->n)
		return 0;
	err = sonde_dev_offer(b->dev, b->ents, b->n, &res);
	b->n = 0;
	if (!err)
		b->created += res.created;
	return err;
}

static int kp_add(struct kp_batch *b, uint32_t kind, uint64_t addr,
		  const char *mod, size_t mlen, const char *name, size_t nlen)
{
	struct sonde_offer_ent *e;

	if (mlen >= SONDE_MODNAMELEN || nlen >= SONDE_FUNCNAMELEN ||
	    !kp_name_ok(mod, mlen) || !kp_name_ok(name, nlen))
		return 0;
	e = &b->ents[b->n++];
	memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->addr = addr;
	memcpy(e->module, mod, mlen);
	memcpy(e->name, name, nlen);
	return b->n == SONDE_OFFER_MAX ? kp_flush(b) : 0;
}

/*
 * The functions a description names and the module does not know yet:
 * "module\0function\0" keys in an open-addressing set.
 */
struct kp_set {
	char **slot;
	size_t cap, n;
};

static uint64_t kp_hash(const char *mod, size_t mlen, const char *f,
			size_t flen)
{
	uint64_t h = 1469598103934665603ULL;
	size_t i;

	for (i = 0; i < mlen; i++)
		h = (h ^ (unsigned char)mod[i]) * 1099511628211ULL;
	h = (h ^ 0xff) * 1099511628211ULL;
	for (i = 0; i < flen; i++)
		h = (h ^ (unsigned char)f[i]) * 1099511628211ULL;
	return h;
}

/* The slot of (@mod, @f): where it is, or the empty one it would take. */
static char **kp_slot(struct kp_set *s, const char *mod, size_t mlen,
		      const char *f, size_t flen)
{
	size_t i = kp_hash(mod, mlen, f, flen) & (s->cap - 1);

	for (;; i = (i + 1) & (s->cap - 1)) {
		char *k = s->slot[i];

		if (!k || (!strncmp(k, mod, mlen) && !k[mlen] &&
			   !strncmp(k + mlen + 1, f, flen) && !k[mlen + 1 + flen]))
			return &s->slot[i];
	}
}

static int kp_set_add(struct kp_set *s, const char *mod, size_t mlen,
		      const char *f, size_t flen)
{
	char **slot, *k;

	if (2 * (s->n + 1) > s->cap) {
		struct kp_set bigger = { .cap = s->cap ? s->cap * 2 : 1024 };
		size_t i;

		bigger.slot = calloc(bigger.cap, sizeof(char *));
		if (!bigger.slot)
			return -ENOMEM;
		for (i = 0; i < s->cap; i++) {
			size_t ml;

			if (!s->slot[i])
				continue;
			ml = strlen(s->slot[i]);
			*kp_slot(&bigger, s->slot[i], ml, s->slot[i] + ml + 1,
				 strlen(s->slot[i] + ml + 1)) = s->slot[i];
		}
		free(s->slot);
		bigger.n = s->n;
		*s = bigger;
	}
	slot = kp_slot(s, mod, mlen, f, flen);
	if (*slot)
		return 0;
	k = malloc(mlen + flen + 2);
	if (!k)
		return -ENOMEM;
	memcpy(k, mod, mlen);
	k[mlen] = '\0';
	memcpy(k + mlen + 1, f, flen);
	k[mlen + 1 + flen] = '\0';
	*slot = k;
	s->n++;
	return 0;
}

static bool kp_set_has(struct kp_set *s, const char *mod, size_t mlen,
		       const char *f, size_t flen)
{
	return s->cap && *kp_slot(s, mod, mlen, f, flen);
}

static void kp_set_free(struct kp_set *s)
{
	size_t i;

	for (i = 0; i < s->cap; i++)
		free(s->slot[i]);
	free(s->slot);
}

/*
 * available_filter_functions: "name" or "name [module]" a line.  Into
 * @set every function @d's module and function globs take, less sonde's
 * own and the removed weak functions 6.1 lists as
 * __ftrace_invalid_address___N.
 */
static int kp_fbt_names(const struct sonde_probe_desc *d, char *buf,
			struct kp_set *set)
{
	char *line, *next, name[SONDE_FUNCNAMELEN], mod[SONDE_MODNAMELEN];
	int err = 0;

	for (line = buf; *line && !err; line = next) {
		size_t flen = strcspn(line, " \t\n"), mlen = 7;
		const char *m = "vmlinux";
		char *nl = strchr(line, '\n'), *br;

		next = nl ? nl + 1 : line + strlen(line);
		if (nl)
			*nl = '\0';
		br = strchr(line + flen, '[');
		if (br) {
			m = br + 1;
			mlen = strcspn(m, "]");
		}
		if (!flen || flen >= sizeof(name) || !mlen ||
		    mlen >= sizeof(mod))
			continue;
		memcpy(name, line, flen);
		name[flen] = '\0';
		memcpy(mod, m, mlen);
		mod[mlen] = '\0';
		if (!kp_glob(d->function, name) || !kp_glob(d->module, mod) ||
		    !strcmp(mod, "sonde") ||
		    !strncmp(name, "__ftrace_invalid_address__", 26))
			continue;
		err = kp_set_add(set, mod, mlen, name, flen);
	}
	return err;
}

/* Take out of @set the @n functions the module already has probes for. */
static void kp_fbt_known(struct kp_set *set, const struct sonde_probe_info *v,
			 uint32_t n)
{
	uint32_t i;

	for (i = 0; i < n && set->n; i++) {
		const char *m = v[i].desc.module, *f = v[i].desc.function;
		char **slot = kp_slot(set, m, strlen(m), f, strlen(f));

		if (*slot) {
			/* a tombstone keeps the probe chains intact */
			(*slot)[0] = '\0';
			(*slot)[1] = '\0';
			set->n--;
		}
	}
}

/*
 * /proc/kallsyms: "ffffffff81234560 T name" or "... t name\t[module]".
 * Every text symbol @set holds is offered with its address.
 */
static int kp_fbt_addrs(struct kp_batch *b, char *buf, struct kp_set *set,
			bool *zero)
{
	char *line, *next;
	int err = 0;

	*zero = true;
	for (line = buf; *line && !err; line = next) {
		char *nl = strchr(line, '\n'), *end, *name, *m;
		unsigned long long addr;
		size_t flen, mlen = 7;

		next = nl ? nl + 1 : line + strlen(line);
		if (nl)
			*nl = '\0';
		addr = strtoull(line, &end, 16);
		if (end == line || end[0] != ' ' || !strchr("tTwW", end[1]) ||
		    end[2] != ' ')
			continue;
		if (addr)
			*zero = false;
		name = end + 3;
		flen = strcspn(name, " \t");
		m = strchr(name + flen, '[');
		if (m) {
			m++;
			mlen = strcspn(m, "]");
		} else {
			m = "vmlinux";
		}
		if (!addr || !kp_set_has(set, m, mlen, name, flen))
			continue;
		err = kp_add(b, SONDE_OFFER_FUNC, addr, m, mlen, name, flen);
	}
	return err;
}

/*
 * Tell the module that every function of @d's globs is now offered, as
 * read in fbt generation @gen: the next run of @d reads no file.
 */
static int kp_fbt_done(struct kp_batch *b, const struct sonde_probe_desc *d,
		       uint32_t gen)
{
	struct sonde_offer_ent *e = &b->ents[b->n++];

	memset(e, 0, sizeof(*e));
	e->kind = SONDE_OFFER_DONE;
	e->addr = gen;
	memcpy(e->module, d->module, sizeof(e->module));
	memcpy(e->name, d->function, sizeof(e->name));
	return kp_flush(b);
}

static int kp_fbt(struct kp_batch *b, const struct sonde_probe_desc *d,
		  char *err, size_t errlen)
{
	struct sonde_probe_desc q = *d;
	struct sonde_probe_info *known = NULL;
	struct kp_set set = { 0 };
	struct sonde_info info;
	char *names, *syms = NULL;
	uint32_t nknown, offered;
	bool zero;
	int ret;

	if (!kp_glob(d->provider, "fbt") ||
	    (!kp_glob(d->name, "entry") && !kp_glob(d->name, "return")))
		return 0;
	/* the generation before the files: a module loading after it makes
	 * what they say incomplete, and the module forgets our DONE */
	if (sonde_dev_info(b->dev, &info))
		info.fbt_gen = 0;
	snprintf(q.provider, sizeof(q.provider), "fbt");
	snprintf(q.name, sizeof(q.name), "entry");
	/* a count-only listing first: it says whether there is anything to
	 * read, and the probes themselves are wanted only if there is */
	ret = sonde_dev_probes_count(b->dev, &q, &nknown, &offered);
	if (ret)
		return ret;
	if (offered & SONDE_PROBES_OFFERED)
		goto out;	/* every function is a probe already */
	ret = sonde_dev_probes_offered(b->dev, &q, &known, &nknown, &offered);
	if (ret)
		return ret;
	names = kp_tracefs("available_filter_functions");
	if (!names) {
		sonde_dev_warn(b->dev, "fbt: cannot read tracefs's available_filter_functions (is tracefs mounted?): no fbt probes");
		goto out;
	}
	ret = kp_fbt_names(d, names, &set);
	free(names);
	if (ret)
		goto out;
	kp_fbt_known(&set, known, nknown);
	if (set.n) {
		syms = kp_slurp("/proc/kallsyms", NULL);
		if (!syms) {
			ret = -errno;
			sonde_errf(err, errlen, "fbt: cannot read /proc/kallsyms: %s",
				   strerror(-ret));
			goto out;
		}
		ret = kp_fbt_addrs(b, syms, &set, &zero);
		if (!ret && zero) {
			ret = -EPERM;
			sonde_errf(err, errlen, "fbt: /proc/kallsyms shows no addresses (kernel.kptr_restrict), so no function can be placed");
		}
		if (!ret)
			ret = kp_flush(b);
		if (ret == -E2BIG)
			sonde_errf(err, errlen, "fbt: the module's probe table is full (100000 fbt probes)");
	}
	if (!ret && info.fbt_gen)
		ret = kp_fbt_done(b, d, info.fbt_gen);
out:
	free(syms);
	free(known);
	kp_set_free(&set);
	return ret;
}

/*
 * Does any kernel tracepoint have a name @d's name glob takes?  The
 * module knows its tracepoints without files; when none fits (BEGIN,
 * entry, ...), available_events need not be read.
 */
static bool kp_tp_named(struct kp_batch *b, const struct sonde_probe_desc *d)
{
	struct sonde_probe_desc q;
	struct sonde_probe_info *v;
	uint32_t n;

	memset(&q, 0, sizeof(q));
	snprintf(q.provider, sizeof(q.provider), "tracepoint");
	memcpy(q.name, d->name, sizeof(q.name));
	if (sonde_dev_probes(b->dev, &q, &v, &n))
		return true;	/* let the offer find out */
	free(v);
	return n > 0;
}

/* available_events: "system:name" a line. */
static int kp_tp(struct kp_batch *b, const struct sonde_probe_desc *d)
{
	char *buf, *line, *next;
	int ret = 0;

	if (!kp_glob(d->provider, "tracepoint") || !kp_glob(d->function, "") ||
	    !kp_tp_named(b, d))
		return 0;
	buf = kp_tracefs("available_events");
	if (!buf)
		return 0;	/* tracepoints keep module "" */
	for (line = buf; *line && !ret; line = next) {
		char *nl = strchr(line, '\n'), *colon;

		next = nl ? nl + 1 : line + strlen(line);
		if (nl)
			*nl = '\0';
		colon = strchr(line, ':');
		if (!colon)
			continue;
		*colon = '\0';
		if (!kp_glob(d->module, line) || !kp_glob(d->name, colon + 1))
			continue;
		ret = kp_add(b, SONDE_OFFER_EVENT, 0, line, strlen(line),
			     colon + 1, strlen(colon + 1));
	}
	free(buf);
	return ret ? ret : kp_flush(b);
}

int sonde_kernel_provide(struct sonde_dev *dev,
			 const struct sonde_probe_desc *d, char *err,
			 size_t errlen)
{
	struct kp_batch b = { .dev = dev };
	int ret;

	if (!kp_glob(d->provider, "fbt") && !kp_glob(d->provider, "tracepoint"))
		return 0;
	b.ents = malloc(SONDE_OFFER_MAX * sizeof(*b.ents));
	if (!b.ents)
		return -ENOMEM;
	ret = kp_fbt(&b, d, err, errlen);
	if (!ret)
		ret = kp_tp(&b, d);
	free(b.ents);
	if (ret < 0 && err && errlen && !err[0])
		sonde_errf(err, errlen, "cannot offer kernel probe sites: %s",
			   sonde_strerror(ret));
	return ret < 0 ? ret : (int)b.created;
}
