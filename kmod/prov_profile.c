// SPDX-License-Identifier: GPL-2.0
/*
 * prov_profile.c - the profile provider: tick-N fires on one CPU at a
 * fixed interval, profile-N on every online CPU; arg0 is the kernel PC
 * the timer interrupted (0 in user mode), arg1 the user PC (0 in the
 * kernel).  N is a rate in Hz or an interval with a unit (ns, nsec, us,
 * usec, ms, msec, s, sec, m, min, h, hour, d, day, hz), as in DTrace;
 * intervals under 200 us are refused.  DTrace's usual probes exist from
 * the start; others are created when a consumer's listing names one
 * exactly (SONDE_IOC_PROBES: the listing's ids are what LOAD takes).
 *
 * Created on demand, a probe is held by every consumer whose listing
 * named it (a reference each, at most SONDE_PROFILE_MAX_OWN a consumer)
 * and freed when the last of them has closed and no consumer's enabling
 * is loaded on it (sonde_profile_release()): a listing of "tick-N" for
 * 20,000 values of N leaves nothing behind once its consumers are gone.
 * At most SONDE_PROFILE_MAX of them exist at once, as DTrace's
 * profile_max; past either bound the listing fails with ENOSPC.  Names
 * are found through a hash table.
 *
 * Timers are hard-irq hrtimers pinned to their CPU: the callbacks are
 * probe context.  Creating, arming, disarming and freeing run under
 * sonde_lock.
 */
#include <linux/hashtable.h>
#include <linux/hrtimer.h>
#include <linux/jhash.h>
#include <linux/percpu.h>
#include <linux/ptrace.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <asm/irq_regs.h>

#include "sonde_kmod.h"
#include "compat.h"

#define SONDE_PROFILE_MIN_NS	200000ULL
/* probes created on demand: at once (DTrace's profile_max), and held by
 * one consumer */
#define SONDE_PROFILE_MAX	1000
#define SONDE_PROFILE_MAX_OWN	256

struct sonde_timer;

/* One CPU's timer of a profile-N probe. */
struct sonde_cpu_timer {
	struct hrtimer h;
	struct sonde_timer *t;
};

struct sonde_timer {
	u64 interval_ns;
	bool per_cpu;
	struct sonde_probe *probe;
	struct hrtimer tick;			/* tick-N */
	struct sonde_cpu_timer __percpu *cpus;	/* profile-N */
	struct hlist_node hnode;		/* in sonde_timers, by name */
	bool on_demand;				/* not one of DTrace's usual */
	u32 refs;				/* consumers holding it */
	char name[SONDE_NAMELEN];
};

/* A consumer's hold on a probe created on demand (on its timer_refs). */
struct sonde_timer_ref {
	struct list_head link;
	struct sonde_timer *t;
};

static void sonde_timer_fire(struct sonde_timer *t)
{
	struct pt_regs *regs = get_irq_regs();
	struct sonde_fire f __uninitialized;

	sonde_fire_init(&f, regs);
	if (regs) {
		if (user_mode(regs))
			f.args[1] = instruction_pointer(regs);
		else
			f.args[0] = instruction_pointer(regs);
	}
	sonde_probe_fire(t->probe, NULL, &f);
}

static enum hrtimer_restart sonde_tick_fn(struct hrtimer *h)
{
	struct sonde_timer *t = container_of(h, struct sonde_timer, tick);

	sonde_timer_fire(t);
	hrtimer_forward_now(h, ns_to_ktime(t->interval_ns));
	return HRTIMER_RESTART;
}

static enum hrtimer_restart sonde_profile_fn(struct hrtimer *h)
{
	struct sonde_timer *t = container_of(h, struct sonde_cpu_timer, h)->t;

	sonde_timer_fire(t);
	hrtimer_forward_now(h, ns_to_ktime(t->interval_ns));
	return HRTIMER_RESTART;
}

/* Runs on each CPU (IPI): start that CPU's timer there, pinned. */
static void sonde_profile_start(void *arg)
{
	struct sonde_timer *t = arg;
	struct hrtimer *h = &this_cpu_ptr(t->cpus)->h;

	hrtimer_start(h, ns_to_ktime(t->interval_ns),
		      HRTIMER_MODE_REL_PINNED_HARD);
}

