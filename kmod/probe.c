// SPDX-License-Identifier: GPL-2.0
/*
 * probe.c - the probe table (ids, names, matching, listing) and the firing
 * path every provider calls.
 *
 * The table is an xarray of probes indexed by id, changed under sonde_lock.
 * sonde_probe_fire() is probe context: it disables interrupts, refuses NMI
 * and re-entry on the same CPU (both counted), and walks the probe's ECB
 * list under RCU.  It takes no lock, allocates nothing and sleeps never.
 */
#include <linux/ctype.h>
#include <linux/hardirq.h>
#include <linux/rculist.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>
#include <linux/tracepoint.h>
#include <linux/uaccess.h>
#include <linux/xarray.h>

#include "sonde_kmod.h"

static DEFINE_XARRAY_ALLOC1(sonde_probes);
static u32 sonde_nprobes;

/* Set while this CPU runs a firing: a probe hit inside one is dropped. */
static DEFINE_PER_CPU(int, sonde_in_probe);

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

/**
 * sonde_sync() - wait until no CPU runs a firing that started before now
 *
 * Nor a handler that may yet start one.  Firings run with interrupts off,
 * which RCU treats as a read-side critical section; but the callbacks of
 * _rcuidle tracepoint sites are called under SRCU (tracepoint_srcu), whose
 * readers an RCU grace period does not wait for: so wait for both, as the
 * kernel's tracepoint_synchronize_unregister() does, before anything a
 * handler can touch is freed.  Expedited, as DTrace's dtrace_sync() is a
 * cross-call to every CPU: a normal grace period is several ticks, and
 * the consumer waits for it at STOP, where `BEGIN { exit(0); }` spent a
 * seventh of its run idle.  It runs once per STOP, disarm or failed GO,
 * never in a loop.
 *
 * Context: process context, may sleep.
 */
void sonde_sync(void)
{
	synchronize_srcu_expedited(&tracepoint_srcu);
	synchronize_rcu_expedited();
}

/* Principal-buffer reservation for one record; NULL (and a drop) if full. */
static struct sonde_rechdr *sonde_rec_reserve(struct sonde_pcpu *pc,
					      u32 epid, u32 data_size,
					      u64 ts)
{
	struct sonde_rechdr *h;
	u32 size = sizeof(*h) + data_size;

	h = sonde_buf_reserve(&pc->buf, size);
	if (!h) {
		pc->buf.drops[pc->buf.active]++;
		return NULL;
	}
	h->epid = epid;
	h->size = size;
	h->timestamp = ts;
	/* not cleared: the clause writes each field it records (a string
	 * up to its NUL), and nothing else of the record is read */
	return h;
}

static void sonde_rec_commit(struct sonde_pcpu *pc, struct sonde_rechdr *h)
{
	pc->buf.offset[pc->buf.active] += h->size;
}

static __always_inline void sonde_ecb_run(struct sonde_kecb *ecb,
					  struct sonde_mstate *ms);

/* DTrace's action index of a fault: 0 in the predicate, else action #N. */
static u32 sonde_fault_action(const struct sonde_image *img,
			      const struct sonde_clause *c, u32 where, u32 pc)
{
	u32 k, action = 1;

	if (!where)
		return 0;
	for (k = 1; k < c->nacts; k++)
		if (img->acts[c->acts_off + k] <= pc)
			action = k + 1;
	return action;
}

/*
 * A clause faulted: count it, tell the consumer in an ERROR record, and
 * fire the consumer's dtrace:::ERROR clauses with DTrace's arguments.  A
 * fault inside an ERROR clause is only counted (no recursion).
 */
static void sonde_fault(struct sonde_kecb *ecb, struct sonde_mstate *ms,
			struct sonde_vm_ctx *ctx, u32 where)
{
	struct sonde_state *st = ecb->st;
	struct sonde_pcpu *pc = ms->pc;
	struct sonde_mstate ems __uninitialized;	/* a copy of *ms */
	struct sonde_fire f __uninitialized;
	struct sonde_kecb *e2;
	struct sonde_rechdr *h;
	struct sonde_errrec *e;
	u32 action;

	pc->buf.errors[pc->buf.active]++;
	action = sonde_fault_action(&st->img, ecb->clause, where,
				    ctx->fault_pc);
	h = sonde_rec_reserve(pc, SONDE_EPID_ERROR, sizeof(*e),
			      sonde_ms_timestamp(ms));
	if (h) {
		e = (struct sonde_errrec *)(h + 1);
		e->epid = ctx->epid;
		e->where = where;
		e->pc = ctx->fault_pc;
		e->fault = ctx->fault;
		e->action = action;
		e->reserved = 0;
		e->addr = ctx->fault_addr;
		sonde_rec_commit(pc, h);
	}
	if (ms->probe == sonde_probe_error || unlikely(ms->tr))
		return;
	sonde_fire_init(&f, NULL);
	f.args[1] = ctx->epid;
	f.args[2] = action;
	f.args[3] = (u64)ctx->fault_pc * sizeof(struct sonde_insn);
	f.args[4] = ctx->fault;
	f.args[5] = ctx->fault_addr;
	ems = *ms;
	ems.probe = sonde_probe_error;
	ems.fire = &f;
	list_for_each_entry_rcu(e2, &sonde_probe_error->ecbs, plink) {
		if (e2->st == st)
			sonde_ecb_run(e2, &ems);
	}
}

