// SPDX-License-Identifier: GPL-2.0
/*
 * spec.c - speculative tracing: speculation(), speculate(), commit(),
 * discard().
 *
 * A consumer has nspec speculations, each with a buffer of specsize bytes
 * per CPU, allocated at LOAD.  speculation() claims a free one
 * (cmpxchg); a clause that called speculate(id) has its record appended
 * to that speculation's buffer of its CPU instead of the principal
 * buffer; commit(id) moves every CPU's speculative records, in order, into
 * the principal buffer of the committing CPU; discard(id) drops them.
 * One raw spinlock per speculation guards its buffers: held with
 * interrupts off, for one bounded copy, never nested in another sonde
 * lock, and waited for at most SONDE_SPIN_MAX tries (sonde_spin_lock()):
 * a lock not had in time is a speculative drop (the record, or the whole
 * commit or discard, which then leaves the speculation in use).
 *
 * DTrace's rules and counts (dtrace_speculation*()): speculate(),
 * commit() and discard() of id 0 or of a speculation not in use do
 * nothing, and the clause's record is dropped without a count; an id
 * above nspec is an illegal operation.  A speculation() that finds none
 * free counts a "busy" failure when one is being committed or discarded
 * at that moment, else an "unavailable" one.  A record that does not fit
 * its speculation's buffer is a speculative drop, counted when (and only
 * if) the speculation is committed, as DTrace's dtb_drops.
 * The probe-context functions here run with interrupts off.
 */
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/vmalloc.h>

#include "sonde_kmod.h"

/* A speculation's state (struct sonde_spec.busy). */
#define SONDE_SPEC_FREE		0
#define SONDE_SPEC_ACTIVE	1
#define SONDE_SPEC_ENDING	2	/* being committed or discarded */

struct sonde_spec {
	atomic_t busy;			/* SONDE_SPEC_* */
	raw_spinlock_t lock;
	u32 *off;			/* bytes used, per CPU */
	u32 *drops;			/* records that did not fit, per CPU */
	u8 **data;			/* specsize bytes per CPU */
};

/**
 * sonde_specs_create() - allocate a program's speculation buffers
 * @st: the consumer state, its image verified
 *
 * nspec speculations of specsize bytes per CPU, for a program that calls
 * speculation(); others get none.
 *
 * Context: process context (LOAD), may sleep.
 * Return: 0 or -ENOMEM.
 */
int sonde_specs_create(struct sonde_state *st)
{
	u32 i, n = (u32)st->img.opt[SONDE_OPT_nspec];
	u32 size = (u32)st->img.opt[SONDE_OPT_specsize];
	unsigned int cpu;
	bool used = false;

	for (i = 0; i < st->img.ninsns; i++)
		if (st->img.insns[i].op == SONDE_OP_CALL &&
		    st->img.insns[i].imm == SONDE_SUBR_speculation)
			used = true;
	if (!used)
		return 0;
	st->specs = kcalloc(n, sizeof(*st->specs), GFP_KERNEL);
	if (!st->specs)
		return -ENOMEM;
	st->nspec = n;
	st->specsize = size;
	for (i = 0; i < n; i++) {
		struct sonde_spec *sp = &st->specs[i];

		raw_spin_lock_init(&sp->lock);
		sp->off = kcalloc(nr_cpu_ids, sizeof(*sp->off), GFP_KERNEL);
		sp->drops = kcalloc(nr_cpu_ids, sizeof(*sp->drops), GFP_KERNEL);
		sp->data = kcalloc(nr_cpu_ids, sizeof(*sp->data), GFP_KERNEL);
		if (!sp->off || !sp->drops || !sp->data)
			return -ENOMEM;
		for_each_possible_cpu(cpu) {
			sp->data[cpu] = kvmalloc_node(size, SONDE_GFP_BIG,
						      cpu_to_node(cpu));
			if (!sp->data[cpu])
				return -ENOMEM;
		}
	}
	return 0;
}

/**
 * sonde_specs_destroy() - free the speculation buffers
 * @st: the consumer state, disarmed and synced
 *
 * Context: process context (teardown).
 */
void sonde_specs_destroy(struct sonde_state *st)
{
	unsigned int cpu;
	u32 i;

	if (!st->specs)
		return;
	for (i = 0; i < st->nspec; i++) {
		struct sonde_spec *sp = &st->specs[i];

		if (sp->data)
			for_each_possible_cpu(cpu)
				kvfree(sp->data[cpu]);
		kfree(sp->data);
		kfree(sp->drops);
		kfree(sp->off);
	}
	kfree(st->specs);
	st->specs = NULL;
}

/* The speculation @id names if it is active, else NULL. */
static struct sonde_spec *sonde_spec_get(struct sonde_state *st, u64 id)
{
	if (!st->specs || !id || id > st->nspec)
		return NULL;
	if (atomic_read(&st->specs[id - 1].busy) != SONDE_SPEC_ACTIVE)
		return NULL;
	return &st->specs[id - 1];
}

/*
 * Move (commit) or drop every CPU's records of @sp; probe context.  The
 * first to move it from active to ending does the work: a commit and a
 * discard racing on two CPUs end it once.  Records that did not fit its
 * buffers are counted on commit only.
 */
