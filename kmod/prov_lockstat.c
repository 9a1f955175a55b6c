// SPDX-License-Identifier: GPL-2.0
/*
 * prov_lockstat.c - the lockstat provider: kernel lock acquisitions,
 * releases and contention, with the probes and arguments of Oracle's
 * DTrace for Linux (libdtrace/dt_prov_lockstat.c), which probes the lock
 * functions with fbt as this does with kprobes and kretprobes at their
 * ftrace sites (nothing else is patched; nothing costs anything until a
 * probe is enabled):
 *
 *   adaptive-acquire  a mutex taken: mutex_lock(), mutex_lock_io(), and
 *                     mutex_lock_interruptible() / _killable() returning 0,
 *                     mutex_trylock() returning 1 (kretprobes; the lock
 *                     kept in the instance from entry); arg0 = the mutex
 *   adaptive-acquire-error  mutex_lock_interruptible() / _killable()
 *                     failing: arg0 = the mutex, arg1 = -errno
 *   adaptive-release  mutex_unlock(): arg0 = the mutex
 *   adaptive-spin     a contended mutex taken: arg0 = the mutex, arg1 =
 *                     nanoseconds spent spinning for it
 *   adaptive-block    a contended mutex taken after sleeping for it: arg1
 *                     = nanoseconds asleep (the tracepoints
 *                     lock:contention_begin/end, which mutex.c calls with
 *                     LCB_F_MUTEX, and LCB_F_SPIN while it spins)
 *   spin-acquire      _raw_spin_lock{,_bh,_irq,_irqsave}() returning, and
 *                     _raw_spin_trylock{,_bh}() returning 1: arg0 = lock
 *   spin-release      _raw_spin_unlock{,_bh,_irq,_irqrestore}()
 *   spin-spin         the queued spinlock slow path returning (it is only
 *                     entered when the lock is held): arg0 = lock, arg1 =
 *                     nanoseconds in it
 *   rw-acquire        _raw_read_lock*() / _raw_write_lock*() returning
 *                     (trylock: returning 1): arg0 = the rwlock_t, arg1 =
 *                     RW_READER (1) or RW_WRITER (0)
 *   rw-release        _raw_read_unlock*() / _raw_write_unlock*(): the same
 *   rw-spin           queued_read_lock_slowpath() / queued_write_lock_
 *                     slowpath() returning: arg0 = lock, arg1 = ns,
 *                     arg2 = RW_READER or RW_WRITER
 *
 * Not offered, as in Oracle's: rw-block, rw-upgrade and rw-downgrade.
 * Linux's rwlock_t, the reader/writer lock of the rw-* probes, spins: it
 * never blocks, and it cannot be upgraded or downgraded.
 *
 * The lock probes and sonde.  The firing path itself takes spinlocks
 * (sonde_spin_lock(): raw_spin_trylock() of a dynamic-variable bucket's
 * or a speculation's lock, which is _raw_spin_trylock()), so a hook hit
 * inside a firing on this CPU is skipped, silently: sonde_firing_here().
 * Nothing on the firing path waits for a lock (sonde_spin_lock() only
 * tries, a bounded number of times), so a handler that runs with a lock
 * just taken, or spinning for one, cannot deadlock on it; and kprobes
 * runs no kprobe handler inside another, so sonde's own lock calls made
 * from a kprobe handler are not seen at all.
 *
 * Handlers are probe context.  The contended-mutex probes keep, per
 * thread, where its wait stands (a mutex's wait may sleep and move
 * CPUs), in a fixed table claimed with cmpxchg(): no allocation, no
 * lock; a thread that finds no free slot is not reported.  Everything
 * else runs under sonde_lock (sdt.c).
 */
#include <linux/hash.h>
#include <linux/kprobes.h>
#include <linux/sched.h>
#include <linux/timekeeping.h>
#include <linux/tracepoint.h>

#include "sonde_kmod.h"
#include "compat.h"
#include "sdt.h"

/* DTrace's values for arg1 of rw-acquire and rw-release (lockstat.d) */
#define SONDE_RW_WRITER	0
#define SONDE_RW_READER	1

