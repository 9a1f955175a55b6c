// SPDX-License-Identifier: GPL-2.0
/*
 * state.c - a consumer's life: LOAD (verify, resolve probes, allocate
 * everything probe context will ever need), GO (arm, fire BEGIN), STOP
 * (fire END, disarm), DRAIN/AGGSNAP, STATUS, and destruction when the file
 * is released for any reason.
 *
 * Process context; callers hold st->lock.  Arming and disarming take
 * sonde_lock.  After a disarm, sonde_sync() guarantees no CPU still runs
 * one of our ECBs before anything they use is freed.
 */
#include <linux/cpumask.h>
#include <linux/memcontrol.h>
#include <linux/mm.h>
#include <linux/rculist.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/random.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "sonde_kmod.h"

static void sonde_state_disarm(struct sonde_state *st);
static void sonde_state_unreserve(struct sonde_state *st);

/*
 * The deadman, once a second while armed: a consumer that has not
 * drained, snapshotted or asked for its status within the deadman time
 * (stopped with SIGSTOP, wedged, swapped out) is aborted, so probes never
 * fill buffers nobody reads.  Firings stop at once (KILLED is not live);
 * the probes are disarmed here, in process context.
 */
static void sonde_deadman_fn(struct work_struct *work)
{
	struct sonde_state *st = container_of(to_delayed_work(work),
					      struct sonde_state, deadman);
	unsigned long timeout = msecs_to_jiffies(st->img.opt[SONDE_OPT_deadman]);
	int act;

	mutex_lock(&st->lock);
	act = READ_ONCE(st->activity);
	if (act != SONDE_ACT_ACTIVE && act != SONDE_ACT_DRAINING)
		goto out_unlock;
	/* an anonymous enabling has no consumer until one claims it: its
	 * buffers fill and count drops meanwhile, as DTrace's do */
	if (READ_ONCE(st->anon_waiting) ||
	    time_before(jiffies, READ_ONCE(st->alive) + timeout)) {
		schedule_delayed_work(&st->deadman, HZ);
		goto out_unlock;
	}
	if (cmpxchg(&st->activity, act, SONDE_ACT_KILLED) == act) {
		pr_info("sonde: consumer pid %d aborted: no drain for %llu ms\n",
			st->owner, st->img.opt[SONDE_OPT_deadman]);
		sonde_state_disarm(st);
		sonde_rdvs_close(st);
	}
out_unlock:
	mutex_unlock(&st->lock);
}

/**
 * sonde_state_create() - a consumer's state, for one open of /dev/sonde
 *
 * Context: process context (open).
 * Return: the state, or ERR_PTR(-ENOMEM).
 */
struct sonde_state *sonde_state_create(void)
{
	struct sonde_state *st = kzalloc(sizeof(*st), GFP_KERNEL);

	if (!st)
		return ERR_PTR(-ENOMEM);
	mutex_init(&st->lock);
	st->activity = SONDE_ACT_INACTIVE;
	st->owner = task_tgid_nr(current);
	st->hash_seed = get_random_u32();
	INIT_DELAYED_WORK(&st->deadman, sonde_deadman_fn);
	INIT_WORK(&st->buf_grow, sonde_buf_grow_fn);
	INIT_LIST_HEAD(&st->uprobes);
	INIT_LIST_HEAD(&st->timer_refs);
	INIT_LIST_HEAD(&st->cpc_refs);
	return st;
}

/* Remove every ECB of @st from its probe; sonde_lock held. */
static void sonde_state_disarm_locked(struct sonde_state *st)
{
	u32 i;

	for (i = 0; i < st->nall; i++) {
		struct sonde_kecb *ecb = sonde_state_ecb(st, i);
		struct sonde_probe *p = ecb->probe;

		if (!ecb->armed)
			continue;
		list_del_rcu(&ecb->plink);
		ecb->armed = false;
		if (!--p->nenabled && p->prov->disable)
			p->prov->disable(p);
	}
	/* disarming cannot fail: providers that batch do it here */
	sonde_providers_commit();
	sonde_dvars_disarm(st);
	st->armed = false;
}

static void sonde_state_disarm(struct sonde_state *st)
{
	if (!st->armed)
		return;
	mutex_lock(&sonde_lock);
	sonde_state_disarm_locked(st);
	mutex_unlock(&sonde_lock);
	sonde_sync();
}

/*
 * GO applies every lockdown rule LOAD applied, at the level the kernel is
 * at now: lockdown may have been raised in between (it is never lowered).
 * The programs' own confidentiality verdict was taken at LOAD
 * (st->conf_err); the probes' and the destructive actions' are taken
 * again.  A refusal names its rule in the kernel log, since GO has no
 * verifier log.  sonde_lock held.
 */
static int sonde_state_lockdown(struct sonde_state *st, bool confidential,
				struct sonde_vlog *log);

static int sonde_state_lockdown_go(struct sonde_state *st)
{
	struct sonde_vlog log = { 0 };
	bool confidential = security_locked_down(LOCKDOWN_BPF_READ_KERNEL);
	int err;

	if (confidential && st->conf_err) {
		pr_info_ratelimited("sonde: GO refused: the kernel was locked down for confidentiality after LOAD, and the program reads kernel memory or addresses\n");
		return st->conf_err;
	}
	err = sonde_state_lockdown(st, confidential, &log);
	if (!err)
		err = sonde_destruct_check(&st->img, &log);
	if (err)
		pr_info_ratelimited("sonde: GO refused: the kernel was locked down after LOAD (kprobes, kernel addresses or copyout())\n");
	return err;
}

/* Arm one enabling: its probe's first arms the probe; sonde_lock held. */
static int sonde_kecb_arm(struct sonde_kecb *ecb)
{
	struct sonde_probe *p = ecb->probe;
	int err;

	if (!p->nenabled && p->prov->enable) {
		err = p->prov->enable(p);
		if (err)
			return err;
	}
	p->nenabled++;
	list_add_tail_rcu(&ecb->plink, &p->ecbs);
	ecb->armed = true;
	return 0;
}

static int sonde_state_arm(struct sonde_state *st)
{
	u32 i;
	int err;

	mutex_lock(&sonde_lock);
	st->armed = true;
	err = sonde_state_lockdown_go(st);
	for (i = 0; !err && i < st->nall; i++)
		err = sonde_kecb_arm(sonde_state_ecb(st, i));
	/* providers that batch arm everything marked above at once */
	if (!err)
		err = sonde_providers_commit();
	if (!err)
		err = sonde_dvars_arm(st);
	if (err)
		sonde_state_disarm_locked(st);
	mutex_unlock(&sonde_lock);
	if (err)
		sonde_sync();
	return err;
}

