// SPDX-License-Identifier: GPL-2.0
/*
 * prov_profile.c - the profile provider: tick-N fires on one CPU at a
 * fixed interval, profile-N on every online CPU; arg0 is the kernel PC
 * the timer interrupted (0 in user mode), arg1 the user PC (0 in the
 * kernel).  N is a rate in Hz or an interval with a unit (ns, nsec, us,
 * usec, ms, msec, s, sec, m, min, h, hour, d, day, hz), as in DTrace;
 * intervals under 200 us are refused.  DTrace's usual probes exist from
 * the start; others are created when a description names them exactly.
 *
 * Timers are hard-irq hrtimers pinned to their CPU: the callbacks are
 * probe context.  Arming and disarming run under sonde_lock.
 */
#include <linux/hrtimer.h>
#include <linux/percpu.h>
#include <linux/ptrace.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <asm/irq_regs.h>

#include "sonde_kmod.h"
#include "compat.h"

#define SONDE_PROFILE_MIN_NS	200000ULL

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
	struct list_head link;			/* on sonde_timers */
	char name[SONDE_NAMELEN];
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

static void sonde_profile_destroy(struct sonde_probe *p)
{
	struct sonde_timer *t = (struct sonde_timer *)p->data;

	list_del(&t->link);
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

/* Every timer probe created, to find one by name (sonde_lock). */
static LIST_HEAD(sonde_timers);

static bool sonde_profile_exists(const char *name)
{
	struct sonde_timer *t;

	list_for_each_entry(t, &sonde_timers, link)
		if (!strcmp(t->name, name))
			return true;
	return false;
}

static int sonde_profile_create(const char *name)
{
	struct sonde_timer *t;
	struct sonde_probe *p;
	bool per_cpu;
	u64 ns;

	if (!sonde_profile_parse(name, &per_cpu, &ns))
		return -EINVAL;
	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->interval_ns = ns;
	t->per_cpu = per_cpu;
	strscpy(t->name, name, sizeof(t->name));
	p = sonde_probe_create(&sonde_profile_provider, "", "", t->name, 2,
			       (unsigned long)t);
	if (IS_ERR(p)) {
		kfree(t);
		return PTR_ERR(p);
	}
	t->probe = p;
	list_add_tail(&t->link, &sonde_timers);
	return 0;
}

static int sonde_profile_provide(const struct sonde_probe_desc *desc)
{
	const char *name = desc->name;

	if (!sonde_glob_literal(name) ||
	    !sonde_profile_parse(name, &(bool){0}, &(u64){0}))
		return 0;
	if (!sonde_glob_match(desc->module, "") ||
	    !sonde_glob_match(desc->function, ""))
		return 0;
	if (sonde_profile_exists(name))
		return 0;
	return sonde_profile_create(name);
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
	u32 i;
	int err = 0;

	mutex_lock(&sonde_lock);
	for (i = 0; i < ARRAY_SIZE(names) && !err; i++)
		err = sonde_profile_create(names[i]);
	mutex_unlock(&sonde_lock);
	return err;
}
