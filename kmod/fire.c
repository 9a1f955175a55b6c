// SPDX-License-Identifier: GPL-2.0
/*
 * fire.c - the firing path: what runs when a probe fires, from a
 * provider's handler to the records in this CPU's buffers.
 *
 * Every provider's handler (prov_*.c) calls sonde_probe_fire(); the
 * dtrace provider fires BEGIN and END through it, and sonde_fault() runs
 * a consumer's ERROR clauses directly.  For each live ECB on the probe:
 * the predicate, the actions, the record committed to this CPU's
 * principal (or speculative) buffer; a fault becomes an ERROR record.
 * The probe table the firings read is probe.c's.
 *
 * Context: probe context, whatever context the handler runs in (process,
 * softirq, hardirq, interrupts on or off).  Interrupts are off for the
 * whole firing, which makes it an RCU read-side critical section: ECB
 * lists are walked without a lock.  A firing in NMI or inside another
 * firing on the same CPU is dropped and counted, never nested.  No
 * allocation, no sleep, no unbounded wait (the aggregation and dynamic-
 * variable spinlocks are bounded, sonde_spin_lock()).  Frames are
 * __uninitialized and filled field by field: no `rep stos` in here
 * (bench/hotpath-check.sh).  Two functions are called from process
 * context: sonde_probe_testfire() (SONDE_IOC_TESTRUN), which runs one ECB
 * exactly as a firing does, and sonde_sync(), which waits for firings.
 *
 * Worst-case time: a firing walks at most SONDE_MAX_PROBE_ECBS (1024)
 * ECBs, whose clauses, with the ERROR clauses a fault in them runs, cost
 * at most SONDE_FIRING_BUDGET (4,194,304) units together: LOAD reserves
 * both on the probe (sonde_state_budget_locked(), state.c; the cost rows
 * of vm/cost.c), so no consumer pushes an armed probe over.  On hardware
 * that is a few milliseconds with interrupts off; the worst the budget
 * accepts took 45 ms in the TCG test guest (bench/worst-firing.md).  A
 * dropped firing only walks the ECB list, to count.
 */
#include <linux/hardirq.h>
#include <linux/rculist.h>
#include <linux/tracepoint.h>

#include "sonde_kmod.h"

/* The key of an aggregation without keys (`@ = count()`). */
static const struct sonde_key sonde_key_none = { .size = 0, .nseg = 0 };

/* Set while this CPU runs a firing: a probe hit inside one is dropped. */
static DEFINE_PER_CPU(int, sonde_in_probe);

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

/*
 * The built-ins a fused predicate reads most, without the call into
 * sonde_env_builtin() (kmod/env.c), which gives the same values: an
 * argument already read, pid, tid.  False when @id is another (or a
 * uprobe's argument not yet read): ask sonde_env_builtin().
 */
static __always_inline bool sonde_builtin_quick(struct sonde_mstate *ms,
						u32 id, u64 *v)
{
	if (id - SONDE_B_arg0 <= SONDE_B_arg9 - SONDE_B_arg0) {
		struct sonde_fire *f = ms->fire;
		u32 n = array_index_nospec(id - SONDE_B_arg0,
					   ARRAY_SIZE(f->args));

		if (unlikely(f->lazy & (1u << n)))
			return false;
		*v = f->args[n];
		return true;
	}
	if (id == SONDE_B_pid) {
		*v = (u64)task_tgid_nr(current);
		return true;
	}
	if (id == SONDE_B_tid) {
		*v = (u64)task_pid_nr(current);
		return true;
	}
	return false;
}

/*
 * A new scratch generation for a run that starts from an empty scratch:
 * every buffer handle an earlier run on this CPU made (kept in a global,
 * a thread-local or an array) no longer names a buffer.  1 to
 * SONDE_HND_GEN_MAX, then round again: a handle 2^31 runs old on the
 * same CPU would name whatever this run put at its offset, still bytes
 * of this run's scratch.
 */