/*
 * The firing budget.  One firing of a probe runs every enabling on it, of
 * every consumer, and each costs at most its clause's cost plus, since a
 * fault runs its consumer's ERROR clauses, theirs (which cannot fault
 * into further ERROR clauses).  LOAD reserves each enabling's cost on its
 * probe and refuses a program that would take a probe past
 * SONDE_MAX_PROBE_ECBS enablings or SONDE_FIRING_BUDGET units, so no
 * firing runs longer than the budget with interrupts off.  BEGIN, END and
 * ERROR fire for one consumer only: their budget is that consumer's own.
 */
static bool sonde_probe_private(const struct sonde_probe *p)
{
	return p == sonde_probe_begin || p == sonde_probe_end ||
	       p == sonde_probe_error;
}

/* Give back what LOAD reserved on the probes; sonde_lock held. */
static void sonde_state_unbudget_locked(struct sonde_state *st)
{
	u32 i;

	lockdep_assert_held(&sonde_lock);
	for (i = 0; i < st->nall; i++) {
		struct sonde_kecb *ecb = sonde_state_ecb(st, i);

		if (!ecb->reserved)
			continue;
		ecb->probe->res_ecbs--;
		ecb->probe->res_cost -= ecb->cost;
		ecb->reserved = false;
	}
}

static void sonde_state_unbudget(struct sonde_state *st)
{
	if (!st->ecbs)
		return;
	mutex_lock(&sonde_lock);
	sonde_state_unbudget_locked(st);
	mutex_unlock(&sonde_lock);
}

static void sonde_budget_reject(struct sonde_vlog *log,
				const struct sonde_probe *p, u32 n, u32 others,
				u64 cost)
{
	sonde_vlog(log, "probe %s:%s:%s:%s: %u enablings (%u of other consumers) would cost %llu units a firing: at most %u enablings and %u units (the firing budget) are allowed\n",
		   sonde_probe_provname(p), p->mod, p->func, p->name, n,
		   others, (unsigned long long)cost, SONDE_MAX_PROBE_ECBS,
		   SONDE_FIRING_BUDGET);
}

/* Cost every enabling and reserve it on its probe; sonde_lock held. */
static int sonde_state_budget_locked(struct sonde_state *st,
				     struct sonde_vlog *log)
{
	const struct sonde_image *img = &st->img;
	u64 errcost = 0, own[3] = { 0 }, cost, *ccost;
	u32 nown[3] = { 0 }, i;

	lockdep_assert_held(&sonde_lock);
	ccost = kcalloc(max(img->nclauses, 1u), sizeof(*ccost), GFP_KERNEL);
	if (!ccost)
		return -ENOMEM;
	for (i = 0; i < img->nclauses; i++)
		ccost[i] = sonde_clause_cost(img, i, nr_cpu_ids);
	for (i = 0; i < st->necbs; i++)
		if (st->ecbs[i].probe == sonde_probe_error)
			errcost += ccost[img->ecbs[i].clause];
	for (i = 0; i < st->necbs; i++) {
		struct sonde_kecb *ecb = &st->ecbs[i];
		struct sonde_probe *p = ecb->probe;

		cost = ccost[img->ecbs[i].clause];
		if (p != sonde_probe_error)
			cost += errcost;
		if (sonde_probe_private(p)) {
			u32 k = p == sonde_probe_begin ? 0 :
				p == sonde_probe_end ? 1 : 2;

			own[k] += cost;
			nown[k]++;
			if (own[k] > SONDE_FIRING_BUDGET ||
			    nown[k] > SONDE_MAX_PROBE_ECBS) {
				sonde_budget_reject(log, p, nown[k], 0,
						    own[k]);
				goto out_reject;
			}
			ecb->cost = (u32)cost;
			continue;
		}
		if (p->res_cost + cost > SONDE_FIRING_BUDGET ||
		    p->res_ecbs + 1 > SONDE_MAX_PROBE_ECBS) {
			u32 mine = 1, j;

			for (j = 0; j < i; j++)
				mine += st->ecbs[j].probe == p;
			sonde_budget_reject(log, p, p->res_ecbs + 1,
					    p->res_ecbs + 1 - mine,
					    p->res_cost + cost);
			goto out_reject;
		}
		ecb->cost = (u32)cost;
		p->res_ecbs++;
		p->res_cost += cost;
		ecb->reserved = true;
	}
	kfree(ccost);
	return 0;

out_reject:
	sonde_state_unbudget_locked(st);
	kfree(ccost);
	return -E2BIG;
}

static void sonde_state_free_pcpu(struct sonde_state *st)
{
	unsigned int cpu;

	if (!st->pcpu)
		return;
	for_each_possible_cpu(cpu) {
		struct sonde_pcpu *pc = st->pcpu[cpu];

		if (!pc)
			continue;
		sonde_buf_free(&pc->buf);
		sonde_buf_free(&pc->agg);
		kvfree(pc->scratch);
		kfree(pc->locals);
		kfree(pc->stackbuf);
		kfree(pc);
	}
	kfree(st->pcpu);
	st->pcpu = NULL;
}

/* Nothing fires any more: stop the buffers' grower (buf.c). */
static void sonde_state_stop_grower(struct sonde_state *st)
{
	unsigned int cpu;

	if (st->pcpu)
		for_each_possible_cpu(cpu)
			if (st->pcpu[cpu]) {
				irq_work_sync(&st->pcpu[cpu]->buf.grow_iw);
				irq_work_sync(&st->pcpu[cpu]->agg.grow_iw);
			}
	cancel_work_sync(&st->buf_grow);
}

/**
 * sonde_state_destroy() - disarm and free everything of a consumer
 * @st: the state of a file being released (close or kill -9)
 *
 * Disarms every enabling, waits for handlers in flight, frees buffers,
 * tables and user probes.  Nothing outlives the consumer.
 *
 * Context: process context (release), may sleep.
 */
/*
 * An enabling's clause and its fused forms (vm.h), chosen from the
 * verified image: at LOAD, and for the enablings ENABLE adds while
 * tracing.
 */
static void sonde_kecb_prepare(struct sonde_state *st, struct sonde_kecb *ecb,
			       u32 clause)
{
	ecb->st = st;
	ecb->clause = &st->img.clauses[clause];
	sonde_fastpred_find(&st->img, ecb->clause->pred_off,
			    ecb->clause->pred_len, &ecb->fastpred);
	sonde_fastact_find(&st->img, ecb->clause->act_off,
			   ecb->clause->act_len, &ecb->fastact);
	/* a record to reserve and commit is the general path's */
	if (ecb->clause->rec_size ||
	    (ecb->clause->flags & SONDE_CLAUSEF_RECORD))
		ecb->fastact.fused = 0;
	ecb->aggdirect = ecb->fastact.fused && !ecb->fastact.nldb &&
		!st->img.aggs[st->img.insns[ecb->fastact.agg].imm].nkeys;
}