static void sonde_ls_fire(struct sonde_sdt *s, struct pt_regs *regs, u64 a0,
			  u64 a1, u64 a2)
{
	struct sonde_fire f __uninitialized;

	sonde_fire_init(&f, regs);
	f.args[0] = a0;
	f.args[1] = a1;
	f.args[2] = a2;
	sonde_probe_fire(s->probe, NULL, &f);
}

/* What a kretprobe instance keeps from the function's entry. */
struct sonde_ls_call {
	unsigned long lock;
	u64 t0;			/* the slow paths: when it was entered */
};

static int sonde_ls_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct sonde_ls_call *c = (struct sonde_ls_call *)ri->data;

	if (sonde_firing_here())
		return 1;	/* sonde's own: not hooked */
	c->lock = regs->di;
	return 0;
}

static int sonde_ls_entry_t(struct kretprobe_instance *ri,
			    struct pt_regs *regs)
{
	struct sonde_ls_call *c = (struct sonde_ls_call *)ri->data;

	if (sonde_firing_here())
		return 1;
	c->lock = regs->di;
	c->t0 = ktime_get_mono_fast_ns();
	return 0;
}

static __always_inline int sonde_ls_ret(struct kretprobe_instance *ri,
					struct pt_regs *regs, u64 a1, u64 a2)
{
	const struct sonde_ls_call *c = (const struct sonde_ls_call *)ri->data;

	if (!sonde_firing_here())
		sonde_ls_fire(sonde_sdt_of_ri(ri), regs, c->lock, a1, a2);
	return 0;
}

/* the lock functions that return nothing (or the saved flags): taken */
static int sonde_ls_acquired(struct kretprobe_instance *ri,
			     struct pt_regs *regs)
{
	return sonde_ls_ret(ri, regs, 0, 0);
}

/* mutex_lock_interruptible() and _killable(): 0 or -EINTR */
static int sonde_ls_acquired0(struct kretprobe_instance *ri,
			      struct pt_regs *regs)
{
	if ((int)regs_return_value(regs))
		return 0;
	return sonde_ls_ret(ri, regs, 0, 0);
}

static int sonde_ls_acquire_error(struct kretprobe_instance *ri,
				  struct pt_regs *regs)
{
	int ret = (int)regs_return_value(regs);

	if (!ret)
		return 0;
	return sonde_ls_ret(ri, regs, (u64)(s64)ret, 0);
}

/* the trylocks: 1 when taken */
static int sonde_ls_tried(struct kretprobe_instance *ri,
			  struct pt_regs *regs)
{
	if ((int)regs_return_value(regs) != 1)
		return 0;
	return sonde_ls_ret(ri, regs, 0, 0);
}

static int sonde_ls_read(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	return sonde_ls_ret(ri, regs, SONDE_RW_READER, 0);
}

static int sonde_ls_write(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	return sonde_ls_ret(ri, regs, SONDE_RW_WRITER, 0);
}

static int sonde_ls_tried_read(struct kretprobe_instance *ri,
			       struct pt_regs *regs)
{
	if ((int)regs_return_value(regs) != 1)
		return 0;
	return sonde_ls_ret(ri, regs, SONDE_RW_READER, 0);
}

static int sonde_ls_tried_write(struct kretprobe_instance *ri,
				struct pt_regs *regs)
{
	if ((int)regs_return_value(regs) != 1)
		return 0;
	return sonde_ls_ret(ri, regs, SONDE_RW_WRITER, 0);
}

/* the slow paths returning: the lock is held, after this long */
static int sonde_ls_spun(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	const struct sonde_ls_call *c = (const struct sonde_ls_call *)ri->data;

	return sonde_ls_ret(ri, regs, ktime_get_mono_fast_ns() - c->t0, 0);
}

static int sonde_ls_spun_read(struct kretprobe_instance *ri,
			      struct pt_regs *regs)
{
	const struct sonde_ls_call *c = (const struct sonde_ls_call *)ri->data;

	return sonde_ls_ret(ri, regs, ktime_get_mono_fast_ns() - c->t0,
			    SONDE_RW_READER);
}

