// SPDX-License-Identifier: GPL-2.0
/*
 * dynvar.c - dynamic variables: thread-locals (self->x) and associative
 * arrays (a[k], self->a[k]) of one consumer.
 *
 * A pool of dynvarsize bytes is cut at LOAD into equal chunks, each big
 * enough for the largest key and value the program uses, and a hash table
 * of about one bucket per chunk, hashed with a seed chosen at random per
 * consumer (no script can aim its keys at one chain).  Probe context looks
 * elements up under the bucket's raw spinlock, taken with interrupts
 * already off and held only to walk at most SONDE_CHAIN_MAX entries of one
 * chain and copy one value; it waits for a lock at most SONDE_SPIN_MAX
 * tries (sonde_spin_lock()), and a longer chain or a lock not had in time
 * makes the access a dynamic-variable drop, counted per CPU, like an
 * empty free list.  So a firing's time here is bounded whatever the
 * number of CPUs or elements; NMI firings never get here and a CPU cannot
 * re-enter (the firing guard).  Values are copied in and out under the
 * lock, so no pointer into the pool escapes it and a freed chunk can be
 * reused at once.  Allocation takes a chunk from the free list (its own
 * lock, held for a few pointer moves, always taken inside a bucket
 * lock).
 *
 * Thread-locals are keyed by the thread id and the context level (task,
 * softirq, hardirq), as DTrace's are, so an interrupt handler's self->
 * never clobbers the thread it interrupted.  Unlike DTrace's, they are
 * reclaimed when their thread exits, and an exit visits its own
 * thread-locals only: those of one thread (all its levels) are on a list
 * of their own, and the thread's first one, its leader, also on a chain
 * of a second table hashed by thread id (seeded too), which holds
 * leaders only.  The table's lock, taken inside the bucket's, covers its
 * chains and the lists of their leaders.  Creating a thread-local looks
 * for its thread's leader on one chain, at most SONDE_CHAIN_MAX leaders
 * like any lookup, and joins its list or becomes the leader; deleting
 * the leader hands its place on the chain to the next of its thread.
 * The element stays 48 bytes: the thread id is read from the key, and
 * the leader's link is a fourth pointer.  The sched_process_exit
 * tracepoint frees the exiting thread's list one element at a time with
 * interrupts off (the leader last), each a chain walk of leaders and one
 * of its bucket, both bounded: its time is linear in what it frees,
 * whatever other threads hold.  Only a thread itself creates or deletes
 * its thread-locals (or an interrupt on its CPU, which the exit keeps off
 * while it handles one), so the exiting thread's list changes under no
 * one; other threads' leaders come and go on its chain, under its lock.
 */
#include <linux/log2.h>
#include <linux/preempt.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/tracepoint.h>
#include <linux/hash.h>
#include <linux/vmalloc.h>

#include "sonde_kmod.h"

/*
 * An element: 48 bytes of header, then the key and the value (what
 * dynvarsize holds, a chunk each).  A thread-local is on its thread's
 * list (tnext, tpprev); the first of the list, the thread's leader, has
 * no tpprev and is on its thread-table chain (hnext).
 */
struct sonde_dvar {
	struct sonde_dvar *next;	/* its bucket's chain; the free list */
	struct sonde_dvar *tnext;	/* thread-locals: the thread's list */
	struct sonde_dvar **tpprev;	/* ... NULL for the leader */
	struct sonde_dvar *hnext;	/* a leader: its thread-table chain */
	u32 hash;
	u32 var;
	u32 ksize;		/* bytes of key, thread key included */
	u32 vsize;
	u8 data[];		/* key, then the value at ALIGN(ksize, 8) */
};

/* The thread id in a thread key (sonde_thread_key()): no context level. */
#define SONDE_TKEY_TID	((1ULL << 56) - 1)

