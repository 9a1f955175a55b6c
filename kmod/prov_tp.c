// SPDX-License-Identifier: GPL-2.0
/*
 * prov_tp.c - the tracepoint provider: every tracepoint of the running
 * kernel's vmlinux (for_each_kernel_tracepoint), raw.
 *
 * Naming (bpftrace's tracepoint:sched:sched_switch on DTrace's four
 * fields): provider "tracepoint", module = the event's subsystem (the
 * tracefs events/ directory it lives in), function = "", name = the
 * tracepoint: tracepoint:sched::sched_switch, or tracepoint:::sched_switch.
 * struct tracepoint does not carry the subsystem: it comes from tracefs's
 * available_events ("sched:sched_switch") when provide() first runs;
 * tracepoints without a trace event (DECLARE_TRACE only, e.g.
 * pelt_cfs_tp) or read while tracefs is unreachable get module "".
 * Tracepoints of loadable modules are not offered (not in
 * for_each_kernel_tracepoint).
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
#include <linux/tracepoint.h>

#include "sonde_kmod.h"
#include "compat.h"

struct sonde_tp {
	struct tracepoint *tp;
	const char *subsys;
	struct sonde_probe *probe;
	/* stack(): the iterator and static-call trampoline above us */
	unsigned long iter_start, iter_end;
	unsigned long tramp_start, tramp_end;
};

static struct sonde_tp *sonde_tps;	/* sorted by name */
static u32 sonde_ntps;
static char *sonde_tp_events;		/* available_events; subsys strings */
static bool sonde_tp_subsys_done;

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

static struct tracepoint *sonde_tp_found;

static void sonde_tp_match(struct tracepoint *tp, void *priv)
{
	if (!sonde_tp_found && !strcmp(tp->name, priv))
		sonde_tp_found = tp;
}

/**
 * sonde_tracepoint_find() - a vmlinux tracepoint by name
 * @name: its name
 *
 * Context: process context, sonde_lock held.
 * Return: the tracepoint or NULL.
 */
struct tracepoint *sonde_tracepoint_find(const char *name)
{
	lockdep_assert_held(&sonde_lock);
	sonde_tp_found = NULL;
	for_each_kernel_tracepoint(sonde_tp_match, (void *)name);
	return sonde_tp_found;
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

static int sonde_tp_table(void)
{
	u32 n = 0, i;

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
	for (i = 0; i < sonde_ntps; i++) {
		struct sonde_tp *t = &sonde_tps[i];

		t->subsys = "";
		sonde_tp_range(t->tp->iterator, &t->iter_start, &t->iter_end);
		sonde_tp_range(t->tp->static_call_tramp, &t->tramp_start,
			       &t->tramp_end);
	}
	return 0;
}

/* Subsystems from available_events; retried until tracefs answers. */
static void sonde_tp_subsys(void)
{
	char *s, *line;
	size_t len;

	if (sonde_tp_subsys_done)
		return;
	s = sonde_compat_read_tracefs("available_events", &len);
	if (IS_ERR(s))
		return;
	sonde_tp_events = s;
	sonde_tp_subsys_done = true;
	while ((line = strsep(&s, "\n")) != NULL) {
		char *colon = strchr(line, ':');
		struct sonde_tp *t;

		if (!colon)
			continue;
		*colon = 0;
		t = sonde_tp_by_name(colon + 1);
		/* probes already created keep the name they were listed with */
		if (t && !t->probe)
			t->subsys = line;
	}
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

static int sonde_tp_provide(const struct sonde_probe_desc *desc)
{
	u32 i;
	int err;

	if (!sonde_glob_match(desc->function, ""))
		return 0;
	err = sonde_tp_table();
	if (err)
		return err;
	sonde_tp_subsys();
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

const struct sonde_provider sonde_tp_provider = {
	.name = "tracepoint",
	.flags = SONDE_PROVF_REGS_STACK,
	.kaddr_args = SONDE_ARGS_ALL,
	.artificial = sonde_tp_artificial,
	.provide = sonde_tp_provide,
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
	tracepoint_synchronize_unregister();
	kvfree(sonde_tps);
	sonde_tps = NULL;
	sonde_ntps = 0;
	kvfree(sonde_tp_events);
	sonde_tp_events = NULL;
}