static int sonde_ls_spun_write(struct kretprobe_instance *ri,
			       struct pt_regs *regs)
{
	const struct sonde_ls_call *c = (const struct sonde_ls_call *)ri->data;

	return sonde_ls_ret(ri, regs, ktime_get_mono_fast_ns() - c->t0,
			    SONDE_RW_WRITER);
}

/* the unlocks, at entry: the lock is still held */
static __always_inline int sonde_ls_unlock(struct kprobe *kp,
					   struct pt_regs *regs, u64 a1)
{
	if (!sonde_firing_here())
		sonde_ls_fire(sonde_sdt_of_kp(kp), regs, regs->di, a1, 0);
	return 0;
}

static int sonde_ls_released(struct kprobe *kp, struct pt_regs *regs)
{
	return sonde_ls_unlock(kp, regs, 0);
}

static int sonde_ls_released_read(struct kprobe *kp, struct pt_regs *regs)
{
	return sonde_ls_unlock(kp, regs, SONDE_RW_READER);
}

static int sonde_ls_released_write(struct kprobe *kp, struct pt_regs *regs)
{
	return sonde_ls_unlock(kp, regs, SONDE_RW_WRITER);
}

/*
 * Contended mutexes.  __mutex_lock_common() calls contention_begin(lock,
 * MUTEX | SPIN) as it starts to spin, contention_begin(lock, MUTEX) as it
 * goes to sleep (and MUTEX | SPIN again when a woken waiter spins), and
 * contention_end(lock, ret) once it holds the lock (ret 0) or gave up.
 * The time between is spin or sleep, summed per thread in a slot of the
 * probe's table until the end.
 */
#define SONDE_LS_WAITS		512	/* slots, a power of 2 */
#define SONDE_LS_TRIES		8	/* slots a thread may look at */

struct sonde_ls_wait {
	struct task_struct *task;	/* the slot's thread, or NULL */
	unsigned long lock;
	u64 t;				/* start of the current phase */
	u64 spin, block;		/* ns spent spinning, sleeping */
	bool sleeping;			/* the current phase */
	bool slept;
};

struct sonde_ls_waits {
	struct sonde_ls_wait w[SONDE_LS_WAITS];
};

/* one table each: either probe may be enabled alone */
static struct sonde_ls_waits sonde_ls_spin_waits, sonde_ls_block_waits;

/* This thread's slot, or (@claim) a new one: *@fresh says which. */
static struct sonde_ls_wait *sonde_ls_slot(struct sonde_ls_waits *ws,
					   bool claim, bool *fresh)
{
	struct task_struct *t = current;
	u32 h = hash_ptr(t, ilog2(SONDE_LS_WAITS)), i;
	struct sonde_ls_wait *w;

	for (i = 0; i < SONDE_LS_TRIES; i++) {
		w = &ws->w[(h + i) & (SONDE_LS_WAITS - 1)];
		if (READ_ONCE(w->task) == t) {
			*fresh = false;
			return w;
		}
	}
	if (!claim)
		return NULL;
	for (i = 0; i < SONDE_LS_TRIES; i++) {
		w = &ws->w[(h + i) & (SONDE_LS_WAITS - 1)];
		if (!READ_ONCE(w->task) && !cmpxchg(&w->task, NULL, t)) {
			*fresh = true;
			return w;
		}
	}
	return NULL;
}

static void sonde_ls_mutex_begin(void *data, void *lock, unsigned int flags)
{
	struct sonde_sdt *s = data;
	struct sonde_ls_wait *w;
	bool fresh;
	u64 now;

	if (!(flags & SONDE_LCB_F_MUTEX) || sonde_firing_here() || in_nmi())
		return;
	w = sonde_ls_slot(s->priv, true, &fresh);
	if (!w)
		return;
	now = ktime_get_mono_fast_ns();
	if (fresh || w->lock != (unsigned long)lock) {
		w->lock = (unsigned long)lock;
		w->spin = 0;
		w->block = 0;
		w->slept = false;
	} else if (w->sleeping) {
		w->block += now - w->t;
	} else {
		w->spin += now - w->t;
	}
	w->t = now;
	w->sleeping = !(flags & SONDE_LCB_F_SPIN);
	w->slept |= w->sleeping;
}