struct sonde_dvars {
	u32 chunk_size;
	u32 nchunks;
	u32 nbuckets;
	struct sonde_dvar **buckets;
	raw_spinlock_t *locks;
	u8 *pool;
	struct sonde_dvar *free;
	raw_spinlock_t free_lock;
	/* thread-locals' leaders by thread id (ntbuckets, a power of 2) */
	u32 ntbuckets;
	struct sonde_dvar **tbuckets;
	raw_spinlock_t *tlocks;
	bool tls;
	bool exit_armed;
	u32 seed;		/* of the key hash, random per consumer */
	u64 tseed;		/* of the thread table's, ditto */
};

static struct tracepoint *sonde_tp_exit;

static void sonde_tp_exit_find(struct tracepoint *tp, void *priv)
{
	if (!strcmp(tp->name, "sched_process_exit"))
		sonde_tp_exit = tp;
}

static u32 sonde_tid_bucket(struct sonde_dvars *dv, u64 tid)
{
	return hash_64(tid ^ dv->tseed, 32) & (dv->ntbuckets - 1);
}

/* The thread id of a thread-local: its key's first word. */
static u64 sonde_dvar_tid(const struct sonde_dvar *d)
{
	u64 tk;

	memcpy(&tk, d->data, sizeof(tk));
	return tk & SONDE_TKEY_TID;
}

/* The thread key of a self-> access: thread and context level. */
static u64 sonde_thread_key(u32 cpu)
{
	u64 level = in_hardirq() ? 2 : in_serving_softirq() ? 1 : 0;
	u64 tid = task_pid_nr(current);

	if (!tid)		/* each CPU's idle task is pid 0 */
		tid = (1ULL << 40) | cpu;
	return tid | (level << 56);
}

/**
 * sonde_dvars_create() - allocate a program's dynamic-variable pool
 * @st: the consumer state, its image verified
 * @log: LOAD's log, for a dynvarsize too small
 *
 * Cuts dynvarsize bytes into chunks as big as the largest key and value
 * the program uses, with about one hash bucket per chunk and, for
 * thread-locals, the table by thread.  A program without dynamic
 * variables gets none.
 *
 * Context: process context (LOAD), may sleep.
 * Return: 0, -ENOMEM, or -E2BIG when not even one element fits.
 */
int sonde_dvars_create(struct sonde_state *st, struct sonde_vlog *log)
{
	const struct sonde_image *img = &st->img;
	u32 i, maxval = 0, maxkey = 0, need = 0;
	struct sonde_dvars *dv;
	u64 size = img->opt[SONDE_OPT_dynvarsize];

	for (i = 0; i < img->nvars; i++) {
		const struct sonde_var_desc *v = &img->vars[i];
		u32 k;

		if (!v->nkeys && v->scope != SONDE_VAR_TLS)
			continue;
		need = 1;
		k = sonde_key_size(img, v->keys_off, v->nkeys) +
		    (v->scope == SONDE_VAR_TLS ? sizeof(u64) : 0);
		maxkey = max(maxkey, k);
		maxval = max(maxval, sonde_var_val_size(img, v->type));
	}
	if (!need)
		return 0;
	dv = kzalloc(sizeof(*dv), GFP_KERNEL);
	if (!dv)
		return -ENOMEM;
	st->dvars = dv;
	for (i = 0; i < img->nvars; i++)
		if (img->vars[i].scope == SONDE_VAR_TLS)
			dv->tls = true;
	dv->chunk_size = ALIGN(sizeof(struct sonde_dvar) + ALIGN(maxkey, 8) +
			       maxval, 8);
	dv->nchunks = div_u64(size, dv->chunk_size + sizeof(void *));
	if (!dv->nchunks) {
		sonde_vlog(log, "option dynvarsize: %llu bytes do not hold one dynamic variable of %u bytes\n",
			   (unsigned long long)size, dv->chunk_size);
		return -E2BIG;
	}
	dv->nbuckets = roundup_pow_of_two(dv->nchunks);
	dv->seed = get_random_u32();
	dv->buckets = kvcalloc(dv->nbuckets, sizeof(*dv->buckets),
			       SONDE_GFP_BIG);
	dv->locks = kvcalloc(dv->nbuckets, sizeof(*dv->locks), SONDE_GFP_BIG);
	dv->pool = kvzalloc((unsigned long)dv->nchunks * dv->chunk_size,
			    SONDE_GFP_BIG);
	if (!dv->buckets || !dv->locks || !dv->pool)
		return -ENOMEM;
	for (i = 0; i < dv->nbuckets; i++)
		raw_spin_lock_init(&dv->locks[i]);
	if (dv->tls) {
		/* chains of leaders, one a thread: even with every element
		 * a thread's only one, four a chain on average, far from
		 * SONDE_CHAIN_MAX */
		dv->ntbuckets = max_t(u32, dv->nbuckets / 4, 16);
		dv->tseed = get_random_u64();
		dv->tbuckets = kvcalloc(dv->ntbuckets, sizeof(*dv->tbuckets),
					SONDE_GFP_BIG);
		dv->tlocks = kvcalloc(dv->ntbuckets, sizeof(*dv->tlocks),
				      SONDE_GFP_BIG);
		if (!dv->tbuckets || !dv->tlocks)
			return -ENOMEM;
		for (i = 0; i < dv->ntbuckets; i++)
			raw_spin_lock_init(&dv->tlocks[i]);
	}
	raw_spin_lock_init(&dv->free_lock);
	for (i = dv->nchunks; i-- > 0;) {
		struct sonde_dvar *d = (void *)(dv->pool +
						(unsigned long)i * dv->chunk_size);

		d->next = dv->free;
		dv->free = d;
	}
	return 0;
}

