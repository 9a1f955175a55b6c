// SPDX-License-Identifier: GPL-2.0
/*
 * probe.c - the probe table: ids, names, matching, listing, the sites
 * userland offers, and the providers' list.
 *
 * The table is an xarray of probes indexed by id, changed under
 * sonde_lock; the providers create and destroy probes in it, the ioctls
 * list and match them.  The firing path that runs the enablings on a
 * probe is fire.c's: it reads a probe's ECB list under RCU and nothing
 * here.
 *
 * Context: process context, may sleep; sonde_lock held or taken.  Never
 * probe context.
 */
#include <linux/ctype.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/xarray.h>

#include "sonde_kmod.h"

static DEFINE_XARRAY_ALLOC1(sonde_probes);
static u32 sonde_nprobes;

/**
 * sonde_probe_create() - a new probe in the table
 * @prov: its provider
 * @mod: module name
 * @func: function name
 * @name: probe name
 * @nargs: arguments it delivers
 * @data: the provider's own datum for it
 *
 * Context: process context, sonde_lock held.
 * Return: the probe, or ERR_PTR(-ENOMEM), ERR_PTR(-EBUSY) when ids run out.
 */
struct sonde_probe *sonde_probe_create(const struct sonde_provider *prov,
				       const char *mod, const char *func,
				       const char *name, u32 nargs,
				       unsigned long data)
{
	struct sonde_probe *p;
	u32 id;
	int err;

	lockdep_assert_held(&sonde_lock);
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return ERR_PTR(-ENOMEM);
	p->prov = prov;
	p->mod = mod;
	p->func = func;
	p->name = name;
	p->nargs = nargs;
	p->data = data;
	INIT_LIST_HEAD(&p->ecbs);
	err = xa_alloc(&sonde_probes, &id, p, xa_limit_32b, GFP_KERNEL);
	if (err) {
		kfree(p);
		return ERR_PTR(err);
	}
	p->id = id;
	sonde_nprobes++;
	return p;
}

/**
 * sonde_probe_lookup() - the probe of id @id
 * @id: a probe id
 *
 * Context: process context, sonde_lock held.
 * Return: the probe or NULL.
 */
struct sonde_probe *sonde_probe_lookup(u32 id)
{
	lockdep_assert_held(&sonde_lock);
	return xa_load(&sonde_probes, id);
}

/**
 * sonde_probe_count() - how many probes the table holds
 *
 * Context: any; a racy count is fine (module load logs it).
 * Return: the count.
 */
u32 sonde_probe_count(void)
{
	return READ_ONCE(sonde_nprobes);
}

/**
 * sonde_probe_destroy() - remove one probe from the table and free it
 * @p: a user probe whose owner is going away; nothing enabled on it
 *
 * Context: process context, sonde_lock held.
 */
void sonde_probe_destroy(struct sonde_probe *p)
{
	lockdep_assert_held(&sonde_lock);
	WARN_ON_ONCE(p->nenabled);
	xa_erase(&sonde_probes, p->id);
	sonde_nprobes--;
	if (p->prov->destroy)
		p->prov->destroy(p);
	kfree(p);
}

/**
 * sonde_probes_destroy() - free every probe
 *
 * Context: module exit or failed init, nothing armed.
 */
void sonde_probes_destroy(void)
{
	struct sonde_probe *p;
	unsigned long id;

	mutex_lock(&sonde_lock);
	xa_for_each(&sonde_probes, id, p) {
		WARN_ON_ONCE(p->nenabled);
		xa_erase(&sonde_probes, id);
		if (p->prov->destroy)
			p->prov->destroy(p);
		kfree(p);
	}
	sonde_nprobes = 0;
	mutex_unlock(&sonde_lock);
}

/*
 * Glob match with `*`, `?` and `[...]` (ranges, `!` or `^` negation), as
 * DTrace's probe descriptions use them.  Iterative with one backtrack
 * point, so linear-ish and without recursion.  An empty pattern matches
 * everything.
 */
static bool sonde_class_match(const char **pp, char c)
{
	const char *p = *pp + 1;
	bool neg = false, hit = false;

	if (*p == '!' || *p == '^') {
		neg = true;
		p++;
	}
	if (*p == ']') {		/* a leading ] is literal */
		hit = c == ']';
		p++;
	}
	while (*p && *p != ']') {
		if (p[1] == '-' && p[2] && p[2] != ']') {
			if (c >= p[0] && c <= p[2])
				hit = true;
			p += 3;
		} else {
			if (c == *p)
				hit = true;
			p++;
		}
	}
	if (!*p)
		return false;		/* unterminated class: no match */
	*pp = p + 1;
	return hit != neg;
}

