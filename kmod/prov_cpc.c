// SPDX-License-Identifier: GPL-2.0
/*
 * prov_cpc.c - the cpc provider (CPU performance counters), as Oracle's
 * DTrace for Linux has it: cpc:::<event>-<mode>-<count> fires on a CPU
 * each time <count> <event>s have happened there, in <mode>: "user",
 * "kernel" or "all".  arg0 is the kernel PC the overflow interrupted (0
 * in user mode), arg1 the user PC (0 in the kernel), as profile's.  An
 * event is a perf event of the kernel: its software events (cpu_clock,
 * task_clock, page_faults, context_switches, cpu_migrations,
 * minor_faults, major_faults, alignment_faults, emulation_faults; the
 * clocks count nanoseconds) and the generic hardware ones (cycles,
 * instructions, branches, cache_misses ...) where the machine has a
 * PMU, under perf's names with '_' for '-' and under libpfm4's
 * (perf_count_sw_cpu_clock ...), as Oracle's provider names them.
 * Oracle's "attributes" field (<event>-<mode>-<attrs>-<count>) is not
 * implemented there either: such names match no probe.
 *
 * Listing shows <event>-all-1000000000 for every event this machine can
 * count (a hardware event is tried once, on one CPU); any other count and
 * mode is made when a consumer's listing names it exactly, held by the
 * consumers whose listings named it and freed after the last of them
 * closes, as profile-N's (prov_profile.c).
 *
 * Mechanism: while armed, one kernel perf counter per online CPU
 * (perf_event_create_kernel_counter() with a sample period of <count>,
 * pinned) whose overflow handler fires the probe.  perf's own limits
 * hold: the clocks fire at most every 10 us, and perf throttles a counter
 * that interrupts too often.  A hardware counter's overflow is an NMI,
 * where sonde never fires: the sample is kept in this CPU's slot and
 * fired from an irq_work right after (no stack(): the interrupted stack
 * is gone); a second overflow before that fires in NMI, which the firing
 * path drops and counts.
 *
 * The overflow handlers and the irq_work are probe context.  Creating,
 * arming, disarming and freeing run under sonde_lock.
 */
#include <linux/hashtable.h>
#include <linux/irq_work.h>
#include <linux/jhash.h>
#include <linux/perf_event.h>
#include <linux/ptrace.h>
#include <linux/slab.h>

#include "sonde_kmod.h"
#include "compat.h"

/* probes made on demand: at once, and held by one consumer */
#define SONDE_CPC_MAX		1000
#define SONDE_CPC_MAX_OWN	256
/* the count of the listed probes (Oracle's) */
#define SONDE_CPC_LIST_COUNT	"1000000000"

static const struct sonde_cpc_event {
	const char *name;
	u32 type;
	u64 config;
} sonde_cpc_events[] = {
#define SW(n, c) { n, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_##c }
#define HW(n, c) { n, PERF_TYPE_HARDWARE, PERF_COUNT_HW_##c }
	SW("cpu_clock", CPU_CLOCK),
	SW("task_clock", TASK_CLOCK),
	SW("page_faults", PAGE_FAULTS),
	SW("faults", PAGE_FAULTS),
	SW("context_switches", CONTEXT_SWITCHES),
	SW("cs", CONTEXT_SWITCHES),
	SW("cpu_migrations", CPU_MIGRATIONS),
	SW("migrations", CPU_MIGRATIONS),
	SW("minor_faults", PAGE_FAULTS_MIN),
	SW("major_faults", PAGE_FAULTS_MAJ),
	SW("alignment_faults", ALIGNMENT_FAULTS),
	SW("emulation_faults", EMULATION_FAULTS),
	SW("perf_count_sw_cpu_clock", CPU_CLOCK),
	SW("perf_count_sw_task_clock", TASK_CLOCK),
	SW("perf_count_sw_page_faults", PAGE_FAULTS),
	SW("perf_count_sw_context_switches", CONTEXT_SWITCHES),
	SW("perf_count_sw_cpu_migrations", CPU_MIGRATIONS),
	SW("perf_count_sw_page_faults_min", PAGE_FAULTS_MIN),
	SW("perf_count_sw_page_faults_maj", PAGE_FAULTS_MAJ),
	HW("cycles", CPU_CYCLES),
	HW("cpu_cycles", CPU_CYCLES),
	HW("instructions", INSTRUCTIONS),
	HW("cache_references", CACHE_REFERENCES),
	HW("cache_misses", CACHE_MISSES),
	HW("branches", BRANCH_INSTRUCTIONS),
	HW("branch_instructions", BRANCH_INSTRUCTIONS),
	HW("branch_misses", BRANCH_MISSES),
	HW("bus_cycles", BUS_CYCLES),
	HW("stalled_cycles_frontend", STALLED_CYCLES_FRONTEND),
	HW("stalled_cycles_backend", STALLED_CYCLES_BACKEND),
	HW("ref_cycles", REF_CPU_CYCLES),
	HW("perf_count_hw_cpu_cycles", CPU_CYCLES),
	HW("perf_count_hw_instructions", INSTRUCTIONS),
	HW("perf_count_hw_cache_references", CACHE_REFERENCES),
	HW("perf_count_hw_cache_misses", CACHE_MISSES),
	HW("perf_count_hw_branch_instructions", BRANCH_INSTRUCTIONS),
	HW("perf_count_hw_branch_misses", BRANCH_MISSES),
	HW("perf_count_hw_bus_cycles", BUS_CYCLES),
	HW("perf_count_hw_stalled_cycles_frontend", STALLED_CYCLES_FRONTEND),
	HW("perf_count_hw_stalled_cycles_backend", STALLED_CYCLES_BACKEND),
	HW("perf_count_hw_ref_cpu_cycles", REF_CPU_CYCLES),
#undef HW
#undef SW
};