/**
 * sonde_dvars_destroy() - free the dynamic-variable pool
 * @st: the consumer state, disarmed (sonde_dvars_disarm()) and synced
 *
 * Context: process context (teardown).
 */
void sonde_dvars_destroy(struct sonde_state *st)
{
	struct sonde_dvars *dv = st->dvars;

	if (!dv)
		return;
	WARN_ON_ONCE(dv->exit_armed);
	kvfree(dv->tlocks);
	kvfree(dv->tbuckets);
	kvfree(dv->pool);
	kvfree(dv->locks);
	kvfree(dv->buckets);
	kfree(dv);
	st->dvars = NULL;
}

/*
 * The link to thread @tid's leader on thread-table chain @tb (its lock
 * held): *link is the leader, or NULL at the chain's end when the thread
 * has none.  NULL when more than @max leaders came first (a long chain:
 * probe context drops the access).  Chains never grow past
 * SONDE_CHAIN_MAX + 1 leaders (a new leader joins one of at most
 * SONDE_CHAIN_MAX), so a walk of that many finds every leader.
 */
static struct sonde_dvar **sonde_dvar_leader(struct sonde_dvars *dv, u32 tb,
					     u64 tid, u32 max)
{
	struct sonde_dvar **pp;
	u32 n = 0;

	for (pp = &dv->tbuckets[tb]; *pp; pp = &(*pp)->hnext) {
		if (++n > max)
			return NULL;
		if (sonde_dvar_tid(*pp) == tid)
			break;
	}
	return pp;
}

/*
 * Take thread-local @d off its thread's list, thread-table chain @tb
 * locked: O(1) for most, one bounded chain walk for a leader, whose
 * place goes to the next of its thread.  False (and a warning) when a
 * leader is not on its chain: then @d stays where it is.
 */
static bool sonde_dvar_untid(struct sonde_dvars *dv, u32 tb,
			     struct sonde_dvar *d)
{
	struct sonde_dvar **pp, *n = d->tnext;

	if (d->tpprev) {
		*d->tpprev = n;
		if (n)
			n->tpprev = d->tpprev;
		return true;
	}
	pp = sonde_dvar_leader(dv, tb, sonde_dvar_tid(d), SONDE_CHAIN_MAX + 1);
	if (WARN_ON_ONCE(!pp || *pp != d))
		return false;
	if (n) {
		n->tpprev = NULL;
		n->hnext = d->hnext;
		*pp = n;
	} else {
		*pp = d->hnext;
	}
	return true;
}

/*
 * Put new thread-local @d on its thread's list, after @leader, or make
 * it the thread's leader at *@link, the chain's end (sonde_dvar_leader()
 * found none); thread-table chain locked.
 */