/**
 * sonde_glob_match() - does @s match the shell pattern @pat
 * @pat: a pattern of *, ?, [set] and [!set] (DTrace's probe globs)
 * @s: the string
 *
 * An empty pattern matches everything, as an empty field of a probe
 * description does.  Iterative, no recursion: time bounded by the lengths.
 *
 * Return: true on a match.
 */
bool sonde_glob_match(const char *pat, const char *s)
{
	const char *star = NULL, *retry = NULL;

	if (!*pat)
		return true;
	while (*s) {
		const char *p = pat;

		if (*pat == '*') {
			star = ++pat;
			retry = s;
			continue;
		}
		if (*pat == '?') {
			pat++;
			s++;
			continue;
		}
		if (*pat == '[') {
			if (sonde_class_match(&p, *s)) {
				pat = p;
				s++;
				continue;
			}
		} else if (*pat == '\\' && pat[1] && pat[1] == *s) {
			pat += 2;
			s++;
			continue;
		} else if (*pat && *pat == *s) {
			pat++;
			s++;
			continue;
		}
		if (!star)
			return false;
		pat = star;
		s = ++retry;
	}
	while (*pat == '*')
		pat++;
	return !*pat;
}

/**
 * sonde_glob_literal() - is @pat one exact, non-empty name
 * @pat: a probe description field
 *
 * Return: true when @pat holds none of sonde_glob_match()'s special
 * characters (and is not empty, which matches everything).
 */
bool sonde_glob_literal(const char *pat)
{
	return *pat && !strpbrk(pat, "*?[\\");
}

static bool sonde_desc_match(const struct sonde_probe_desc *d,
			     const struct sonde_probe *p)
{
	return sonde_glob_match(d->provider, sonde_probe_provname(p)) &&
	       sonde_glob_match(d->module, p->mod) &&
	       sonde_glob_match(d->function, p->func) &&
	       sonde_glob_match(d->name, p->name);
}

static const struct sonde_provider *const sonde_providers[] = {
	&sonde_dtrace_provider,
	&sonde_syscall_provider,
	&sonde_profile_provider,
	/* kernel functions and tracepoints, and DTrace's stable providers
	 * over tracepoints */
	&sonde_fbt_provider,
	&sonde_tp_provider,
	&sonde_sched_provider,
	&sonde_proc_provider,
	&sonde_io_provider,
	/* kernel locks (kprobes, tracepoints), CPU performance counters */
	&sonde_lockstat_provider,
	&sonde_cpc_provider,
	/* the network (kprobes, a tracepoint) */
	&sonde_ip_provider,
	&sonde_tcp_provider,
	&sonde_udp_provider,
};

/**
 * sonde_provider_named() - is @name a kernel provider's
 * @name: a provider name
 *
 * User probes may not take those names.
 *
 * Return: true if a kernel provider is called @name.
 */
bool sonde_provider_named(const char *name)
{
	u32 i;

	for (i = 0; i < ARRAY_SIZE(sonde_providers); i++) {
		if (!strcmp(sonde_providers[i]->name, name))
			return true;
	}
	return false;
}

/* Fields must be NUL-terminated within their arrays. */
static int sonde_desc_check(struct sonde_probe_desc *d)
{
	if (!memchr(d->provider, 0, sizeof(d->provider)) ||
	    !memchr(d->module, 0, sizeof(d->module)) ||
	    !memchr(d->function, 0, sizeof(d->function)) ||
	    !memchr(d->name, 0, sizeof(d->name)))
		return -EINVAL;
	return 0;
}

/**
 * sonde_probe_list() - SONDE_IOC_PROBES: the probes matching a description
 * @st: the consumer state (its user probes are visible to it)
 * @req: the description in; the matches, in id order, their count and
 *       whether all its fbt functions were offered out
 *
 * Context: process context; takes sonde_lock.
 * Return: 0, -EINVAL for a malformed description, -EFAULT.
 */
