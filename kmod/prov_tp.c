// SPDX-License-Identifier: GPL-2.0
/*
 * prov_tp.c - the tracepoint provider: every tracepoint of the running
 * kernel's vmlinux (for_each_kernel_tracepoint), raw.
 *
 * Naming (bpftrace's tracepoint:sched:sched_switch on DTrace's four
 * fields): provider "tracepoint", module = the event's subsystem (the
 * tracefs events/ directory it lives in), function = "", name = the
 * tracepoint: tracepoint:sched::sched_switch, or tracepoint:::sched_switch.
 * struct tracepoint does not carry the subsystem and the module reads no
 * files: the caller offers "system:name" pairs from tracefs's
 * available_events (SONDE_IOC_OFFER, SONDE_OFFER_EVENT; libsonde does
 * it), and sonde_tp_offer() takes a pair only if trace_get_event_file()
 * finds that system's event and it rides that tracepoint.  A tracepoint
 * nobody named a system for (DECLARE_TRACE only, e.g. pelt_cfs_tp, or
 * listed by a client that offered nothing) has module "" until one is
 * offered.  Tracepoints of loadable modules are not offered (not in
 * for_each_kernel_tracepoint).
 *
 * The table of tracepoints is built by the first listing that names this
 * provider (or a stable provider's, or the syscall provider's,
 * through sonde_tracepoint_find()), never at module load.
 *
 * Arguments: the raw TP_PROTO arguments as arg0..arg5, not the trace
 * event's formatted fields.  One generic handler taking six unsigned
 * longs after @data is registered; on x86-64 they arrive in registers
 * (and the stack for the sixth), so arguments past the tracepoint's real
 * count hold garbage: every probe lists nargs = 6 and the user must know
 * the prototype (include/trace/events/).
 *
 * The handler is probe context (tracepoint callbacks: preemption off).
 * Arming under sonde_lock; module exit waits for handlers with
 * tracepoint_synchronize_unregister().
 */
#include <linux/kallsyms.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/trace_events.h>
#include <linux/tracepoint.h>

#include "sonde_kmod.h"
#include "compat.h"

struct sonde_tp {
	struct tracepoint *tp;
	const char *subsys;		/* "" or owned: sonde_tp_offer() */
	struct sonde_probe *probe;
	/* stack(): the iterator and static-call trampoline above us,
	 * looked up when the probe is first armed */
	unsigned long iter_start, iter_end;
	unsigned long tramp_start, tramp_end;
	bool ranges;
};

static struct sonde_tp *sonde_tps;	/* sorted by name */
static u32 sonde_ntps;

static void sonde_tp_count(struct tracepoint *tp, void *priv)
{
	(*(u32 *)priv)++;
}

static void sonde_tp_collect(struct tracepoint *tp, void *priv)
{
	u32 *n = priv;

	if (*n < sonde_ntps)
		sonde_tps[(*n)++].tp = tp;
}

static int sonde_tp_cmp(const void *a, const void *b)
{
	return strcmp(((const struct sonde_tp *)a)->tp->name,
		      ((const struct sonde_tp *)b)->tp->name);
}

/* [start, end) of the function holding @addr, from "name+off/size". */
static void sonde_tp_range(void *addr, unsigned long *start,
			   unsigned long *end)
{
	char sym[KSYM_SYMBOL_LEN];
	unsigned long off, size;
	char *plus;

	*start = *end = 0;
	if (!addr)
		return;
	sprint_symbol(sym, (unsigned long)addr);
	plus = strrchr(sym, '+');
	if (!plus || sscanf(plus, "+%lx/%lx", &off, &size) != 2)
		return;
	*start = (unsigned long)addr - off;
	*end = *start + size;
}

static struct sonde_tp *sonde_tp_by_name(const char *name)
{
	u32 lo = 0, hi = sonde_ntps;