static void sonde_dvar_tid_add(struct sonde_dvar *d, struct sonde_dvar **link)
{
	struct sonde_dvar *leader = *link;

	if (!leader) {
		d->tnext = NULL;
		d->tpprev = NULL;
		d->hnext = NULL;
		*link = d;
		return;
	}
	d->tnext = leader->tnext;
	if (d->tnext)
		d->tnext->tpprev = &d->tnext;
	d->tpprev = &leader->tnext;
	leader->tnext = d;
}

/*
 * sched_process_exit: free every thread-local of the exiting thread, its
 * list's one at a time, the leader last (no hand-overs).  Its elements
 * cannot change under us (only the thread itself touches them, and
 * interrupts are off while one is handled), so each is picked under the
 * thread-table lock, then unlinked with its bucket locked first, as
 * everywhere else.  Each costs two walks of at most SONDE_CHAIN_MAX + 1
 * entries: linear in what is freed, whatever other threads hold.
 */
static void sonde_dvars_exit(void *data, struct task_struct *tsk)
{
	struct sonde_dvars *dv = data;
	u64 tid = task_pid_nr(tsk);
	u32 tb = sonde_tid_bucket(dv, tid);
	unsigned long flags;

	if (!tid)
		return;
	for (;;) {
		struct sonde_dvar *d, **pp;
		bool ok;
		u32 b;

		/* interrupts off for one element at a time: firings on this
		 * CPU wait no longer than that */
		local_irq_save(flags);
		raw_spin_lock(&dv->tlocks[tb]);
		pp = sonde_dvar_leader(dv, tb, tid, SONDE_CHAIN_MAX + 1);
		d = pp ? *pp : NULL;
		if (d && d->tnext)
			d = d->tnext;
		raw_spin_unlock(&dv->tlocks[tb]);
		if (!d) {
			local_irq_restore(flags);
			break;
		}
		b = d->hash & (dv->nbuckets - 1);
		raw_spin_lock(&dv->locks[b]);
		for (pp = &dv->buckets[b]; *pp && *pp != d; pp = &(*pp)->next)
			;
		raw_spin_lock(&dv->tlocks[tb]);
		ok = !WARN_ON_ONCE(!*pp) && sonde_dvar_untid(dv, tb, d);
		raw_spin_unlock(&dv->tlocks[tb]);
		if (ok) {
			*pp = d->next;
			raw_spin_lock(&dv->free_lock);
			d->next = dv->free;
			dv->free = d;
			raw_spin_unlock(&dv->free_lock);
		}
		raw_spin_unlock(&dv->locks[b]);
		local_irq_restore(flags);
		if (!ok)
			break;	/* never: lost rather than loop */
	}
}

/**
 * sonde_dvars_arm() - reclaim thread-locals of exiting threads from GO on
 * @st: the consumer state
 *
 * Registers the sched_process_exit handler of a program with
 * thread-locals; others need none.
 *
 * Context: process context (GO).
 * Return: 0 or the tracepoint's error.
 */
int sonde_dvars_arm(struct sonde_state *st)
{
	struct sonde_dvars *dv = st->dvars;
	int err;

	if (!dv || !dv->tls)
		return 0;
	if (!sonde_tp_exit)
		for_each_kernel_tracepoint(sonde_tp_exit_find, NULL);
	if (!sonde_tp_exit)
		return 0;	/* no reclamation: entries wait for 0 */
	err = tracepoint_probe_register(sonde_tp_exit, sonde_dvars_exit, dv);
	if (!err)
		dv->exit_armed = true;
	return err;
}

/**
 * sonde_dvars_disarm() - stop reclaiming thread-locals
 * @st: the consumer state
 *
 * Unregisters what sonde_dvars_arm() registered; the caller waits for
 * running handlers before freeing the pool.
 *
 * Context: process context (STOP, teardown).
 */