static void sonde_spec_end(struct sonde_state *st, struct sonde_spec *sp,
			   struct sonde_pcpu *pc, bool commit)
{
	unsigned int cpu;

	if (atomic_cmpxchg(&sp->busy, SONDE_SPEC_ACTIVE, SONDE_SPEC_ENDING) !=
	    SONDE_SPEC_ACTIVE)
		return;
	if (!sonde_spin_lock(&sp->lock)) {
		/* not ended: still in use, to commit or discard again */
		atomic_set(&sp->busy, SONDE_SPEC_ACTIVE);
		pc->specdrops++;
		return;
	}
	for_each_possible_cpu(cpu) {
		u32 len = sp->off[cpu];
		void *dst;

		if (commit)
			pc->specdrops += sp->drops[cpu];
		sp->drops[cpu] = 0;
		if (!len || !commit)
			goto next;
		dst = sonde_buf_reserve(&pc->buf, len);
		if (!dst) {
			pc->buf.drops[pc->buf.active]++;
			goto next;
		}
		memcpy(dst, sp->data[cpu], len);
		pc->buf.offset[pc->buf.active] += len;
next:
		sp->off[cpu] = 0;
	}
	atomic_set(&sp->busy, SONDE_SPEC_FREE);
	raw_spin_unlock(&sp->lock);
}

/**
 * sonde_spec_subr() - the speculation subroutines (sonde_env_spec())
 * @ctx: the firing
 * @subr: SONDE_SUBR_speculation, _speculate, _commit or _discard
 * @id: the speculation (not for speculation())
 * @ret: speculation()'s id (0: none free, a failed speculation counted
 *       busy or unavailable as DTrace counts it), else 0
 *
 * Context: probe context; commit() and discard() take the speculation's
 * raw spinlock for one bounded copy.
 * Return: 0 or SONDE_FLT_ILLOP (an id above nspec).
 */
u32 sonde_spec_subr(struct sonde_vm_ctx *ctx, u32 subr, u64 id, u64 *ret)
{
	struct sonde_mstate *ms = ctx->env;
	struct sonde_state *st = ms->st;
	struct sonde_spec *sp;
	bool ending = false;
	u32 i;

	*ret = 0;
	/* nspec ids exist even in a program that never calls speculation()
	 * (and so has no buffers): theirs are never in use */
	if (subr != SONDE_SUBR_speculation &&
	    id > st->img.opt[SONDE_OPT_nspec])
		return SONDE_FLT_ILLOP;
	switch (subr) {
	case SONDE_SUBR_speculation:
		for (i = 0; st->specs && i < st->nspec; i++) {
			int old = atomic_cmpxchg(&st->specs[i].busy,
						 SONDE_SPEC_FREE,
						 SONDE_SPEC_ACTIVE);

			if (old == SONDE_SPEC_FREE) {
				*ret = i + 1;
				return 0;
			}
			ending |= old == SONDE_SPEC_ENDING;
		}
		if (ending)
			ms->pc->specbusy++;
		else
			ms->pc->specunavail++;
		return 0;
	case SONDE_SUBR_speculate:
		/* id 0 (speculation() failed) or a speculation not in use:
		 * the clause's record is dropped when it is filed, without a
		 * count, as DTrace's CPU_DTRACE_DROP */
		ctx->spec = SONDE_SPEC_SET | (u32)id;
		return 0;
	case SONDE_SUBR_commit:
	case SONDE_SUBR_discard:
		sp = sonde_spec_get(st, id);
		if (sp)
			sonde_spec_end(st, sp, ms->pc,
				       subr == SONDE_SUBR_commit);
		return 0;
	}
	return SONDE_FLT_ILLOP;
}

/**
 * sonde_spec_record() - file a speculative clause's record
 * @st: the consumer state
 * @pc: this CPU's state (its drop counters)
 * @cpu: this CPU
 * @spec: ctx->spec: SONDE_SPEC_SET | the speculation
 * @h: the record (not committed to the principal buffer), or NULL
 *
 * The record goes to the speculation's buffer of this CPU; when the
 * speculation is not active it is dropped silently, when the buffer is
 * full it is a drop the speculation's commit counts.
 *
 * Context: probe context; takes the speculation's raw spinlock.
 */
void sonde_spec_record(struct sonde_state *st, struct sonde_pcpu *pc,
		       u32 cpu, u32 spec, const struct sonde_rechdr *h)
{
	struct sonde_spec *sp = sonde_spec_get(st, spec & ~SONDE_SPEC_SET);

	if (!h || !sp)
		return;
	if (!sonde_spin_lock(&sp->lock)) {
		pc->specdrops++;
		return;
	}
	/* re-check: a commit on another CPU may have ended it meanwhile */
	if (atomic_read(&sp->busy) != SONDE_SPEC_ACTIVE) {
		/* ended: dropped, as if it had been at speculate() */
	} else if (h->size > st->specsize - sp->off[cpu]) {
		sp->drops[cpu]++;
	} else {
		memcpy(sp->data[cpu] + sp->off[cpu], h, h->size);
		sp->off[cpu] += h->size;
	}
	raw_spin_unlock(&sp->lock);
}