/* This thread's wait for @lock is over: its slot, read and freed. */
static bool sonde_ls_mutex_over(struct sonde_sdt *s, void *lock,
				struct sonde_ls_wait *out)
{
	struct sonde_ls_wait *w;
	bool fresh;
	u64 now;

	if (sonde_firing_here() || in_nmi())
		return false;
	w = sonde_ls_slot(s->priv, false, &fresh);
	if (!w || w->lock != (unsigned long)lock)
		return false;
	now = ktime_get_mono_fast_ns();
	if (w->sleeping)
		w->block += now - w->t;
	else
		w->spin += now - w->t;
	*out = *w;
	w->lock = 0;
	/* the slot's fields are read and cleared before another thread
	 * can claim it (its cmpxchg() pairs with this) */
	smp_store_release(&w->task, NULL);
	return true;
}

static void sonde_ls_spin_end(void *data, void *lock, int ret)
{
	struct sonde_ls_wait w __uninitialized;	/* filled by _over() */

	if (sonde_ls_mutex_over(data, lock, &w) && !ret)
		sonde_ls_fire(data, NULL, (unsigned long)lock, w.spin, 0);
}

static void sonde_ls_block_end(void *data, void *lock, int ret)
{
	struct sonde_ls_wait w __uninitialized;	/* filled by _over() */

	if (sonde_ls_mutex_over(data, lock, &w) && !ret && w.slept)
		sonde_ls_fire(data, NULL, (unsigned long)lock, w.block, 0);
}

/* ---- the table ---------------------------------------------------------- */

#define TP(n, h)	{ .kind = SONDE_SDT_TP, .name = n, .fn = h }
#define KP(n, h)	{ .kind = SONDE_SDT_KP, .name = n, .fn = h, \
			  .optional = true }
/* a lock function's return; @z: it may sleep */
#define RET(n, h, e, z)	{ .kind = SONDE_SDT_KRP, .name = n, .fn = h, \
			  .entry = e, .optional = true, .sleeps = z, \
			  .data_size = sizeof(struct sonde_ls_call) }
#define ACQ(n, h, z)	RET(n, h, sonde_ls_entry, z)
#define SPUN(n, h)	RET(n, h, sonde_ls_entry_t, false)
#define LS(n, na, ...)	{ .prov = &sonde_lockstat_provider, .name = n, \
			  .nargs = na, SONDE_SDT_SITES(__VA_ARGS__) }