void sonde_dvars_disarm(struct sonde_state *st)
{
	struct sonde_dvars *dv = st->dvars;

	if (!dv || !dv->exit_armed)
		return;
	WARN_ON_ONCE(tracepoint_probe_unregister(sonde_tp_exit,
						 sonde_dvars_exit, dv));
	dv->exit_armed = false;
	/* the caller's sonde_sync() waits for handlers in flight */
}

/* Compose the full key (thread key first for thread-locals) in @kbuf. */
static u32 sonde_dvar_key(struct sonde_vm_ctx *ctx, u32 var, const void *key,
			  u32 key_size, u8 *kbuf)
{
	struct sonde_mstate *ms = ctx->env;
	u32 off = 0;

	if (ctx->img->vars[var].scope == SONDE_VAR_TLS) {
		u64 tk = sonde_thread_key(ms->cpu);

		memcpy(kbuf, &tk, sizeof(tk));
		off = sizeof(tk);
	}
	memcpy(kbuf + off, key, key_size);
	return off + key_size;
}

/*
 * The element @k (@ksize bytes) of variable @var in the chain at @pp, or
 * NULL; *@pp is left at the link that points to it.  At most
 * SONDE_CHAIN_MAX elements are looked at: *@full says the chain went on
 * (the element may be further: the caller drops the access).
 */
static struct sonde_dvar *sonde_dvar_find(struct sonde_dvar ***pp, u32 hash,
					  u32 var, const u8 *k, u32 ksize,
					  bool *full)
{
	struct sonde_dvar *d;
	u32 n = 0;

	*full = false;
	for (; (d = **pp); *pp = &d->next) {
		if (++n > SONDE_CHAIN_MAX) {
			*full = true;
			return NULL;
		}
		if (d->hash == hash && d->var == var && d->ksize == ksize &&
		    !memcmp(d->data, k, ksize))
			return d;
	}
	return NULL;
}

/* Key bytes of the largest tuple plus a thread key, on the firing's stack
 * would be too big: use the space after the VM's own key in scratch. */
static u8 *sonde_dvar_kbuf(struct sonde_vm_ctx *ctx)
{
	return (u8 *)ctx->scratch + ctx->scratch_size;
}

/**
 * sonde_dvar_load() - read a dynamic variable (sonde_env_dload())
 * @ctx: the firing
 * @var: the variable
 * @key: its key tuple, @key_size bytes (empty for a thread-local scalar)
 * @key_size: bytes of @key
 * @out: the value, @size bytes, zeroed when the element does not exist
 * @size: bytes of the value
 *
 * Context: probe context; takes the element's bucket lock (a raw
 * spinlock, held for one chain walk and one copy).
 */
void sonde_dvar_load(struct sonde_vm_ctx *ctx, u32 var, const void *key,
		     u32 key_size, void *out, u32 size)
{
	struct sonde_mstate *ms = ctx->env;
	struct sonde_dvars *dv = ms->st->dvars;
	u8 *kbuf = sonde_dvar_kbuf(ctx);
	struct sonde_dvar *d = NULL, **pp;
	u32 ksize, hash, b;
	bool full = false;

	ksize = sonde_dvar_key(ctx, var, key, key_size, kbuf);
	hash = sonde_hash_bytes(kbuf, ksize, var ^ dv->seed);
	b = hash & (dv->nbuckets - 1);
	if (!sonde_spin_lock(&dv->locks[b])) {
		/* not had in time: read as missing, and say so */
		ms->pc->dyndrops++;
		sonde_zero(out, size);
		return;
	}
	pp = &dv->buckets[b];
	d = sonde_dvar_find(&pp, hash, var, kbuf, ksize, &full);
	if (d)
		memcpy(out, d->data + ALIGN(ksize, 8), min(size, d->vsize));
	else
		/* a missing variable loads as 0 or "": its first word */
		sonde_zero(out, min_t(u32, size, sizeof(u64)));
	raw_spin_unlock(&dv->locks[b]);
	if (unlikely(full))
		ms->pc->dyndrops++;
}