static void sonde_state_free_more(struct sonde_state *st)
{
	struct sonde_kecb_more *m;

	while ((m = st->more)) {
		st->more = m->next;
		kvfree(m);
	}
	st->nall = st->necbs;
}

void sonde_state_destroy(struct sonde_state *st)
{
	cancel_delayed_work_sync(&st->deadman);
	sonde_rdvs_destroy(st);
	sonde_state_disarm(st);
	sonde_state_unbudget(st);
	sonde_uprobes_destroy(st);
	sonde_profile_release(st);
	sonde_cpc_release(st);
	sonde_jhelpers_free(st);
	sonde_utabs_free(st);
	sonde_state_stop_grower(st);
	sonde_state_free_pcpu(st);
	sonde_specs_destroy(st);
	sonde_dvars_destroy(st);
	sonde_state_unreserve(st);
	kvfree(st->globals);
	kfree(st->var_off);
	kfree(st->agg_vsize);
	kfree(st->agg_hash0);
	sonde_state_free_more(st);
	kvfree(st->ecbs);
	kvfree(st->image);
	sonde_anon_release(st);
	kfree(st);
}

/* Bytes END's clauses may record on one CPU. */
static u32 sonde_end_reserve(struct sonde_state *st)
{
	u32 i, bytes = 0;

	for (i = 0; i < st->necbs; i++) {
		if (st->ecbs[i].probe != sonde_probe_end)
			continue;
		bytes += sizeof(struct sonde_rechdr) +
			 max_t(u32, st->ecbs[i].clause->rec_size,
			       sizeof(struct sonde_errrec));
	}
	return bytes;
}

static int sonde_state_alloc_pcpu(struct sonde_state *st)
{
	u32 bufsize = (u32)st->img.opt[SONDE_OPT_bufsize];
	u32 aggsize = (u32)st->img.opt[SONDE_OPT_aggsize];
	unsigned int cpu;
	int err;

	st->scratch_size = sonde_vm_scratch_size(&st->img);
	st->pcpu = kcalloc(nr_cpu_ids, sizeof(*st->pcpu), GFP_KERNEL);
	if (!st->pcpu)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		int node = cpu_to_node(cpu);
		struct sonde_pcpu *pc;

		pc = kzalloc_node(sizeof(*pc), GFP_KERNEL, node);
		if (!pc)
			return -ENOMEM;
		st->pcpu[cpu] = pc;
		/*
		 * The tail holds a dynamic variable's key (thread key +
		 * tuple).  scratchsize may ask for up to 64 MB: past what
		 * the page allocator gives in one piece (it warned).
		 */
		pc->scratch = kvzalloc_node((size_t)st->scratch_size +
					    st->img.max_key_size + 8,
					    SONDE_GFP_BIG, node);
		if (!pc->scratch)
			return -ENOMEM;
		if (st->img.local_size) {
			pc->locals = kzalloc_node(st->img.local_size,
						  GFP_KERNEL, node);
			if (!pc->locals)
				return -ENOMEM;
		}
		pc->stackbuf = kzalloc_node(255 * sizeof(u64), GFP_KERNEL,
					    node);
		if (!pc->stackbuf)
			return -ENOMEM;
		pc->rand = get_random_u64() | 1;
		pc->buf.policy = (u32)st->img.opt[SONDE_OPT_bufpolicy];
		/* switch buffers grow as they fill (buf.c) */
		err = sonde_buf_alloc(&pc->buf, bufsize, node,
				      pc->buf.policy == SONDE_BUFPOLICY_SWITCH ?
				      &st->buf_grow : NULL, &st->mem);
		if (err)
			return err;
		/* fill: keep room for END's records (and an ERROR each) */
		if (pc->buf.policy == SONDE_BUFPOLICY_FILL)
			pc->buf.keep = min(bufsize / 2, sonde_end_reserve(st));
		if (st->img.naggs) {
			/* the second area is grown as it fills (buf.c) */
			err = sonde_agg_alloc(&pc->agg, aggsize, node,
					      &st->buf_grow, &st->mem);
			if (err)
				return err;
		}
		cond_resched();
	}
	return 0;
}

/* Does any instruction of @img call @subr? */
static bool sonde_image_calls(const struct sonde_image *img, u32 subr)
{
	u32 i;

	for (i = 0; i < img->ninsns; i++)
		if (img->insns[i].op == SONDE_OP_CALL &&
		    img->insns[i].imm == (s32)subr)
			return true;
	return false;
}

/*
 * Does @img record user stacks (ustack(), jstack(), as keys too,
 * ustackdepth, ucaller)?  Then LOAD reserves room for the tables that
 * walk them without frame pointers (ustack.c).
 */
static bool sonde_image_ustack(const struct sonde_image *img)
{
	u32 i;

	for (i = 0; i < img->ninsns; i++) {
		const struct sonde_insn *in = &img->insns[i];

		if (in->op == SONDE_OP_EMITUSTACK ||
		    in->op == SONDE_OP_EMITJSTACK ||
		    (in->op == SONDE_OP_LDB &&
		     (in->imm == SONDE_B_ustackdepth ||
		      in->imm == SONDE_B_ucaller)))
			return true;
	}
	for (i = 0; i < img->nkeys; i++)
		if (SONDE_KEY_KIND(img->keys[i]) == SONDE_T_USTACK ||
		    SONDE_KEY_KIND(img->keys[i]) == SONDE_T_JSTACK)
			return true;
	return false;
}

/*
 * Memory is reserved, not just checked.  Buffers grow after GO (buf.c),
 * so what LOAD allocates is not what a state holds once tracing: LOAD
 * reserves the most it may ever hold (sonde_state_memory()) in an account
 * shared by every consumer, and the sum stays within SONDE_MEM_SHARE of
 * the machine's memory (totalram); close gives it back
 * (sonde_state_unreserve()).  What the buffers allocate is charged
 * against the reservation as they grow (sonde_mem_charge()), so six
 * consumers with 96 MB buffers on a 1 GB machine are refused at LOAD
 * instead of growing into the OOM killer after GO.
 */
#define SONDE_MEM_SHARE		2	/* sonde may reserve 1/2 of RAM */

static u64 sonde_mem_all;	/* bytes every live state reserved; sonde_lock */

static u64 sonde_mem_limit(void)
{
	return ((u64)totalram_pages() << PAGE_SHIFT) / SONDE_MEM_SHARE;
}

/**
 * sonde_mem_charge() - charge an allocation to a state's reservation
 * @m: the state's reservation
 * @bytes: what is about to be allocated
 *
 * LOAD reserved the most the state may hold, so a charge past it is a
 * bug in that sum: warned about once and refused, and the caller does
 * without (a buffer keeps the size it has).
 *
 * Context: process context, the state's lock held (or nothing else
 * running: LOAD, teardown).
 * Return: true when charged.
 */