int sonde_probe_list(struct sonde_state *st, struct sonde_probes *req)
{
	struct sonde_probe_info __user *ubuf = u64_to_user_ptr(req->buf);
	struct sonde_probe_info info;
	struct sonde_probe *p;
	unsigned long id;
	u32 i;
	int err;

	err = sonde_desc_check(&req->desc);
	if (err)
		return err;
	if (req->buf_count && !req->buf)
		return -EFAULT;
	req->count = 0;
	req->total = 0;

	mutex_lock(&sonde_lock);
	/* on-demand probes are made by a listing's first call only: the
	 * calls that page through it must not pay for that again */
	for (i = 0; req->start_id <= 1 && i < ARRAY_SIZE(sonde_providers);
	     i++) {
		const struct sonde_provider *prov = sonde_providers[i];

		if (prov->provide &&
		    sonde_glob_match(req->desc.provider, prov->name)) {
			err = prov->provide(st, &req->desc);
			if (err)
				goto out_unlock;
		}
	}
	if (sonde_glob_match(req->desc.provider, sonde_fbt_provider.name))
		req->offered = sonde_fbt_offered(&req->desc);
	i = 0;
	xa_for_each_start(&sonde_probes, id, p, max(req->start_id, 1u)) {
		/* a glob against every one of 100000 fbt probes: let the
		 * CPU go now and then, listed or not */
		if (!(++i & 255))
			cond_resched();
		if (p->owner && p->owner != st)
			continue;	/* another consumer's user probe */
		if (p->prov->listed && !p->prov->listed(p))
			continue;	/* its code is gone, for now */
		if (!sonde_desc_match(&req->desc, p))
			continue;
		req->total++;
		if (req->count >= req->buf_count)
			continue;
		memset(&info, 0, sizeof(info));
		info.id = p->id;
		info.nargs = p->nargs;
		strscpy(info.desc.provider, sonde_probe_provname(p),
			sizeof(info.desc.provider));
		strscpy(info.desc.module, p->mod, sizeof(info.desc.module));
		strscpy(info.desc.function, p->func,
			sizeof(info.desc.function));
		strscpy(info.desc.name, p->name, sizeof(info.desc.name));
		if (copy_to_user(&ubuf[req->count], &info, sizeof(info))) {
			err = -EFAULT;
			goto out_unlock;
		}
		req->count++;
	}
out_unlock:
	mutex_unlock(&sonde_lock);
	return err;
}

/**
 * sonde_probe_find() - the probe of a full name, made if its provider
 * makes probes on demand
 * @st: the state the probe is for (tick-N and profile-N probes are held
 *      by it)
 * @desc: provider, module, function and name, each compared as a string
 *        (no glob), NUL-terminated
 *
 * The anonymous enabling's resolution (anon.c): its file names each probe
 * in full.  fbt's probes are not found before a consumer offered them.
 *
 * Context: process context; takes sonde_lock.
 * Return: the probe's id, 0 when there is none (or on a provider's error).
 */
u32 sonde_probe_find(struct sonde_state *st,
		     const struct sonde_probe_desc *desc)
{
	struct sonde_probe *p;
	unsigned long id;
	u32 i, found = 0;

	mutex_lock(&sonde_lock);
	for (i = 0; i < ARRAY_SIZE(sonde_providers); i++) {
		const struct sonde_provider *prov = sonde_providers[i];

		if (prov->provide && !strcmp(desc->provider, prov->name) &&
		    prov->provide(st, desc))
			goto out_unlock;
	}
	xa_for_each(&sonde_probes, id, p) {
		if (p->owner && p->owner != st)
			continue;
		if (p->prov->listed && !p->prov->listed(p))
			continue;
		if (!strcmp(desc->provider, sonde_probe_provname(p)) &&
		    !strcmp(desc->module, p->mod) &&
		    !strcmp(desc->function, p->func) &&
		    !strcmp(desc->name, p->name)) {
			found = p->id;
			break;
		}
	}
out_unlock:
	mutex_unlock(&sonde_lock);
	return found;
}

/* Letters, digits, '_', '.', '-'; NUL-terminated in @size, not empty. */
static bool sonde_offer_name_ok(const char *s, size_t size)
{
	size_t i;

	for (i = 0; i < size && s[i]; i++)
		if (!isalnum(s[i]) && !strchr("_.-", s[i]))
			return false;
	return i > 0 && i < size;
}