static int sonde_profile_enable(struct sonde_probe *p)
{
	struct sonde_timer *t = (struct sonde_timer *)p->data;
	int cpu;

	if (!t->per_cpu) {
		sonde_compat_hrtimer_setup(&t->tick, sonde_tick_fn,
					   CLOCK_MONOTONIC,
					   HRTIMER_MODE_REL_PINNED_HARD);
		hrtimer_start(&t->tick, ns_to_ktime(t->interval_ns),
			      HRTIMER_MODE_REL_PINNED_HARD);
		return 0;
	}
	t->cpus = alloc_percpu(struct sonde_cpu_timer);
	if (!t->cpus)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		struct sonde_cpu_timer *ct = per_cpu_ptr(t->cpus, cpu);

		sonde_compat_hrtimer_setup(&ct->h, sonde_profile_fn,
					   CLOCK_MONOTONIC,
					   HRTIMER_MODE_REL_PINNED_HARD);
		ct->t = t;
	}
	on_each_cpu(sonde_profile_start, t, 1);
	return 0;
}

static void sonde_profile_disable(struct sonde_probe *p)
{
	struct sonde_timer *t = (struct sonde_timer *)p->data;
	int cpu;

	if (!t->per_cpu) {
		hrtimer_cancel(&t->tick);
		return;
	}
	for_each_possible_cpu(cpu)
		hrtimer_cancel(&per_cpu_ptr(t->cpus, cpu)->h);
	free_percpu(t->cpus);
	t->cpus = NULL;
}

/* Every timer probe created, by name (sonde_lock). */
static DEFINE_HASHTABLE(sonde_timers, 8);
static u32 sonde_timers_on_demand;

static u32 sonde_timer_hash(const char *name)
{
	return jhash(name, strlen(name), 0);
}

static void sonde_profile_destroy(struct sonde_probe *p)
{
	struct sonde_timer *t = (struct sonde_timer *)p->data;

	hash_del(&t->hnode);
	if (t->on_demand)
		sonde_timers_on_demand--;
	kfree(t);
}

/*
 * Parse "tick-N[unit]" / "profile-N[unit]" into an interval; false if the
 * name is not one.
 */
static bool sonde_profile_parse(const char *name, bool *per_cpu, u64 *ns)
{
	static const struct {
		const char *unit;
		u64 mult;	/* ns per unit; 0 = Hz */
	} units[] = {
		{ "", 0 }, { "hz", 0 }, { "ns", 1 }, { "nsec", 1 },
		{ "us", 1000 }, { "usec", 1000 }, { "ms", 1000000 },
		{ "msec", 1000000 }, { "s", NSEC_PER_SEC },
		{ "sec", NSEC_PER_SEC }, { "m", 60 * NSEC_PER_SEC },
		{ "min", 60 * NSEC_PER_SEC }, { "h", 3600 * NSEC_PER_SEC },
		{ "hour", 3600 * NSEC_PER_SEC },
		{ "d", 86400 * NSEC_PER_SEC }, { "day", 86400 * NSEC_PER_SEC },
	};
	const char *s;
	u64 n = 0;
	u32 i;

	if (!strncmp(name, "tick-", 5)) {
		*per_cpu = false;
		s = name + 5;
	} else if (!strncmp(name, "profile-", 8)) {
		*per_cpu = true;
		s = name + 8;
	} else {
		return false;
	}
	if (*s < '0' || *s > '9')
		return false;
	for (; *s >= '0' && *s <= '9'; s++) {
		if (n > U64_MAX / 10 / NSEC_PER_SEC)
			return false;
		n = n * 10 + (*s - '0');
	}
	if (!n)
		return false;
	for (i = 0; i < ARRAY_SIZE(units); i++) {
		if (strcmp(s, units[i].unit))
			continue;
		if (!units[i].mult)
			*ns = NSEC_PER_SEC / n;
		else if (n > U64_MAX / units[i].mult)
			return false;
		else
			*ns = n * units[i].mult;
		return *ns >= SONDE_PROFILE_MIN_NS;
	}
	return false;
}

static struct sonde_timer *sonde_timer_find(const char *name)
{
	struct sonde_timer *t;