bool sonde_mem_charge(struct sonde_mem *m, u64 bytes)
{
	if (WARN_ON_ONCE(m->used > m->reserved ||
			 bytes > m->reserved - m->used))
		return false;
	m->used += bytes;
	return true;
}

/**
 * sonde_mem_uncharge() - give back what sonde_mem_charge() charged
 * @m: the state's reservation
 * @bytes: what was freed
 *
 * Context: as sonde_mem_charge().
 */
void sonde_mem_uncharge(struct sonde_mem *m, u64 bytes)
{
	if (WARN_ON_ONCE(bytes > m->used))
		bytes = m->used;
	m->used -= bytes;
}

/* The options to lower, the one that weighs most first. */
static const char *sonde_mem_lower(u64 buf, u64 agg, u64 dyn, u64 spec,
				   u64 scratch)
{
	u64 most = buf;

	most = max(most, agg);
	most = max(most, dyn);
	most = max(most, spec);
	most = max(most, scratch);

	if (most == agg)
		return "aggsize (or bufsize, dynvarsize, nspec, specsize, scratchsize)";
	if (most == dyn)
		return "dynvarsize (or bufsize, aggsize, nspec, specsize, scratchsize)";
	if (most == spec)
		return "nspec or specsize (or bufsize, aggsize, dynvarsize, scratchsize)";
	if (most == scratch && most != buf)
		return "scratchsize (or bufsize, aggsize, dynvarsize, nspec, specsize)";
	return "bufsize, aggsize, dynvarsize, nspec, specsize or scratchsize";
}

/*
 * Reserve the most @st may ever hold (every CPU's buffers at full size,
 * both areas and their tables; the dynamic-variable pool and its tables;
 * speculations; scratch; the rest of LOAD's allocations), and refuse
 * (ENOMEM, a line naming the options) a state that needs more than half
 * of the memory available now, or that would take every consumer's
 * reservations past SONDE_MEM_SHARE of the machine's memory.  bufsize,
 * aggsize, dynvarsize, nspec, specsize and scratchsize are each within
 * their option's range, but together, times the CPUs and the consumers,
 * they can ask for more than the machine has.  The allocations
 * themselves fail rather than call the OOM killer (SONDE_GFP_BIG).
 */
static int sonde_state_memory(struct sonde_state *st, struct sonde_vlog *log)
{
	const struct sonde_image *img = &st->img;
	u64 ncpus = num_possible_cpus(), buf, agg = 0, dyn = 0, spec = 0;
	u64 scratch, other, total, avail, limit, others, utab;
	u32 i;

	buf = ncpus * sonde_buf_max_mem((u32)img->opt[SONDE_OPT_bufsize],
					(u32)img->opt[SONDE_OPT_bufpolicy]);
	if (img->naggs)
		agg = ncpus * sonde_agg_max_mem((u32)img->opt[SONDE_OPT_aggsize]);
	for (i = 0; i < img->nvars; i++) {
		u64 size = img->opt[SONDE_OPT_dynvarsize], nb;

		if (!img->vars[i].nkeys && img->vars[i].scope != SONDE_VAR_TLS)
			continue;
		/*
		 * dynvar.c: the pool (at most dynvarsize), a bucket and a
		 * lock for each of at most twice as many chunks as fit (a
		 * chunk: 56 bytes at least and a free-list pointer), the
		 * table by thread (an eighth of that, 16 at least).
		 */
		nb = 2 * div_u64(size, 64) + 16;
		dyn = size + (nb + nb / 8 + 16) *
		      (sizeof(void *) + sizeof(raw_spinlock_t)) + 256;
	}
	if (sonde_image_calls(img, SONDE_SUBR_speculation))
		spec = img->opt[SONDE_OPT_nspec] *
		       (ncpus * img->opt[SONDE_OPT_specsize] +
			nr_cpu_ids * (2 * sizeof(u32) + sizeof(void *)) + 128);
	scratch = ncpus * ((u64)sonde_vm_scratch_size(img) +
			   img->max_key_size + 8);
	other = ncpus * (sizeof(struct sonde_pcpu) + img->local_size +
			 255 * sizeof(u64)) +
		nr_cpu_ids * sizeof(void *) + img->global_size +
		(u64)img->nvars * sizeof(u32) + (u64)img->naggs * sizeof(u32) +
		(u64)img->necbs * sizeof(struct sonde_kecb);
	/* user stack tables: given after LOAD, charged as they come */
	utab = sonde_image_ustack(img) ? SONDE_UTAB_MAX_BYTES : 0;
	total = buf + agg + dyn + spec + scratch + other + utab;
	avail = (u64)si_mem_available() << PAGE_SHIFT;
	if (total > avail / 2) {
		sonde_vlog(log, "the options need %llu KB of kernel memory on %llu CPUs (principal buffers %llu KB, aggregations %llu KB, dynamic variables %llu KB, speculations %llu KB, scratch %llu KB), more than half of the %llu KB available: lower %s\n",
			   total >> 10, ncpus, buf >> 10, agg >> 10, dyn >> 10,
			   spec >> 10, scratch >> 10, avail >> 10,
			   sonde_mem_lower(buf, agg, dyn, spec, scratch));
		return -ENOMEM;
	}

	limit = sonde_mem_limit();
	mutex_lock(&sonde_lock);
	others = sonde_mem_all;
	if (total <= limit && others <= limit - total)
		sonde_mem_all += total;
	mutex_unlock(&sonde_lock);
	if (total > limit || others > limit - total) {
		sonde_vlog(log, "the options need %llu KB of kernel memory on %llu CPUs (principal buffers %llu KB, aggregations %llu KB, dynamic variables %llu KB, speculations %llu KB, scratch %llu KB), and other consumers hold %llu KB of the %llu KB sonde may reserve (half of the machine's memory): lower %s, or end another consumer\n",
			   total >> 10, ncpus, buf >> 10, agg >> 10, dyn >> 10,
			   spec >> 10, scratch >> 10, others >> 10,
			   limit >> 10,
			   sonde_mem_lower(buf, agg, dyn, spec, scratch));
		return -ENOMEM;
	}
	st->mem.reserved = total;
	/* LOAD's other allocations never grow: charged whole, now */
	st->mem.fixed = total - buf - agg - utab;
	st->utab_room = utab;
	st->mem.used = st->mem.fixed;
	/* and the consumer's memory cgroup pays for the grower's pages */
	st->mem.memcg = current->mm ? get_mem_cgroup_from_mm(current->mm) :
				      NULL;
	return 0;
}

/*
 * Give back what sonde_state_memory() reserved, once everything the
 * state held is freed (LOAD's failure, teardown).
 */