/**
 * sonde_dvar_store() - set or delete a dynamic variable (sonde_env_dstore())
 * @ctx: the firing
 * @var: the variable
 * @key: its key tuple, @key_size bytes (empty for a thread-local scalar)
 * @key_size: bytes of @key
 * @val: the value, @size bytes; NULL deletes the element
 * @size: bytes of the value
 *
 * A full pool drops the store and counts a dynamic-variable drop, as
 * does a new thread-local whose thread's leader is past SONDE_CHAIN_MAX
 * others on its thread-table chain.
 *
 * Context: probe context; takes the bucket lock, the free list's and, for
 * thread-locals, the thread table's (raw spinlocks, bounded sections):
 * three bounded waits, a walk of at most SONDE_CHAIN_MAX elements of the
 * bucket and, to create or delete a thread's leader, one of at most
 * SONDE_CHAIN_MAX + 1 leaders.
 */
void sonde_dvar_store(struct sonde_vm_ctx *ctx, u32 var, const void *key,
		      u32 key_size, const void *val, u32 size)
{
	struct sonde_mstate *ms = ctx->env;
	struct sonde_dvars *dv = ms->st->dvars;
	bool tls = ctx->img->vars[var].scope == SONDE_VAR_TLS;
	u8 *kbuf = sonde_dvar_kbuf(ctx);
	struct sonde_dvar *d, **pp, **lpp = NULL;
	raw_spinlock_t *tlock = NULL;
	u32 ksize, hash, b, tb = 0;
	u64 tid = 0;
	bool full;

	ksize = sonde_dvar_key(ctx, var, key, key_size, kbuf);
	hash = sonde_hash_bytes(kbuf, ksize, var ^ dv->seed);
	b = hash & (dv->nbuckets - 1);
	if (tls) {
		/* the thread key leads the key (sonde_dvar_key) */
		memcpy(&tid, kbuf, sizeof(tid));
		tid &= SONDE_TKEY_TID;
		tb = sonde_tid_bucket(dv, tid);
	}
	if (!sonde_spin_lock(&dv->locks[b]))
		goto out_drop;
	pp = &dv->buckets[b];
	d = sonde_dvar_find(&pp, hash, var, kbuf, ksize, &full);
	if (unlikely(full))
		goto out_unlock_drop;
	if (d && val) {
		memcpy(d->data + ALIGN(ksize, 8), val, size);
		goto out_unlock;
	}
	if (!d && !val)
		goto out_unlock;
	/* a thread-local joins or leaves its thread's list too */
	if (tls) {
		if (!sonde_spin_lock(&dv->tlocks[tb]))
			goto out_unlock_drop;
		tlock = &dv->tlocks[tb];
	}
	if (!val) {
		if (tls && !sonde_dvar_untid(dv, tb, d))
			goto out_unlock_drop;
		*pp = d->next;
		raw_spin_lock(&dv->free_lock);
		d->next = dv->free;
		dv->free = d;
		raw_spin_unlock(&dv->free_lock);
		goto out_unlock;
	}
	if (tls) {
		/* its thread's leader, or where a new one goes */
		lpp = sonde_dvar_leader(dv, tb, tid, SONDE_CHAIN_MAX);
		if (unlikely(!lpp))
			goto out_unlock_drop;
	}
	raw_spin_lock(&dv->free_lock);
	d = dv->free;
	if (d)
		dv->free = d->next;
	raw_spin_unlock(&dv->free_lock);
	if (!d)
		goto out_unlock_drop;
	d->hash = hash;
	d->var = var;
	d->ksize = ksize;
	d->vsize = size;
	memcpy(d->data, kbuf, ksize);
	memcpy(d->data + ALIGN(ksize, 8), val, size);
	d->next = dv->buckets[b];
	dv->buckets[b] = d;
	if (tls)
		sonde_dvar_tid_add(d, lpp);
out_unlock:
	if (tlock)
		raw_spin_unlock(tlock);
	raw_spin_unlock(&dv->locks[b]);
	return;
out_unlock_drop:
	if (tlock)
		raw_spin_unlock(tlock);
	raw_spin_unlock(&dv->locks[b]);
out_drop:
	ms->pc->dyndrops++;
}