	while (lo < hi) {
		u32 mid = (lo + hi) / 2;
		int c = strcmp(name, sonde_tps[mid].tp->name);

		if (!c)
			return &sonde_tps[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

/* The table, on first use; process context, sonde_lock held. */
static int sonde_tp_table(void)
{
	u32 n = 0, i;

	lockdep_assert_held(&sonde_lock);
	if (sonde_tps)
		return 0;
	for_each_kernel_tracepoint(sonde_tp_count, &n);
	sonde_tps = kvcalloc(max(n, 1u), sizeof(*sonde_tps), GFP_KERNEL);
	if (!sonde_tps)
		return -ENOMEM;
	sonde_ntps = n;
	n = 0;
	for_each_kernel_tracepoint(sonde_tp_collect, &n);
	sonde_ntps = n;
	sort(sonde_tps, sonde_ntps, sizeof(*sonde_tps), sonde_tp_cmp, NULL);
	for (i = 0; i < sonde_ntps; i++)
		sonde_tps[i].subsys = "";
	return 0;
}

/**
 * sonde_tracepoint_find() - a vmlinux tracepoint by name
 * @name: its name
 *
 * The table is made on first use.
 *
 * Context: process context, sonde_lock held.
 * Return: the tracepoint or NULL.
 */
struct tracepoint *sonde_tracepoint_find(const char *name)
{
	struct sonde_tp *t;

	if (sonde_tp_table())
		return NULL;
	t = sonde_tp_by_name(name);
	return t ? t->tp : NULL;
}

static void sonde_tp_handler(void *data, unsigned long a0, unsigned long a1,
			     unsigned long a2, unsigned long a3,
			     unsigned long a4, unsigned long a5)
{
	struct sonde_tp *t = data;
	struct sonde_fire f __uninitialized;

	/*
	 * No registers: stack() unwinds from sonde_probe_fire()'s caller,
	 * this handler, whose frame (ours) and the iterator's
	 * (sonde_tp_artificial()) are skipped, so it starts at the traced
	 * code.  Building a pt_regs here cost a 168-byte clear per firing.
	 */
	sonde_fire_init(&f, NULL);
	f.args[0] = a0;
	f.args[1] = a1;
	f.args[2] = a2;
	f.args[3] = a3;
	f.args[4] = a4;
	f.args[5] = a5;
	sonde_probe_fire(t->probe, NULL, &f);
}

static int sonde_tp_enable(struct sonde_probe *p)
{
	struct sonde_tp *t = (struct sonde_tp *)p->data;

	if (!t->ranges) {
		sonde_tp_range(t->tp->iterator, &t->iter_start, &t->iter_end);
		sonde_tp_range(t->tp->static_call_tramp, &t->tramp_start,
			       &t->tramp_end);
		t->ranges = true;
	}
	return tracepoint_probe_register(t->tp, sonde_tp_handler, t);
}

static void sonde_tp_disable(struct sonde_probe *p)
{
	struct sonde_tp *t = (struct sonde_tp *)p->data;

	WARN_ON_ONCE(tracepoint_probe_unregister(t->tp, sonde_tp_handler, t));
}

static bool sonde_tp_artificial(struct sonde_probe *p, unsigned long pc)
{
	struct sonde_tp *t = (struct sonde_tp *)p->data;

	return (pc >= t->iter_start && pc < t->iter_end) ||
	       (pc >= t->tramp_start && pc < t->tramp_end);
}

/* for_each_kernel_tracepoint(): is there one named *@data? */
static void sonde_tp_named(struct tracepoint *tp, void *data)
{
	const char **name = data;

	if (*name && !strcmp(tp->name, *name))
		*name = NULL;
}

static int sonde_tp_provide(struct sonde_state *st,
			    const struct sonde_probe_desc *desc)
{
	const char *name = desc->name;
	u32 i;
	int err;

	if (!sonde_glob_match(desc->function, ""))
		return 0;
	/* an exact name no tracepoint has (BEGIN, for dtrace:::BEGIN) is
	 * looked for without building and sorting the table */
	if (!sonde_tps && sonde_glob_literal(desc->name)) {
		for_each_kernel_tracepoint(sonde_tp_named, &name);
		if (name)
			return 0;
	}
	err = sonde_tp_table();
	if (err)
		return err;
	for (i = 0; i < sonde_ntps; i++) {
		struct sonde_tp *t = &sonde_tps[i];
		struct sonde_probe *p;

		if (t->probe || !sonde_glob_match(desc->name, t->tp->name) ||
		    !sonde_glob_match(desc->module, t->subsys))
			continue;
		p = sonde_probe_create(&sonde_tp_provider, t->subsys, "",
				       t->tp->name, 6, (unsigned long)t);
		if (IS_ERR(p))
			return PTR_ERR(p);
		t->probe = p;
	}
	return 0;
}

/* Does @system's event @t->tp->name ride tracepoint @t? */
static bool sonde_tp_system_ok(struct sonde_tp *t, const char *system)
{
	struct trace_event_file *file;
	bool ok;

	file = trace_get_event_file(NULL, system, t->tp->name);
	if (IS_ERR(file))
		return false;
	ok = (file->event_call->flags & TRACE_EVENT_FL_TRACEPOINT) &&
	     file->event_call->tp == t->tp;
	trace_put_event_file(file);
	return ok;
}

/*
 * SONDE_IOC_OFFER's event systems (SONDE_OFFER_EVENT, well formed).  A
 * confirmed system becomes the tracepoint's module, also for a probe
 * listed before without one (old names stay valid: they are "" or this
 * one, never freed before module exit).  sonde_lock held.
 */
static int sonde_tp_offer(const struct sonde_offer_ent *ents, u32 n,
			  struct sonde_offer *res)
{
	u32 i;
	int err;

	err = sonde_tp_table();
	if (err)
		return err;
	for (i = 0; i < n; i++) {
		const struct sonde_offer_ent *e = &ents[i];
		struct sonde_tp *t = sonde_tp_by_name(e->name);
		char *sys;

		if (t && !strcmp(t->subsys, e->module)) {
			res->accepted++;
			continue;
		}
		/* one system per tracepoint: the first confirmed keeps it */
		if (!t || *t->subsys || !sonde_tp_system_ok(t, e->module)) {
			res->refused++;
			continue;
		}
		sys = kstrdup(e->module, GFP_KERNEL);
		if (!sys)
			return -ENOMEM;
		t->subsys = sys;
		if (t->probe)
			WRITE_ONCE(t->probe->mod, sys);
		res->accepted++;
		if (!(i & 63))
			cond_resched();
	}
	return 0;
}

const struct sonde_provider sonde_tp_provider = {
	.name = "tracepoint",
	.flags = SONDE_PROVF_REGS_STACK,
	.kaddr_args = SONDE_ARGS_ALL,
	.artificial = sonde_tp_artificial,
	.provide = sonde_tp_provide,
	.offer_kind = SONDE_OFFER_EVENT,
	.offer = sonde_tp_offer,
	.enable = sonde_tp_enable,
	.disable = sonde_tp_disable,
};

/**
 * sonde_tracepoint_exit() - the tracepoint providers at module exit
 *
 * Nothing is armed.  Waits for tracepoint handlers (this provider's and
 * the stable providers') still running, then drops the table; the probes
 * pointing into it are destroyed next and never fire again.
 *
 * Context: module exit or failed init.
 */
void sonde_tracepoint_exit(void)
{
	u32 i;

	tracepoint_synchronize_unregister();
	for (i = 0; i < sonde_ntps; i++)
		if (*sonde_tps[i].subsys)
			kfree(sonde_tps[i].subsys);
	kvfree(sonde_tps);
	sonde_tps = NULL;
	sonde_ntps = 0;
}