static void sonde_state_unreserve(struct sonde_state *st)
{
	struct sonde_mem *m = &st->mem;

	if (!m->reserved)
		return;
	/* every buffer gave back what it charged */
	WARN_ON_ONCE(m->used != m->fixed);
	mutex_lock(&sonde_lock);
	if (!WARN_ON_ONCE(sonde_mem_all < m->reserved))
		sonde_mem_all -= m->reserved;
	else
		sonde_mem_all = 0;
	mutex_unlock(&sonde_lock);
	if (m->memcg)
		mem_cgroup_put(m->memcg);
	memset(m, 0, sizeof(*m));
}

/* Global scalars, variable offsets, the dynamic-variable pool. */
static int sonde_state_alloc_vars(struct sonde_state *st,
				  struct sonde_vlog *log)
{
	if (!st->img.nvars)
		return 0;
	st->var_off = kcalloc(st->img.nvars, sizeof(u32), GFP_KERNEL);
	if (!st->var_off)
		return -ENOMEM;
	sonde_vars_layout(&st->img, st->var_off);
	if (st->img.global_size) {
		st->globals = kvzalloc(st->img.global_size, GFP_KERNEL);
		if (!st->globals)
			return -ENOMEM;
	}
	return sonde_dvars_create(st, log);
}

/* The arguments (bit N: argN) clause @c reads. */
static u32 sonde_clause_args(const struct sonde_image *img,
			     const struct sonde_clause *c)
{
	u32 pc, mask = 0;

	for (pc = 0; pc < c->pred_len + c->act_len; pc++) {
		const struct sonde_insn *in = pc < c->pred_len ?
			&img->insns[c->pred_off + pc] :
			&img->insns[c->act_off + pc - c->pred_len];

		if (in->op == SONDE_OP_LDB && in->imm >= SONDE_B_arg0 &&
		    in->imm <= SONDE_B_arg9)
			mask |= 1u << (in->imm - SONDE_B_arg0);
	}
	return mask;
}

/*
 * Kernel lockdown, per enabling: probes armed as kprobes are refused when
 * kprobes are (LOCKDOWN_KPROBES), and under confidentiality lockdown a
 * clause may not read an argument that may be a kernel address.  (What
 * the programs themselves may do is the verifier's:
 * SONDE_VERIFY_CONFIDENTIAL.)  sonde_lock held.
 */
static int sonde_state_lockdown(struct sonde_state *st, bool confidential,
				struct sonde_vlog *log)
{
	u32 i;

	for (i = 0; i < st->nall; i++) {
		const struct sonde_kecb *ecb = sonde_state_ecb(st, i);
		const struct sonde_probe *p = ecb->probe;
		u32 args;

		if ((p->flags & SONDE_PROBEF_KPROBE) &&
		    security_locked_down(LOCKDOWN_KPROBES)) {
			sonde_vlog(log, "probe %s:%s:%s:%s is a kprobe: refused under kernel lockdown\n",
				   sonde_probe_provname(p), p->mod, p->func,
				   p->name);
			return -EPERM;
		}
		args = confidential ? p->prov->kaddr_args &
		       sonde_clause_args(&st->img, ecb->clause) : 0;
		if (args) {
			sonde_vlog(log, "enabling %u: probe %s:%s:%s:%s passes kernel addresses as arg%u: refused under kernel lockdown (confidentiality)\n",
				   i, sonde_probe_provname(p), p->mod, p->func,
				   p->name, (u32)__ffs(args));
			return -EPERM;
		}
	}
	return 0;
}

/*
 * What LOAD would have said had the kernel been locked down for
 * confidentiality, kept for GO (st->conf_err): the image verified again
 * with SONDE_VERIFY_CONFIDENTIAL, into a copy of the image's tables.
 * Already so when it is: the verdict is 0.  Return: 0 or -ENOMEM.
 */
static int sonde_state_conf_verdict(struct sonde_state *st, u32 size,
				    bool confidential)
{
	struct sonde_image *tmp;

	st->conf_err = 0;
	if (confidential)
		return 0;
	tmp = kmalloc(sizeof(*tmp), GFP_KERNEL);
	if (!tmp)
		return -ENOMEM;
	st->conf_err = sonde_image_verify_flags(st->image, size, tmp,
						SONDE_VERIFY_CONFIDENTIAL,
						NULL) ? -EPERM : 0;
	kfree(tmp);
	return 0;
}

/*
 * LOAD after the copy: @image (kvmalloc()'d) becomes @st's, kept on
 * success and freed on failure; the verifier's line goes to @log when
 * @verbose, the other refusals' always.
 */
static int sonde_state_load_image(struct sonde_state *st, void *image,
				  u32 size, struct sonde_vlog *log,
				  bool verbose)
{
	bool confidential;
	u32 i;
	int err;

	st->image = image;
	/* no kernel memory read, no kernel address handed over, when the
	 * kernel is locked down for confidentiality */
	confidential = security_locked_down(LOCKDOWN_BPF_READ_KERNEL);
	err = sonde_image_verify_flags(st->image, size, &st->img,
				       confidential ?
				       SONDE_VERIFY_CONFIDENTIAL : 0,
				       verbose ? log : NULL);
	if (err)
		goto out_image;
	err = sonde_destruct_check(&st->img, log);
	if (err)
		goto out_image;
	err = sonde_state_conf_verdict(st, size, confidential);
	if (err)
		goto out_image;

	st->necbs = st->img.necbs;
	st->nall = st->necbs;
	st->ecbs = kvcalloc(max(st->necbs, 1u), sizeof(*st->ecbs),
			    GFP_KERNEL);
	st->agg_vsize = kcalloc(max(st->img.naggs, 1u), sizeof(u32),
				GFP_KERNEL);
	st->agg_hash0 = kcalloc(max(st->img.naggs, 1u), sizeof(u32),
				GFP_KERNEL);
	if (!st->ecbs || !st->agg_vsize || !st->agg_hash0) {
		err = -ENOMEM;
		goto out_ecbs;
	}
	for (i = 0; i < st->img.naggs; i++) {
		const struct sonde_key none = { .size = 0, .nseg = 0 };

		st->agg_vsize[i] = sonde_agg_val_size(&st->img.aggs[i]);
		st->agg_hash0[i] = sonde_key_hash(&none, i ^ st->hash_seed);
	}

	mutex_lock(&sonde_lock);
	for (i = 0; i < st->necbs; i++) {
		const struct sonde_ecb *ue = &st->img.ecbs[i];
		struct sonde_kecb *ecb = &st->ecbs[i];

		ecb->probe = sonde_probe_lookup(ue->probe_id);
		if (!ecb->probe ||
		    (ecb->probe->owner && ecb->probe->owner != st)) {
			sonde_vlog(log, "enabling %u: no probe with id %u\n",
				   i, ue->probe_id);
			err = -ENOENT;
			break;
		}
		sonde_kecb_prepare(st, ecb, ue->clause);
		ecb->epid = i + 1;
		INIT_LIST_HEAD(&ecb->plink);
	}
	if (!err)
		err = sonde_state_lockdown(st, confidential, log);
	if (!err)
		err = sonde_state_budget_locked(st, log);
	mutex_unlock(&sonde_lock);
	if (err)
		goto out_ecbs;

	err = sonde_state_memory(st, log);
	if (!err)
		err = sonde_state_alloc_pcpu(st);
	if (!err)
		err = sonde_state_alloc_vars(st, log);
	if (!err)
		err = sonde_specs_create(st);
	if (err)
		goto out_pcpu;
	st->activity = SONDE_ACT_LOADED;
	return 0;

out_pcpu:
	sonde_state_free_pcpu(st);
	sonde_specs_destroy(st);
	sonde_dvars_destroy(st);
	sonde_state_unreserve(st);
	kvfree(st->globals);
	st->globals = NULL;
	kfree(st->var_off);
	st->var_off = NULL;
out_ecbs:
	sonde_state_unbudget(st);
	kfree(st->agg_vsize);
	st->agg_vsize = NULL;
	kfree(st->agg_hash0);
	st->agg_hash0 = NULL;
	kvfree(st->ecbs);
	st->ecbs = NULL;
	st->necbs = 0;
	st->nall = 0;
out_image:
	kvfree(st->image);
	st->image = NULL;
	memset(&st->img, 0, sizeof(st->img));
	return err;
}