static void sonde_test_note(struct sonde_testrun *tr, struct sonde_vm_ctx *ctx,
			    bool pred)
{
	tr->flags |= SONDE_TESTRUN_FAULT | (pred ? SONDE_TESTRUN_INPRED : 0);
	tr->fault = ctx->fault;
	tr->fault_pc = ctx->fault_pc;
	tr->fault_addr = ctx->fault_addr;
}

/* Run one ECB.  Interrupts are off and this CPU is marked in-probe. */
static __always_inline void sonde_ecb_run(struct sonde_kecb *ecb,
					  struct sonde_mstate *ms)
{
	struct sonde_state *st = ecb->st;
	const struct sonde_clause *c = ecb->clause;
	struct sonde_pcpu *pc = st->pcpu[ms->cpu];
	struct sonde_rechdr *h = NULL;
	struct sonde_vm_ctx ctx __uninitialized;	/* every field below */
	u64 ret;

	/* the cpu option: other CPUs trace nothing (BEGIN, END and ERROR
	 * fire where they fire) */
	if (unlikely(st->img.opt[SONDE_OPT_cpu]) &&
	    ms->cpu != st->img.opt[SONDE_OPT_cpu] - 1 &&
	    ms->probe->prov != sonde_probe_error->prov)
		return;
	ms->st = st;
	ms->pc = pc;
	/* ctx.regs: sonde_vm_run() clears them */
	ctx.img = &st->img;
	ctx.env = ms;
	ctx.rec = NULL;
	ctx.rec_size = 0;
	ctx.scratch = pc->scratch;
	ctx.scratch_size = st->scratch_size;
	ctx.scratch_used = st->img.scratch_base;
	ctx.epid = ecb->epid;
	ctx.clause = ecb - st->ecbs;
	ctx.globals = st->globals;
	ctx.locals = pc->locals;
	ctx.stackbuf = pc->stackbuf;
	ctx.spec = 0;
	ctx.var_off = st->var_off;
	ctx.fault = 0;
	ctx.fault_pc = 0;
	ctx.fault_addr = 0;

	if (c->pred_len) {
		u32 fault = 0;

		/* `/pid == 123/` and its kind: no interpreter run */
		if (ecb->fastpred.op) {
			ret = sonde_env_builtin(&ctx, ecb->fastpred.builtin,
						&fault);
			if (likely(!fault)) {
				ret = sonde_fastpred_eval(&ecb->fastpred, ret);
				goto have_pred;
			}
			/* the interpreter reports the fault */
		}
		if (sonde_vm_run(&ctx, c->pred_off, c->pred_len, &ret)) {
			sonde_fault(ecb, ms, &ctx, 0);
			if (unlikely(ms->tr))
				sonde_test_note(ms->tr, &ctx, true);
			return;
		}
have_pred:
		if (unlikely(ms->tr))
			ms->tr->pred = ret;
		if (!ret)
			return;
	}
	if (unlikely(ms->tr))
		ms->tr->flags |= SONDE_TESTRUN_ACTIONS;
	if (c->rec_size || (c->flags & SONDE_CLAUSEF_RECORD)) {
		h = sonde_rec_reserve(pc, ecb->epid, c->rec_size,
				      sonde_ms_timestamp(ms));
		if (!h)
			return;
		ctx.rec = (u8 *)(h + 1);
		ctx.rec_size = c->rec_size;
	}
	ctx.scratch_used = st->img.scratch_base;
	if (sonde_vm_run(&ctx, c->act_off, c->act_len, &ret)) {
		/* the reserved record is abandoned: not committed */
		sonde_fault(ecb, ms, &ctx, 1);
		if (unlikely(ms->tr))
			sonde_test_note(ms->tr, &ctx, false);
		return;
	}
	if (unlikely(ms->tr))
		ms->tr->result = ret;
	if (unlikely(ctx.spec))
		sonde_spec_record(st, pc, ms->cpu, ctx.spec, h);
	else if (h)
		sonde_rec_commit(pc, h);
}