/* One probe: its counter's attributes, and while armed a counter a CPU. */
struct sonde_cpc {
	struct perf_event_attr attr;
	struct sonde_probe *probe;
	struct perf_event **events;	/* [nr_cpu_ids] while armed */
	struct hlist_node hnode;	/* in sonde_cpcs, by name */
	bool on_demand;
	u32 refs;			/* consumers holding it */
	char name[SONDE_NAMELEN];
};

/* A consumer's hold on a probe made on demand (on its cpc_refs). */
struct sonde_cpc_ref {
	struct list_head link;
	struct sonde_cpc *c;
};

/* Every cpc probe, by name (sonde_lock). */
static DEFINE_HASHTABLE(sonde_cpcs, 7);
static u32 sonde_cpcs_on_demand;
static bool sonde_cpc_listed;

/* An overflow in NMI, waiting for this CPU's irq_work to fire it. */
struct sonde_cpc_nmi {
	struct irq_work iw;
	struct sonde_cpc *c;		/* NULL: the slot is free */
	u64 kpc, upc;
};

static DEFINE_PER_CPU(struct sonde_cpc_nmi, sonde_cpc_nmi);
static bool sonde_cpc_nmi_ready;

static void sonde_cpc_fire(struct sonde_cpc *c, struct pt_regs *regs, u64 kpc,
			   u64 upc)
{
	struct sonde_fire f __uninitialized;

	sonde_fire_init(&f, regs);
	f.args[0] = kpc;
	f.args[1] = upc;
	sonde_probe_fire(c->probe, NULL, &f);
}

static void sonde_cpc_nmi_fn(struct irq_work *iw)
{
	struct sonde_cpc_nmi *n = container_of(iw, struct sonde_cpc_nmi, iw);
	struct sonde_cpc *c = READ_ONCE(n->c);

	if (c)
		sonde_cpc_fire(c, NULL, n->kpc, n->upc);
	WRITE_ONCE(n->c, NULL);
}

static void sonde_cpc_overflow(struct perf_event *event,
			       struct perf_sample_data *data,
			       struct pt_regs *regs)
{
	struct sonde_cpc *c = event->overflow_handler_context;
	u64 kpc = 0, upc = 0;
	struct sonde_cpc_nmi *n;

	if (regs) {
		if (user_mode(regs))
			upc = instruction_pointer(regs);
		else
			kpc = instruction_pointer(regs);
	}
	if (!in_nmi()) {
		sonde_cpc_fire(c, regs, kpc, upc);
		return;
	}
	n = this_cpu_ptr(&sonde_cpc_nmi);
	if (READ_ONCE(n->c)) {
		/* one waits already: this one is dropped, and counted */
		sonde_cpc_fire(c, NULL, kpc, upc);
		return;
	}
	n->kpc = kpc;
	n->upc = upc;
	WRITE_ONCE(n->c, c);
	irq_work_queue(&n->iw);
}

static const struct sonde_cpc_event *sonde_cpc_event(const char *name,
						     size_t len)
{
	u32 i;

	for (i = 0; i < ARRAY_SIZE(sonde_cpc_events); i++)
		if (strlen(sonde_cpc_events[i].name) == len &&
		    !strncmp(sonde_cpc_events[i].name, name, len))
			return &sonde_cpc_events[i];
	return NULL;
}