/**
 * sonde_state_load_kernel() - load a program image the module read itself
 * @st: a state with nothing loaded
 * @image: the image, kvmalloc()'d; @st owns it from now on, loaded or not
 * @size: its bytes
 * @log: the rejection's line
 *
 * What LOAD does after copying the image in, word for word: the image is
 * verified again, its probes, lockdown and options checked, everything a
 * firing uses allocated.  The anonymous enabling's way in (anon.c).
 *
 * Context: process context, @st->lock held, may sleep.
 * Return: as sonde_state_load().
 */
int sonde_state_load_kernel(struct sonde_state *st, void *image, u32 size,
			    struct sonde_vlog *log)
{
	if (st->activity != SONDE_ACT_INACTIVE || st->image) {
		kvfree(image);
		return -EBUSY;
	}
	if (size > SONDE_MAX_PROG_SIZE ||
	    size < sizeof(struct sonde_prog_hdr)) {
		kvfree(image);
		return sonde_image_verify(NULL, size, &st->img, log);
	}
	return sonde_state_load_image(st, image, size, log, true);
}

/**
 * sonde_state_load() - SONDE_IOC_LOAD: verify and load a program image
 * @st: the consumer state, nothing loaded yet
 * @req: the image and the verifier log buffer in; buffer sizes and the
 *       log's true size out
 *
 * Copies the image in, verifies it again (the kernel trusts no compiler),
 * checks probes, lockdown and options, and allocates every buffer and
 * table a firing will use: nothing is allocated in probe context.
 *
 * Context: process context, @st->lock held, may sleep.
 * Return: 0, or the verifier's -EINVAL / -E2BIG / -EACCES (with a log
 * line), -EACCES for a destructive subroutine kernel_destructive refuses
 * (sonde_destruct_check(); libsonde reads an -EACCES for an image its
 * verifier accepted as that refusal: keep -EACCES for it alone),
 * -ENOSPC for a log too small, -EBUSY, -ENOENT, -EPERM, -ENOMEM,
 * -EFAULT.
 */
int sonde_state_load(struct sonde_state *st, struct sonde_load *req)
{
	struct sonde_vlog log = { 0 };
	void *image;
	int err;

	if (st->activity != SONDE_ACT_INACTIVE)
		return -EBUSY;
	if (req->log_level > 1 || (req->log_size && !req->log_buf) ||
	    req->log_size > SONDE_MAX_LOG)
		return -EINVAL;
	if (req->log_level && req->log_size) {
		log.buf = kvzalloc(req->log_size, GFP_KERNEL);
		if (!log.buf)
			return -ENOMEM;
		log.size = req->log_size;
	}
	/* the verifier explains sizes; just never copy an absurd one in */
	if (req->prog_size > SONDE_MAX_PROG_SIZE ||
	    req->prog_size < sizeof(struct sonde_prog_hdr)) {
		err = sonde_image_verify(NULL, req->prog_size, &st->img, &log);
		goto out_log;
	}
	image = kvmalloc(req->prog_size, GFP_KERNEL);
	if (!image) {
		err = -ENOMEM;
		goto out_log;
	}
	if (copy_from_user(image, u64_to_user_ptr(req->prog),
			   req->prog_size)) {
		kvfree(image);
		err = -EFAULT;
		goto out_log;
	}
	err = sonde_state_load_image(st, image, req->prog_size, &log,
				     req->log_level);
	if (!err) {
		req->bufsize = st->img.opt[SONDE_OPT_bufsize];
		req->aggsize = st->img.naggs ?
			       st->img.opt[SONDE_OPT_aggsize] : 0;
	}

out_log:
	req->log_true_size = log.needed;
	if (log.buf) {
		u32 n = min(log.needed, log.size);

		if (n && copy_to_user(u64_to_user_ptr(req->log_buf), log.buf,
				      n))
			err = err ?: -EFAULT;
		/* a rejection whose reason did not fit: say so */
		if (err && log.needed > log.size)
			err = -ENOSPC;
		kvfree(log.buf);
	}
	return err;
}

/**
 * sonde_state_go() - SONDE_IOC_GO: arm every probe, fire BEGIN
 * @st: a loaded state
 * @req: BEGIN's CPU out
 *
 * Context: process context, @st->lock held, may sleep.
 * Return: 0, -ENOENT when nothing is loaded, -EBUSY when already going,
 * or the providers' errors.
 */
int sonde_state_go(struct sonde_state *st, struct sonde_go *req)
{
	struct sonde_fire f = { };
	int err;

	if (st->activity != SONDE_ACT_LOADED)
		return st->activity == SONDE_ACT_INACTIVE ? -ENOENT : -EBUSY;
	err = sonde_state_arm(st);
	if (err)
		return err;
	WRITE_ONCE(st->alive, jiffies);
	schedule_delayed_work(&st->deadman, HZ);
	/* BEGIN runs before any other probe records anything */
	preempt_disable();
	req->begin_cpu = smp_processor_id();
	sonde_probe_fire(sonde_probe_begin, st, &f);
	preempt_enable();
	if (cmpxchg(&st->activity, SONDE_ACT_LOADED, SONDE_ACT_ACTIVE) ==
	    SONDE_ACT_LOADED)
		sonde_buf_grow_all(st);
	return 0;
}