	hash_for_each_possible(sonde_timers, t, hnode, sonde_timer_hash(name))
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

static struct sonde_timer *sonde_profile_create(const char *name,
						bool on_demand)
{
	struct sonde_timer *t;
	struct sonde_probe *p;
	bool per_cpu;
	u64 ns;

	if (!sonde_profile_parse(name, &per_cpu, &ns))
		return ERR_PTR(-EINVAL);
	if (on_demand && sonde_timers_on_demand >= SONDE_PROFILE_MAX)
		return ERR_PTR(-ENOSPC);
	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return ERR_PTR(-ENOMEM);
	t->interval_ns = ns;
	t->per_cpu = per_cpu;
	t->on_demand = on_demand;
	strscpy(t->name, name, sizeof(t->name));
	p = sonde_probe_create(&sonde_profile_provider, "", "", t->name, 2,
			       (unsigned long)t);
	if (IS_ERR(p)) {
		kfree(t);
		return ERR_CAST(p);
	}
	t->probe = p;
	hash_add(sonde_timers, &t->hnode, sonde_timer_hash(t->name));
	if (on_demand)
		sonde_timers_on_demand++;
	return t;
}

/*
 * Is @t a probe created on demand that nothing holds: no consumer's
 * listing (refs), no consumer's loaded enabling (res_ecbs, which LOAD
 * counts before anything is armed and release gives back after
 * disarming), nothing armed?
 */
static bool sonde_timer_unused(const struct sonde_timer *t)
{
	const struct sonde_probe *p = t->probe;

	return t->on_demand && !t->refs && !p->res_ecbs && !p->nenabled &&
	       list_empty(&p->ecbs);
}

static int sonde_profile_provide(struct sonde_state *st,
				 const struct sonde_probe_desc *desc)
{
	const char *name = desc->name;
	struct sonde_timer_ref *r;
	struct sonde_timer *t;

	if (!sonde_glob_literal(name) ||
	    !sonde_profile_parse(name, &(bool){0}, &(u64){0}))
		return 0;
	if (!sonde_glob_match(desc->module, "") ||
	    !sonde_glob_match(desc->function, ""))
		return 0;
	t = sonde_timer_find(name);
	if (t && !t->on_demand)
		return 0;		/* one of DTrace's usual: always there */
	if (t) {
		list_for_each_entry(r, &st->timer_refs, link)
			if (r->t == t)
				return 0;	/* this consumer holds it */
	}
	if (st->ntimer_refs >= SONDE_PROFILE_MAX_OWN)
		return -ENOSPC;
	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		return -ENOMEM;
	if (!t) {
		t = sonde_profile_create(name, true);
		if (IS_ERR(t)) {
			kfree(r);
			return PTR_ERR(t);
		}
	}
	t->refs++;
	r->t = t;
	list_add_tail(&r->link, &st->timer_refs);
	st->ntimer_refs++;
	return 0;
}

const struct sonde_provider sonde_profile_provider = {
	.name = "profile",
	/* the interrupted registers: a kernel stack, or none in user mode */
	.flags = SONDE_PROVF_REGS_STACK,
	.kaddr_args = 0x1,	/* arg0: the kernel PC */
	.provide = sonde_profile_provide,
	.destroy = sonde_profile_destroy,
	.enable = sonde_profile_enable,
	.disable = sonde_profile_disable,
};

/**
 * sonde_profile_release() - drop a consumer's holds on tick-N / profile-N
 * probes its listings created or found, freeing those nothing else holds
 * @st: the consumer, going away: its enablings disarmed, their budget
 *      given back, handlers waited for (sonde_sync())
 *
 * Context: process context (release); takes sonde_lock.
 */
void sonde_profile_release(struct sonde_state *st)
{
	struct sonde_timer_ref *r, *n;
	struct hlist_node *tmp;
	struct sonde_timer *t;
	int bkt;

	mutex_lock(&sonde_lock);
	list_for_each_entry_safe(r, n, &st->timer_refs, link) {
		list_del(&r->link);
		r->t->refs--;
		kfree(r);
	}
	st->ntimer_refs = 0;
	/*
	 * Every unused one, not only this consumer's: a probe another
	 * consumer loaded by id without listing it outlived its holders
	 * until now.  At most SONDE_PROFILE_MAX of them to look at.  Their
	 * timers were cancelled when they were disarmed (hrtimer_cancel()
	 * waits for a running callback, the probe's only user), and this
	 * consumer's handlers have been waited for: nothing runs on them
	 * (DESIGN invariant 5).
	 */
	hash_for_each_safe(sonde_timers, bkt, tmp, t, hnode)
		if (sonde_timer_unused(t))
			sonde_probe_destroy(t->probe);
	mutex_unlock(&sonde_lock);
}

/**
 * sonde_profile_init() - create DTrace's default profile and tick probes
 *
 * Context: module init.
 * Return: 0 or -ENOMEM.
 */
int sonde_profile_init(void)
{
	static const char *const names[] = {
		"profile-97", "profile-199", "profile-499", "profile-997",
		"profile-1999", "profile-4001", "profile-4999", "tick-1",
		"tick-10", "tick-100", "tick-500", "tick-1000", "tick-5000",
		"tick-1sec", "tick-10sec",
	};
	struct sonde_timer *t = NULL;
	u32 i;

	mutex_lock(&sonde_lock);
	for (i = 0; i < ARRAY_SIZE(names) && !IS_ERR(t); i++)
		t = sonde_profile_create(names[i], false);
	mutex_unlock(&sonde_lock);
	return PTR_ERR_OR_ZERO(t);
}