static __always_inline u32 sonde_scratch_gen(struct sonde_pcpu *pc)
{
	u32 g = pc->scratch_gen + 1;

	if (g > SONDE_HND_GEN_MAX)
		g = 1;
	pc->scratch_gen = g;
	return g;
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
	bool pred_done = false;
	u64 ret;

	/* the cpu option: other CPUs trace nothing (BEGIN, END and ERROR
	 * fire where they fire) */
	if (unlikely(st->img.opt[SONDE_OPT_cpu]) &&
	    ms->cpu != st->img.opt[SONDE_OPT_cpu] - 1 &&
	    ms->probe->prov != sonde_probe_error->prov)
		return;
	ms->st = st;
	ms->pc = pc;
	/* `/pid == 123/` on a built-in read without a call: a miss sets up
	 * nothing else */
	if (c->pred_len && ecb->fastpred.op &&
	    sonde_builtin_quick(ms, ecb->fastpred.builtin, &ret)) {
		ret = sonde_fastpred_eval(&ecb->fastpred, ret);
		if (unlikely(ms->tr))
			ms->tr->pred = ret;
		if (!ret)
			return;
		pred_done = true;
	}
	/*
	 * `@ = count()` with no predicate left to run: the fused actions
	 * (sonde_fastact_run()) would load nothing and build no key, and
	 * every register the agg reads is zero; this is their update, with
	 * no VM context to fill.
	 */
	if (ecb->aggdirect && (!c->pred_len || pred_done)) {
		u32 aggid = st->img.insns[ecb->fastact.agg].imm;

		if (unlikely(ms->tr)) {
			ms->tr->flags |= SONDE_TESTRUN_ACTIONS;
			ms->tr->result = 0;
		}
		SONDE_WORK(1);	/* the agg instruction's dispatch */
		sonde_agg_update(st, &pc->agg, aggid, &sonde_key_none, 0,
				 (st->img.aggs[aggid].flags & SONDE_AGGF_INCR) ?
				 0 : 1);
		return;
	}
	/* ctx.regs: sonde_vm_run() clears them */
	ctx.img = &st->img;
	ctx.env = ms;
	ctx.rec = NULL;
	ctx.rec_size = 0;
	ctx.scratch = pc->scratch;
	ctx.scratch_size = st->scratch_size;
	ctx.scratch_used = st->img.scratch_base;
	ctx.gen = sonde_scratch_gen(pc);
	ctx.epid = ecb->epid;
	ctx.clause = ecb->epid - 1;
	ctx.globals = st->globals;
	ctx.locals = pc->locals;
	ctx.stackbuf = pc->stackbuf;
	ctx.spec = 0;
	ctx.var_off = st->var_off;
	ctx.fault = 0;
	ctx.fault_pc = 0;
	ctx.fault_addr = 0;

	if (c->pred_len && !pred_done) {
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
	/* `@[execname] = count()` and its kind: no record, no interpreter
	 * run; what would fault is left to the interpreter, to report */
	if (ecb->fastact.fused) {
		ctx.scratch_used = st->img.scratch_base;
		if (likely(!sonde_fastact_run(&ctx, &ecb->fastact))) {
			if (unlikely(ms->tr))
				ms->tr->result = 0;
			return;
		}
	}
	if (c->rec_size || (c->flags & SONDE_CLAUSEF_RECORD)) {
		h = sonde_rec_reserve(pc, ecb->epid, c->rec_size,
				      sonde_ms_timestamp(ms));
		if (!h)
			return;
		ctx.rec = (u8 *)(h + 1);
		ctx.rec_size = c->rec_size;
	}
	ctx.scratch_used = st->img.scratch_base;
	if (c->pred_len)
		ctx.gen = sonde_scratch_gen(pc);
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
	struct sonde_kecb *ecb = sonde_state_ecb(st, epid - 1);
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

/**
 * sonde_firing_here() - is this CPU running a firing now
 *
 * For a provider whose hooks sonde's own firing path can hit (lockstat:
 * the aggregation and dynamic-variable locks are spinlocks), so that it
 * skips them silently instead of firing into the re-entrancy guard, which
 * would count each as a drop.
 *
 * Context: probe context, preemption off.
 * Return: true inside sonde_probe_fire() (or a test firing) on this CPU.
 */
bool sonde_firing_here(void)
{
	return __this_cpu_read(sonde_in_probe);
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