/**
 * sonde_state_ecb() - enabling @i (EPID @i + 1) of a state
 * @st: the consumer state
 * @i: below @st->nall
 *
 * Context: process context, @st->lock held.
 * Return: the enabling, from the image's or from a later SONDE_IOC_ENABLE.
 */
struct sonde_kecb *sonde_state_ecb(struct sonde_state *st, u32 i)
{
	struct sonde_kecb_more *m;

	if (i < st->necbs)
		return &st->ecbs[i];
	for (m = st->more; m; m = m->next)
		if (i - m->first < m->n)
			return &m->ecbs[i - m->first];
	WARN_ON_ONCE(1);
	return &st->ecbs[0];
}

/*
 * Cost and reserve enablings added after LOAD on their probes, as
 * sonde_state_budget_locked() did the image's: each clause's cost plus
 * the ERROR clauses a fault would run.  sonde_lock held.
 */
static int sonde_more_budget_locked(struct sonde_state *st,
				    struct sonde_kecb_more *m,
				    struct sonde_vlog *log)
{
	const struct sonde_image *img = &st->img;
	u64 errcost = 0, cost;
	u32 i;

	for (i = 0; i < st->necbs; i++)
		if (st->ecbs[i].probe == sonde_probe_error)
			errcost += sonde_clause_cost(img, img->ecbs[i].clause,
						     nr_cpu_ids);
	for (i = 0; i < m->n; i++) {
		struct sonde_kecb *ecb = &m->ecbs[i];
		struct sonde_probe *p = ecb->probe;

		cost = sonde_clause_cost(img, ecb->clause - img->clauses,
					 nr_cpu_ids) + errcost;
		if (p->res_cost + cost > SONDE_FIRING_BUDGET ||
		    p->res_ecbs + 1 > SONDE_MAX_PROBE_ECBS) {
			sonde_budget_reject(log, p, p->res_ecbs + 1, 0,
					    p->res_cost + cost);
			goto out_reject;
		}
		ecb->cost = (u32)cost;
		p->res_ecbs++;
		p->res_cost += cost;
		ecb->reserved = true;
	}
	return 0;

out_reject:
	while (i--) {
		m->ecbs[i].probe->res_ecbs--;
		m->ecbs[i].probe->res_cost -= m->ecbs[i].cost;
		m->ecbs[i].reserved = false;
	}
	return -E2BIG;
}

/* Undo what arming @m's first @n enablings did; sonde_lock held. */
static void sonde_more_disarm_locked(struct sonde_kecb_more *m, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++) {
		struct sonde_kecb *ecb = &m->ecbs[i];

		if (!ecb->armed)
			continue;
		list_del_rcu(&ecb->plink);
		ecb->armed = false;
		if (!--ecb->probe->nenabled && ecb->probe->prov->disable)
			ecb->probe->prov->disable(ecb->probe);
	}
	sonde_providers_commit();
}

/**
 * sonde_state_enable() - SONDE_IOC_ENABLE: enablings added to a program
 * @st: a loaded or tracing state
 * @req: the (probe, clause) pairs in; the first one's EPID out
 *
 * For probes made after LOAD: the user probes of an object a traced
 * process mapped later.  They are checked, costed and reserved as LOAD
 * does, and armed at once when tracing (a firing sees an enabling on its
 * probe's list whole, or not at all: list_add_tail_rcu()).  All or
 * nothing.
 *
 * Context: process context, @st->lock held, may sleep.
 * Return: 0, -EINVAL, -ENOENT, -E2BIG, -EPERM, -EBUSY, -EFAULT, -ENOMEM,
 * or the provider's error in arming.
 */
int sonde_state_enable(struct sonde_state *st, struct sonde_enable *req)
{
	struct sonde_vlog log = { 0 };
	struct sonde_kecb_more *m;
	struct sonde_ecb *ue;
	bool confidential;
	u32 i, n = req->necbs;
	int err = 0;

	if (memchr_inv(req->reserved, 0, sizeof(req->reserved)) ||
	    req->first_epid || !n)
		return -EINVAL;
	if (st->activity != SONDE_ACT_LOADED &&
	    st->activity != SONDE_ACT_ACTIVE)
		return -EBUSY;
	if (n > SONDE_MAX_ECBS - st->nall)
		return -E2BIG;
	ue = kvmalloc_array(n, sizeof(*ue), GFP_KERNEL);
	/* n <= SONDE_MAX_ECBS: no overflow */
	m = kvzalloc(sizeof(*m) + (size_t)n * sizeof(m->ecbs[0]), GFP_KERNEL);
	if (!ue || !m) {
		err = -ENOMEM;
		goto out_free;
	}
	if (copy_from_user(ue, u64_to_user_ptr(req->ecbs),
			   (size_t)n * sizeof(*ue))) {
		err = -EFAULT;
		goto out_free;
	}
	m->first = st->nall;
	m->n = n;
	confidential = security_locked_down(LOCKDOWN_BPF_READ_KERNEL);

	mutex_lock(&sonde_lock);
	for (i = 0; i < n; i++) {
		struct sonde_kecb *ecb = &m->ecbs[i];
		const struct sonde_probe *p;

		if (ue[i].clause >= st->img.nclauses) {
			err = -EINVAL;
			goto out_unlock;
		}
		ecb->probe = sonde_probe_lookup(ue[i].probe_id);
		p = ecb->probe;
		if (!p || (p->owner && p->owner != st)) {
			err = -ENOENT;
			goto out_unlock;
		}
		if (sonde_probe_private(p)) {
			err = -EINVAL;
			goto out_unlock;
		}
		if (((p->flags & SONDE_PROBEF_KPROBE) &&
		     security_locked_down(LOCKDOWN_KPROBES)) ||
		    (confidential && (p->prov->kaddr_args &
				      sonde_clause_args(&st->img,
						&st->img.clauses[ue[i].clause])))) {
			err = -EPERM;
			goto out_unlock;
		}
		sonde_kecb_prepare(st, ecb, ue[i].clause);
		ecb->epid = m->first + i + 1;
		INIT_LIST_HEAD(&ecb->plink);
	}
	err = sonde_more_budget_locked(st, m, &log);
	if (err)
		goto out_unlock;
	for (i = 0; st->armed && i < n; i++) {
		err = sonde_kecb_arm(&m->ecbs[i]);
		if (err)
			break;
	}
	if (!err && st->armed)
		err = sonde_providers_commit();
	if (err) {
		sonde_more_disarm_locked(m, n);
		for (i = 0; i < n; i++) {
			m->ecbs[i].probe->res_ecbs--;
			m->ecbs[i].probe->res_cost -= m->ecbs[i].cost;
		}
		mutex_unlock(&sonde_lock);
		sonde_sync();
		goto out_free;
	}
	m->next = st->more;
	st->more = m;
	st->nall += n;
	req->first_epid = m->first + 1;
	m = NULL;
out_unlock:
	mutex_unlock(&sonde_lock);
out_free:
	kvfree(ue);
	kvfree(m);
	return err;
}