/**
 * sonde_probe_testfire() - run one ECB as a firing would (SONDE_IOC_TESTRUN)
 * @st: a loaded, unarmed state
 * @epid: the ECB
 * @f: the firing's arguments
 * @t: the test memory window the program's addresses map to
 * @tr: the outcome: predicate, fault, record, exit
 *
 * Runs on this CPU with interrupts off and the in-probe guard held, as a
 * firing does.
 *
 * Context: process context caller.
 * Return: 0, or -EBUSY when this CPU is inside a firing.
 */
int sonde_probe_testfire(struct sonde_state *st, u32 epid,
			 struct sonde_fire *f, const struct sonde_testmem *t,
			 struct sonde_testrun *tr)
{
	struct sonde_kecb *ecb = &st->ecbs[epid - 1];
	struct sonde_mstate ms = { };
	unsigned long flags;

	local_irq_save(flags);
	if (__this_cpu_read(sonde_in_probe)) {
		local_irq_restore(flags);
		return -EBUSY;
	}
	__this_cpu_write(sonde_in_probe, 1);
	ms.cpu = smp_processor_id();
	ms.probe = ecb->probe;
	ms.fire = f;
	ms.have_ts = false;
	ms.uok = false;
	ms.test = t;
	ms.tr = tr;
	tr->cpu = ms.cpu;
	tr->pred = 1;
	if (st->img.local_size)
		memset(st->pcpu[ms.cpu]->locals, 0, st->img.local_size);
	sonde_ecb_run(ecb, &ms);
	__this_cpu_write(sonde_in_probe, 0);
	local_irq_restore(flags);
	return 0;
}

static bool sonde_ecb_live(struct sonde_kecb *ecb, struct sonde_probe *p)
{
	int act = READ_ONCE(ecb->st->activity);

	if (act == SONDE_ACT_ACTIVE)
		return true;
	/* BEGIN runs while the state warms up, END while it cools down */
	if (p == sonde_probe_begin || p == sonde_probe_end)
		return act == SONDE_ACT_LOADED || act == SONDE_ACT_STOPPED;
	/* ERROR is fired directly by sonde_fault(), never through here */
	return false;
}

/**
 * sonde_probe_fire() - a probe fired: run every enabling on it
 * @p: the probe
 * @only: run only the enablings of this state (BEGIN, END, ERROR), or NULL
 * @f: the firing's arguments and registers
 *
 * For each live ECB on @p: the predicate, the actions, the record
 * committed to this CPU's principal (or speculative) buffer; faults become
 * ERROR records.  A firing inside a firing on this CPU, or in NMI, is
 * dropped and counted.
 *
 * Context: probe context; disables interrupts itself.  Bounded: every
 * program was verified, loops are impossible.
 */
void sonde_probe_fire(struct sonde_probe *p, struct sonde_state *only,
		      struct sonde_fire *f)
{
	struct sonde_state *last = NULL;
	struct sonde_mstate ms __uninitialized;	/* every field below */
	struct sonde_kecb *ecb;
	unsigned long flags;

	/*
	 * Interrupts off: no firing on this CPU can interleave with ours,
	 * and the region is an RCU read-side critical section (RCU's
	 * flavours are one since 5.0: synchronize_rcu() waits for it), so
	 * the ECB list is walked without rcu_read_lock().
	 */
	local_irq_save(flags);
	ms.cpu = smp_processor_id();
	if (unlikely(in_nmi() || __this_cpu_read(sonde_in_probe))) {
		bool nmi = in_nmi();

		list_for_each_entry_rcu(ecb, &p->ecbs, plink) {
			struct sonde_pcpu *pc = ecb->st->pcpu[ms.cpu];

			if (nmi)
				pc->nmidrops++;
			else
				pc->recdrops++;
		}
		local_irq_restore(flags);
		return;
	}
	__this_cpu_write(sonde_in_probe, 1);
	ms.probe = p;
	ms.fire = f;
	ms.st = NULL;
	ms.pc = NULL;
	ms.timestamp = 0;
	ms.have_ts = false;
	ms.uok = false;
	ms.fire_ip = (unsigned long)__builtin_return_address(0);
	ms.fire_fp = (unsigned long)__builtin_frame_address(0);
	ms.test = NULL;
	ms.tr = NULL;

	list_for_each_entry_rcu(ecb, &p->ecbs, plink) {
		if (only && ecb->st != only)
			continue;
		if (!sonde_ecb_live(ecb, p))
			continue;
		/* this-> variables live for one firing of the probe */
		if (ecb->st != last && ecb->st->img.local_size) {
			sonde_zero(ecb->st->pcpu[ms.cpu]->locals,
				   ecb->st->img.local_size);
		}
		last = ecb->st;
		sonde_ecb_run(ecb, &ms);
	}

	__this_cpu_write(sonde_in_probe, 0);
	local_irq_restore(flags);
}