/* Parse "<event>-<mode>-<count>" into @attr; false if the name is none. */
static bool sonde_cpc_parse(const char *name, struct perf_event_attr *attr)
{
	const struct sonde_cpc_event *ev;
	const char *mode, *count;
	u64 n = 0;

	mode = strchr(name, '-');
	if (!mode)
		return false;
	ev = sonde_cpc_event(name, mode - name);
	if (!ev)
		return false;
	mode++;
	count = strchr(mode, '-');
	if (!count)
		return false;
	memset(attr, 0, sizeof(*attr));
	attr->size = sizeof(*attr);
	attr->type = ev->type;
	attr->config = ev->config;
	attr->pinned = 1;
	if (count - mode == 4 && !strncmp(mode, "user", 4))
		attr->exclude_kernel = 1;
	else if (count - mode == 6 && !strncmp(mode, "kernel", 6))
		attr->exclude_user = 1;
	else if (count - mode != 3 || strncmp(mode, "all", 3))
		return false;
	/* digits only: no attributes field */
	for (count++; *count >= '0' && *count <= '9'; count++) {
		if (n > (S64_MAX - 9) / 10)
			return false;
		n = n * 10 + (*count - '0');
	}
	if (*count || !n)
		return false;
	attr->sample_period = n;
	return true;
}

static int sonde_cpc_enable(struct sonde_probe *p)
{
	struct sonde_cpc *c = (struct sonde_cpc *)p->data;
	int cpu, n = 0, err = -ENODEV;

	if (!sonde_cpc_nmi_ready) {
		for_each_possible_cpu(cpu)
			init_irq_work(&per_cpu_ptr(&sonde_cpc_nmi, cpu)->iw,
				      sonde_cpc_nmi_fn);
		sonde_cpc_nmi_ready = true;
	}
	c->events = kcalloc(nr_cpu_ids, sizeof(*c->events), GFP_KERNEL);
	if (!c->events)
		return -ENOMEM;
	cpus_read_lock();
	for_each_online_cpu(cpu) {
		struct perf_event *e;

		e = perf_event_create_kernel_counter(&c->attr, cpu, NULL,
						     sonde_cpc_overflow, c);
		if (IS_ERR(e)) {
			err = PTR_ERR(e);
			continue;
		}
		c->events[cpu] = e;
		n++;
	}
	cpus_read_unlock();
	if (n)
		return 0;
	pr_info("sonde: cpc:::%s cannot be probed: error %d\n", c->name, err);
	kfree(c->events);
	c->events = NULL;
	return err;
}

static void sonde_cpc_disable(struct sonde_probe *p)
{
	struct sonde_cpc *c = (struct sonde_cpc *)p->data;
	int cpu;

	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (c->events[cpu])
			perf_event_release_kernel(c->events[cpu]);
	/* an NMI's sample of it may wait for its irq_work: let it run */
	for_each_possible_cpu(cpu)
		irq_work_sync(&per_cpu_ptr(&sonde_cpc_nmi, cpu)->iw);
	kfree(c->events);
	c->events = NULL;
}

static u32 sonde_cpc_hash(const char *name)
{
	return jhash(name, strlen(name), 0);
}

static struct sonde_cpc *sonde_cpc_find(const char *name)
{
	struct sonde_cpc *c;

	hash_for_each_possible(sonde_cpcs, c, hnode, sonde_cpc_hash(name))
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}

static void sonde_cpc_destroy(struct sonde_probe *p)
{
	struct sonde_cpc *c = (struct sonde_cpc *)p->data;

	hash_del(&c->hnode);
	if (c->on_demand)
		sonde_cpcs_on_demand--;
	kfree(c);
}

static struct sonde_cpc *sonde_cpc_create(const char *name, bool on_demand)
{
	struct sonde_cpc *c;
	struct sonde_probe *p;

	if (on_demand && sonde_cpcs_on_demand >= SONDE_CPC_MAX)
		return ERR_PTR(-ENOSPC);
	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return ERR_PTR(-ENOMEM);
	if (!sonde_cpc_parse(name, &c->attr)) {
		kfree(c);
		return ERR_PTR(-EINVAL);
	}
	c->on_demand = on_demand;
	strscpy(c->name, name, sizeof(c->name));
	p = sonde_probe_create(&sonde_cpc_provider, "", "", c->name, 2,
			       (unsigned long)c);
	if (IS_ERR(p)) {
		kfree(c);
		return ERR_CAST(p);
	}
	c->probe = p;
	hash_add(sonde_cpcs, &c->hnode, sonde_cpc_hash(c->name));
	if (on_demand)
		sonde_cpcs_on_demand++;
	return c;
}

/* Can this machine count @ev (one counter, disabled, on one CPU)? */
static bool sonde_cpc_countable(const struct sonde_cpc_event *ev)
{
	struct perf_event_attr attr = {
		.size = sizeof(attr),
		.type = ev->type,
		.config = ev->config,
		.disabled = 1,
	};
	struct perf_event *e;
	int cpu;

	if (ev->type == PERF_TYPE_SOFTWARE)
		return true;
	cpu = get_cpu();	/* an online CPU; put back before creating */
	put_cpu();
	e = perf_event_create_kernel_counter(&attr, cpu, NULL, NULL, NULL);
	if (IS_ERR(e))
		return false;
	perf_event_release_kernel(e);
	return true;
}