/* END may now use the room fill buffers kept back for it. */
static void sonde_state_unkeep(struct sonde_state *st)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu)
		if (st->pcpu[cpu])
			st->pcpu[cpu]->buf.keep = 0;
}

/**
 * sonde_state_stop() - SONDE_IOC_STOP: stop tracing, fire END, disarm
 * @st: an active (or draining, or aborted) state
 * @req: END's CPU out
 *
 * No other ECB records once stopped; END runs alone, after a sonde_sync().
 * An aborted state stays aborted, without END.
 *
 * Context: process context, @st->lock held, may sleep.
 * Return: 0, -EALREADY when stopped, -ENOENT when never started.
 */
int sonde_state_stop(struct sonde_state *st, struct sonde_stop *req)
{
	struct sonde_fire f = { };
	int act;

	/* only exit() changes the activity under us, and only once */
	do {
		act = READ_ONCE(st->activity);
		if (act == SONDE_ACT_KILLED) {
			/* an aborted enabling stays aborted, without END */
			sonde_state_disarm(st);
			req->end_cpu = 0;
			return 0;
		}
		if (act != SONDE_ACT_ACTIVE && act != SONDE_ACT_DRAINING)
			return act == SONDE_ACT_STOPPED ? -EALREADY : -ENOENT;
		/* no other ECB records once stopped; END runs alone */
	} while (cmpxchg(&st->activity, act, SONDE_ACT_STOPPED) != act);
	sonde_sync();
	sonde_state_unkeep(st);
	preempt_disable();
	req->end_cpu = smp_processor_id();
	sonde_probe_fire(sonde_probe_end, st, &f);
	preempt_enable();
	sonde_state_disarm(st);
	/* nobody will make the probes a waiting thread waits for */
	sonde_rdvs_close(st);
	return 0;
}

/**
 * sonde_state_drain() - SONDE_IOC_DRAIN / SONDE_IOC_AGGSNAP of one CPU
 * @st: the consumer state
 * @req: the CPU and user buffer in; size, drops, errors out
 * @agg: the aggregation buffer rather than the principal one
 *
 * Every drain also tells the deadman that the consumer is alive.
 *
 * Context: process context, @st->lock held.
 * Return: 0, -EINVAL for nonzero flags or reserved fields, -ENOENT, or
 * sonde_buf_snap()'s errors.
 */
int sonde_state_drain(struct sonde_state *st, struct sonde_drain *req,
		      bool agg)
{
	int err;

	WRITE_ONCE(st->alive, jiffies);
	if (req->flags || memchr_inv(req->reserved, 0, sizeof(req->reserved)))
		return -EINVAL;
	if (!st->pcpu)
		return -ENOENT;
	if (agg && !st->img.naggs) {
		req->size = req->drops = req->errors = 0;
		return 0;
	}
	err = sonde_buf_snap(st, req->cpu, agg, req);
	if (err)
		return err;
	if (agg) {
		st->drained_aggdrops += req->drops;
	} else {
		st->drained_drops += req->drops;
		st->drained_errors += req->errors;
	}
	return 0;
}

/**
 * sonde_state_status() - SONDE_IOC_STATUS: activity, exit status, counters
 * @st: the consumer state
 * @req: filled: activity, exit status, every drop and error count
 *
 * Counters other CPUs bump are read racily: good enough for a report.
 *
 * Context: process context, @st->lock held.
 * Return: 0.
 */
int sonde_state_status(struct sonde_state *st, struct sonde_status *req)
{
	unsigned int cpu;

	WRITE_ONCE(st->alive, jiffies);
	memset(req, 0, sizeof(*req));
	req->activity = READ_ONCE(st->activity);
	req->exit_status = READ_ONCE(st->exit_status);
	req->drops = st->drained_drops;
	req->errors = st->drained_errors;
	req->aggdrops = st->drained_aggdrops;
	if (!st->pcpu)
		return 0;
	for_each_possible_cpu(cpu) {
		struct sonde_pcpu *pc = st->pcpu[cpu];

		if (!pc)
			continue;
		/* racy reads of counters other CPUs bump: good enough */
		req->drops += READ_ONCE(pc->buf.drops[0]) +
			      READ_ONCE(pc->buf.drops[1]);
		req->errors += READ_ONCE(pc->buf.errors[0]) +
			       READ_ONCE(pc->buf.errors[1]);
		req->aggdrops += READ_ONCE(pc->agg.drops[0]) +
				 READ_ONCE(pc->agg.drops[1]);
		req->recdrops += READ_ONCE(pc->recdrops);
		req->nmidrops += READ_ONCE(pc->nmidrops);
		req->dyndrops += READ_ONCE(pc->dyndrops);
		req->specdrops += READ_ONCE(pc->specdrops);
		req->specbusy += READ_ONCE(pc->specbusy);
		req->specunavail += READ_ONCE(pc->specunavail);
		req->jstackdrops += READ_ONCE(pc->jstackdrops);
		if (READ_ONCE(pc->buf.full))
			req->flags |= SONDE_STATUS_FILLED;
	}
	return 0;
}

/**
 * sonde_state_testrun() - SONDE_IOC_TESTRUN: run one ECB on given inputs
 * @st: a loaded, unarmed state
 * @req: the ECB, arguments and memory window in; the outcome out
 *
 * The module's VM on the VM corpus, so both VMs are held to one corpus.
 *
 * Context: process context, @st->lock held, may sleep (copies).
 * Return: 0, -EINVAL, -ENOENT, -EBUSY, -ENOMEM, -EFAULT.
 */
int sonde_state_testrun(struct sonde_state *st, struct sonde_testrun *req)
{
	struct sonde_testmem t = { };
	struct sonde_fire f = { };
	u8 *kmem = NULL;
	int err;

	if (memchr_inv(req->reserved, 0, sizeof(req->reserved)) ||
	    req->cpu || req->flags || req->mem_size > SONDE_TEST_MAXMEM ||
	    (req->mem_size && !req->mem))
		return -EINVAL;
	if (st->activity != SONDE_ACT_LOADED)
		return st->activity == SONDE_ACT_INACTIVE ? -ENOENT : -EBUSY;
	if (!req->epid || req->epid > st->nall)
		return -ENOENT;
	if (req->mem_size) {
		kmem = memdup_user(u64_to_user_ptr(req->mem), req->mem_size);
		if (IS_ERR(kmem))
			return PTR_ERR(kmem);
	}
	t.kmem = kmem;
	t.umem = req->mem;
	t.size = req->mem_size;
	memcpy(f.args, req->args, sizeof(f.args));
	err = sonde_probe_testfire(st, req->epid, &f, &t, req);
	kfree(kmem);
	return err;
}