static struct sonde_sdt sonde_ls_sdts[] = {
	LS("adaptive-acquire", 1,
	   ACQ("mutex_lock", sonde_ls_acquired, true),
	   ACQ("mutex_lock_io", sonde_ls_acquired, true),
	   ACQ("mutex_lock_interruptible", sonde_ls_acquired0, true),
	   ACQ("mutex_lock_killable", sonde_ls_acquired0, true),
	   ACQ("mutex_trylock", sonde_ls_tried, false)),
	LS("adaptive-acquire-error", 2,
	   ACQ("mutex_lock_interruptible", sonde_ls_acquire_error, true),
	   ACQ("mutex_lock_killable", sonde_ls_acquire_error, true)),
	LS("adaptive-release", 1, KP("mutex_unlock", sonde_ls_released)),
	{ .prov = &sonde_lockstat_provider, .name = "adaptive-spin",
	  .nargs = 2, .priv = &sonde_ls_spin_waits,
	  SONDE_SDT_SITES(TP("contention_begin", sonde_ls_mutex_begin),
			  TP("contention_end", sonde_ls_spin_end)) },
	{ .prov = &sonde_lockstat_provider, .name = "adaptive-block",
	  .nargs = 2, .priv = &sonde_ls_block_waits,
	  SONDE_SDT_SITES(TP("contention_begin", sonde_ls_mutex_begin),
			  TP("contention_end", sonde_ls_block_end)) },
	LS("spin-acquire", 1,
	   ACQ("_raw_spin_lock", sonde_ls_acquired, false),
	   ACQ("_raw_spin_lock_bh", sonde_ls_acquired, false),
	   ACQ("_raw_spin_lock_irq", sonde_ls_acquired, false),
	   ACQ("_raw_spin_lock_irqsave", sonde_ls_acquired, false),
	   ACQ("_raw_spin_lock_nested", sonde_ls_acquired, false),
	   ACQ("_raw_spin_trylock", sonde_ls_tried, false),
	   ACQ("_raw_spin_trylock_bh", sonde_ls_tried, false)),
	LS("spin-release", 1,
	   KP("_raw_spin_unlock", sonde_ls_released),
	   KP("_raw_spin_unlock_bh", sonde_ls_released),
	   KP("_raw_spin_unlock_irq", sonde_ls_released),
	   KP("_raw_spin_unlock_irqrestore", sonde_ls_released)),
	LS("spin-spin", 2,
	   SPUN("native_queued_spin_lock_slowpath", sonde_ls_spun),
	   SPUN("__pv_queued_spin_lock_slowpath", sonde_ls_spun)),
	LS("rw-acquire", 2,
	   ACQ("_raw_read_lock", sonde_ls_read, false),
	   ACQ("_raw_read_lock_bh", sonde_ls_read, false),
	   ACQ("_raw_read_lock_irq", sonde_ls_read, false),
	   ACQ("_raw_read_lock_irqsave", sonde_ls_read, false),
	   ACQ("_raw_read_trylock", sonde_ls_tried_read, false),
	   ACQ("_raw_write_lock", sonde_ls_write, false),
	   ACQ("_raw_write_lock_bh", sonde_ls_write, false),
	   ACQ("_raw_write_lock_irq", sonde_ls_write, false),
	   ACQ("_raw_write_lock_irqsave", sonde_ls_write, false),
	   ACQ("_raw_write_lock_nested", sonde_ls_write, false),
	   ACQ("_raw_write_trylock", sonde_ls_tried_write, false)),
	LS("rw-release", 2,
	   KP("_raw_read_unlock", sonde_ls_released_read),
	   KP("_raw_read_unlock_bh", sonde_ls_released_read),
	   KP("_raw_read_unlock_irq", sonde_ls_released_read),
	   KP("_raw_read_unlock_irqrestore", sonde_ls_released_read),
	   KP("_raw_write_unlock", sonde_ls_released_write),
	   KP("_raw_write_unlock_bh", sonde_ls_released_write),
	   KP("_raw_write_unlock_irq", sonde_ls_released_write),
	   KP("_raw_write_unlock_irqrestore", sonde_ls_released_write)),
	LS("rw-spin", 3,
	   SPUN("queued_read_lock_slowpath", sonde_ls_spun_read),
	   SPUN("queued_write_lock_slowpath", sonde_ls_spun_write)),
};
#undef LS
#undef SPUN
#undef ACQ
#undef RET
#undef KP
#undef TP

static int sonde_ls_provide(struct sonde_state *st,
			    const struct sonde_probe_desc *desc)
{
	static bool made;

	return sonde_sdt_provide(sonde_ls_sdts, ARRAY_SIZE(sonde_ls_sdts),
				 desc, &made);
}

/*
 * A contended-mutex probe starts from an empty table: slots left by a
 * wait that was in progress when it was last disarmed are dropped, once
 * no handler of that arming can run.
 */
static int sonde_ls_enable(struct sonde_probe *p)
{
	struct sonde_sdt *s = (struct sonde_sdt *)p->data;

	if (s->priv) {
		tracepoint_synchronize_unregister();
		memset(s->priv, 0, sizeof(struct sonde_ls_waits));
	}
	return sonde_sdt_enable(p);
}

const struct sonde_provider sonde_lockstat_provider = {
	.name = "lockstat",
	.flags = SONDE_PROVF_REGS_STACK,	/* kprobes' regs */
	.kaddr_args = 0x1,			/* arg0: the lock */
	.provide = sonde_ls_provide,
	.enable = sonde_ls_enable,
	.disable = sonde_sdt_disable,
};