/* The listed probes: <event>-all-1000000000 for each countable event. */
static int sonde_cpc_list(void)
{
	char name[SONDE_NAMELEN];
	struct sonde_cpc *c;
	u32 i;

	for (i = 0; i < ARRAY_SIZE(sonde_cpc_events); i++) {
		const struct sonde_cpc_event *ev = &sonde_cpc_events[i];

		snprintf(name, sizeof(name), "%s-all-%s", ev->name,
			 SONDE_CPC_LIST_COUNT);
		if (sonde_cpc_find(name) || !sonde_cpc_countable(ev))
			continue;
		c = sonde_cpc_create(name, false);
		if (IS_ERR(c))
			return PTR_ERR(c);
	}
	sonde_cpc_listed = true;
	return 0;
}

/*
 * Is @c a probe made on demand that nothing holds: no consumer's listing
 * (refs), no consumer's loaded enabling, nothing armed?
 */
static bool sonde_cpc_unused(const struct sonde_cpc *c)
{
	const struct sonde_probe *p = c->probe;

	return c->on_demand && !c->refs && !p->res_ecbs && !p->nenabled &&
	       list_empty(&p->ecbs);
}

static int sonde_cpc_provide(struct sonde_state *st,
			     const struct sonde_probe_desc *desc)
{
	struct perf_event_attr attr;
	struct sonde_cpc_ref *r;
	struct sonde_cpc *c;
	const char *sep;
	bool literal;
	int err;

	if (!sonde_glob_match(desc->module, "") ||
	    !sonde_glob_match(desc->function, ""))
		return 0;
	literal = sonde_glob_literal(desc->name);
	/* a name no cpc probe can have (BEGIN) makes nothing: not even
	 * the listed probes, whose hardware events cost a counter each to
	 * try */
	if (literal && !sonde_cpc_parse(desc->name, &attr))
		return 0;
	if (!sonde_cpc_listed) {
		err = sonde_cpc_list();
		if (err)
			return err;
	}
	if (!literal)
		return 0;
	c = sonde_cpc_find(desc->name);
	if (c && !c->on_demand)
		return 0;		/* a listed one: always there */
	if (c) {
		list_for_each_entry(r, &st->cpc_refs, link)
			if (r->c == c)
				return 0;	/* this consumer holds it */
	} else {
		/* only an event this machine counts (the name parsed: it
		 * has its '-' and a known event before it) */
		sep = strchr(desc->name, '-');
		if (!sonde_cpc_countable(sonde_cpc_event(desc->name,
							 sep - desc->name)))
			return 0;
	}
	if (st->ncpc_refs >= SONDE_CPC_MAX_OWN)
		return -ENOSPC;
	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		return -ENOMEM;
	if (!c) {
		c = sonde_cpc_create(desc->name, true);
		if (IS_ERR(c)) {
			kfree(r);
			return PTR_ERR(c);
		}
	}
	c->refs++;
	r->c = c;
	list_add_tail(&r->link, &st->cpc_refs);
	st->ncpc_refs++;
	return 0;
}

const struct sonde_provider sonde_cpc_provider = {
	.name = "cpc",
	/* the interrupted registers: a kernel stack, or none in user mode */
	.flags = SONDE_PROVF_REGS_STACK,
	.kaddr_args = 0x1,	/* arg0: the kernel PC */
	.provide = sonde_cpc_provide,
	.destroy = sonde_cpc_destroy,
	.enable = sonde_cpc_enable,
	.disable = sonde_cpc_disable,
};

/**
 * sonde_cpc_release() - drop a consumer's holds on the cpc probes its
 * listings made or found, freeing those nothing else holds
 * @st: the consumer, going away: its enablings disarmed, their budget
 *      given back, handlers waited for (sonde_sync())
 *
 * Context: process context (release); takes sonde_lock.
 */
void sonde_cpc_release(struct sonde_state *st)
{
	struct sonde_cpc_ref *r, *n;
	struct hlist_node *tmp;
	struct sonde_cpc *c;
	int bkt;

	mutex_lock(&sonde_lock);
	list_for_each_entry_safe(r, n, &st->cpc_refs, link) {
		list_del(&r->link);
		r->c->refs--;
		kfree(r);
	}
	st->ncpc_refs = 0;
	/* every unused one (a probe another consumer loaded by id without
	 * listing it outlived its holders until now); their counters were
	 * released when they were disarmed */
	hash_for_each_safe(sonde_cpcs, bkt, tmp, c, hnode)
		if (sonde_cpc_unused(c))
			sonde_probe_destroy(c->probe);
	mutex_unlock(&sonde_lock);
}