static const struct sonde_provider *sonde_offer_prov(u32 kind)
{
	u32 i;

	for (i = 0; i < ARRAY_SIZE(sonde_providers); i++)
		if (sonde_providers[i]->offer &&
		    sonde_providers[i]->offer_kind == kind)
			return sonde_providers[i];
	return NULL;
}

/*
 * A SONDE_OFFER_DONE glob: NUL-terminated in @size, printable, no ' ' or
 * ':' (a description's field cannot hold them); may be empty.
 */
static bool sonde_offer_glob_ok(const char *s, size_t size)
{
	size_t i;

	for (i = 0; i < size && s[i]; i++)
		if (!isgraph(s[i]) || s[i] == ':')
			return false;
	return i < size;
}

/* Is @e well formed (sonde_offer_ent in uapi/sonde.h)? */
static bool sonde_offer_ent_ok(const struct sonde_offer_ent *e)
{
	if (e->reserved)
		return false;
	if (e->kind == SONDE_OFFER_DONE)
		return e->addr &&
		       sonde_offer_glob_ok(e->module, sizeof(e->module)) &&
		       sonde_offer_glob_ok(e->name, sizeof(e->name));
	return sonde_offer_prov(e->kind) &&
	       sonde_offer_name_ok(e->module, sizeof(e->module)) &&
	       sonde_offer_name_ok(e->name, sizeof(e->name)) &&
	       !e->addr == (e->kind != SONDE_OFFER_FUNC);
}

/**
 * sonde_probe_offer() - SONDE_IOC_OFFER: take the kernel sites a caller
 * read from files
 * @req: the request, copied in; its counts are filled in
 *
 * Every entry is checked for form before any is acted on; then each kind
 * goes to its provider in one call, which checks it against the kernel,
 * and SONDE_OFFER_DONE entries, last, to the fbt provider's memory of
 * descriptions offered in full.
 *
 * Context: process context, may sleep; takes sonde_lock.
 * Return: 0, or -EINVAL / -E2BIG (nothing taken), -EFAULT, -ENOMEM, or a
 * provider's error.
 */
int sonde_probe_offer(struct sonde_offer *req)
{
	const struct sonde_provider *prov;
	struct sonde_offer_ent *ents;
	u32 i, n, kind;
	int err = 0;

	if (req->flags || memchr_inv(req->reserved, 0, sizeof(req->reserved)))
		return -EINVAL;
	if (req->count > SONDE_OFFER_MAX)
		return -E2BIG;
	if (!req->count || !req->ents)
		return -EINVAL;
	ents = vmemdup_user(u64_to_user_ptr(req->ents),
			    (size_t)req->count * sizeof(*ents));
	if (IS_ERR(ents))
		return PTR_ERR(ents);
	for (i = 0; i < req->count; i++) {
		if (!sonde_offer_ent_ok(&ents[i])) {
			err = -EINVAL;
			goto out_free;
		}
	}
	req->accepted = req->refused = req->created = 0;
	mutex_lock(&sonde_lock);
	/* DONE last: it says that what came before was all there is */
	for (kind = SONDE_OFFER_FUNC; kind <= SONDE_OFFER_DONE && !err;
	     kind++) {
		/* this kind's entries to the front, in order */
		for (i = 0, n = 0; i < req->count; i++) {
			if (ents[i].kind != kind)
				continue;
			swap(ents[n], ents[i]);	/* a macro: no n++ in it */
			n++;
		}
		if (!n)
			continue;
		if (kind == SONDE_OFFER_DONE) {
			sonde_fbt_offer_done(ents, n);
			continue;
		}
		prov = sonde_offer_prov(kind);
		err = prov->offer(ents, n, req);
	}
	mutex_unlock(&sonde_lock);
out_free:
	kvfree(ents);
	return err;
}

/**
 * sonde_providers_commit() - apply every provider's marked enables and
 * disables, one batch each
 *
 * Called once after each arming or disarming pass.
 *
 * Context: process context, sonde_lock held.
 * Return: 0, or the first provider's error (its marked enables did not
 * take effect).
 */
int sonde_providers_commit(void)
{
	u32 i;
	int err, ret = 0;

	lockdep_assert_held(&sonde_lock);
	for (i = 0; i < ARRAY_SIZE(sonde_providers); i++) {
		if (!sonde_providers[i]->commit)
			continue;
		err = sonde_providers[i]->commit();
		if (!ret)
			ret = err;
	}
	return ret;
}
