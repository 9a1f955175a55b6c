// SPDX-License-Identifier: GPL-2.0
/*
 * ustack.c - user stacks: the walk ustack(), ustackdepth, ucaller and
 * jstack()'s native part do, and the tables (SONDE_IOC_UTAB) that let it
 * walk code built without frame pointers.
 *
 * A table belongs to one process and holds, for each executable mapping
 * userland found call frame information for, rows sorted by address
 * saying where the caller's frame is (uapi/sonde.h, SONDE_UROWS).  It is
 * checked whole when given (sonde_utab_set()): mappings sorted and not
 * overlapping, each row slice within the rows and sorted, every rule one
 * the walker knows with only the offsets that rule takes, every offset
 * within SONDE_UTAB_MAX_OFF.  The walker then trusts it.
 *
 * The walk, one frame a step, at most @n frames (n <= 255): the PC's
 * mapping by binary search over at most SONDE_UTAB_MAX_MAPS (10 steps),
 * its row by binary search over at most SONDE_UTAB_MAX_ROWS (20 steps),
 * then at most two 8-byte copy_from_user_nofault() reads (the return
 * address and the saved RBP).  Worst case per frame: 30 comparisons and
 * two faulting reads; per walk, 255 times that (SONDE_COST_UFRAME,
 * vm/vm.h, is what the cost model charges).  Every step must move the
 * stack pointer up (the CFA above the current SP), so a corrupt stack,
 * a wrong row or a loop ends the walk rather than repeating it.  A PC no
 * row covers is walked by its frame pointer, as a process without a
 * table is (sonde_ustack_fp(), the walk of old), so frame-pointer code
 * called from code without them and the reverse both come out whole.
 *
 * Context: sonde_utab_set() and sonde_utabs_free(): process context,
 * st->lock held (the ioctl; release).  The walk: probe context
 * (interrupts off, which is an RCU read-side critical section), no
 * locks, no allocation.  A table is published with rcu_assign_pointer()
 * and a replaced one freed after synchronize_rcu(), so a walk sees a
 * whole table, old or new, while userland refreshes it after GO (its
 * libraries appear after exec).
 */
#include <linux/mm.h>
#include <linux/pid.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "sonde_kmod.h"

/* A table in the kernel: one allocation, header, mappings, rows. */
struct sonde_kutab {
	struct pid *pid;		/* held */
	u64 bytes;			/* charged to st->mem */
	u32 nmaps, nrows;
	struct sonde_utab_map *maps;	/* [nmaps], after the header */
	struct sonde_utab_row *rows;	/* [nrows], after the maps */
};

/*
 * What each rule takes (the one table the check reads; a rule value it
 * has no row for is refused).  cfa: cfa_off (and its least); ra: ra_off;
 * rbp: rbp_off may be non-zero; arg: arg's range.  The table is built
 * from SONDE_UROWS, each rule's row by its name: a rule added to the
 * uapi list without its row here does not compile.
 */
struct sonde_urule {
	bool known;
	bool cfa, ra, rbp, arg;
	s32 cfa_min;
};

#define SONDE_URULE_NONE	{ .known = true }
#define SONDE_URULE_FP		{ .known = true }
#define SONDE_URULE_SP		{ .known = true, .cfa = true, .ra = true, \
				  .rbp = true, .cfa_min = 8 }
#define SONDE_URULE_BP		{ .known = true, .cfa = true, .ra = true, \
				  .rbp = true, .cfa_min = -SONDE_UTAB_MAX_OFF }
#define SONDE_URULE_PLT		{ .known = true, .cfa = true, .ra = true, \
				  .arg = true, .cfa_min = 8 }
#define SONDE_URULE_STOP	{ .known = true }

#define SONDE_URULE_ROW_(NAME, v, what)					\
	[SONDE_UROW_##NAME] = SONDE_URULE_##NAME,
static const struct sonde_urule sonde_urules[SONDE_NUROWS] = {
	SONDE_UROWS(SONDE_URULE_ROW_)
};
#undef SONDE_URULE_ROW_

static int sonde_urow_check(const struct sonde_utab_row *r)
{
	const struct sonde_urule *u;

	if (r->rule >= SONDE_NUROWS || r->reserved)
		return -EINVAL;
	u = &sonde_urules[r->rule];
	if (!u->known)
		return -EINVAL;
	if (u->cfa ? (r->cfa_off < u->cfa_min ||
		      r->cfa_off > SONDE_UTAB_MAX_OFF) : r->cfa_off)
		return -EINVAL;
	if (u->ra ? (r->ra_off >= 0 || r->ra_off < -SONDE_UTAB_MAX_OFF) :
		    r->ra_off)
		return -EINVAL;
	if (u->rbp ? (r->rbp_off > 0 || r->rbp_off < -SONDE_UTAB_MAX_OFF) :
		     r->rbp_off)
		return -EINVAL;
	if (u->arg ? (r->arg < 1 || r->arg > 15) : r->arg)
		return -EINVAL;
	return 0;
}

static int sonde_utab_check(const struct sonde_kutab *t)
{
	u32 i, j;
	int err;

	for (i = 0; i < t->nmaps; i++) {
		const struct sonde_utab_map *m = &t->maps[i];

		if (m->start >= m->end || m->end > TASK_SIZE_MAX ||
		    m->start < m->bias || m->end - m->bias > (1ULL << 32))
			return -EINVAL;
		if (i && m->start < t->maps[i - 1].end)
			return -EINVAL;
		if (!m->count || m->first >= t->nrows ||
		    m->count > t->nrows - m->first)
			return -EINVAL;
		for (j = 0; j < m->count; j++) {
			const struct sonde_utab_row *r = &t->rows[m->first + j];

			err = sonde_urow_check(r);
			if (err)
				return err;
			if (j && r->pc <= r[-1].pc)
				return -EINVAL;
		}
		cond_resched();
	}
	return 0;
}

static void sonde_utab_free(struct sonde_state *st, struct sonde_kutab *t)
{
	if (!t)
		return;
	put_pid(t->pid);
	sonde_mem_uncharge(&st->mem, t->bytes);
	st->utab_used -= t->bytes;
	kvfree(t);
}

/**
 * sonde_utab_set() - SONDE_IOC_UTAB: check and publish a process's table
 * @st: the consumer
 * @req: the request; @req->bytes is set
 *
 * Context: process context, st->lock held; may sleep (the copy, the
 * grace period before a replaced table is freed).
 * Return: 0, or -EINVAL, -E2BIG, -ESRCH, -EBUSY, -ENOSPC, -EFAULT,
 * -ENOMEM.
 */
int sonde_utab_set(struct sonde_state *st, struct sonde_utab *req)
{
	struct sonde_kutab *t = NULL, *old;
	struct pid *pid;
	u64 bytes, room;
	u32 slot, i;
	bool leader;
	int err;

	if (req->size != sizeof(*req) || req->flags ||
	    memchr_inv(req->reserved, 0, sizeof(req->reserved)))
		return -EINVAL;
	if (req->pid <= 0 || (!req->nmaps && (req->nrows || req->maps ||
					      req->rows)))
		return -EINVAL;
	if (req->nmaps > SONDE_UTAB_MAX_MAPS || req->nrows > SONDE_UTAB_MAX_ROWS)
		return -E2BIG;
	if (!st->utab_room)
		return -EBUSY;
	pid = find_get_pid(req->pid);
	rcu_read_lock();
	leader = pid && pid_task(pid, PIDTYPE_TGID);
	rcu_read_unlock();
	if (!leader) {
		put_pid(pid);
		return -ESRCH;
	}
	/* its slot, or a free one */
	slot = SONDE_UTAB_MAX_PIDS;
	for (i = 0; i < SONDE_UTAB_MAX_PIDS; i++) {
		old = rcu_dereference_protected(st->utabs[i],
						lockdep_is_held(&st->lock));
		if (old && old->pid == pid) {
			slot = i;
			break;
		}
		if (!old && slot == SONDE_UTAB_MAX_PIDS)
			slot = i;
	}
	if (slot == SONDE_UTAB_MAX_PIDS) {
		put_pid(pid);
		return -ENOSPC;
	}
	old = rcu_dereference_protected(st->utabs[slot],
					lockdep_is_held(&st->lock));
	if (!req->nmaps) {
		put_pid(pid);
		req->bytes = 0;
		goto publish;
	}
	bytes = sizeof(*t) + (u64)req->nmaps * sizeof(struct sonde_utab_map) +
		(u64)req->nrows * sizeof(struct sonde_utab_row);
	/* the old table is still held while the new one is built */
	room = st->utab_room - st->utab_used;
	if (bytes > room) {
		put_pid(pid);
		return -E2BIG;
	}
	t = kvzalloc(bytes, GFP_KERNEL_ACCOUNT | __GFP_NOWARN);
	if (!t) {
		put_pid(pid);
		return -ENOMEM;
	}
	t->pid = pid;
	t->nmaps = req->nmaps;
	t->nrows = req->nrows;
	t->maps = (struct sonde_utab_map *)(t + 1);
	t->rows = (struct sonde_utab_row *)(t->maps + t->nmaps);
	if (copy_from_user(t->maps, u64_to_user_ptr(req->maps),
			   (u64)t->nmaps * sizeof(*t->maps)) ||
	    copy_from_user(t->rows, u64_to_user_ptr(req->rows),
			   (u64)t->nrows * sizeof(*t->rows))) {
		err = -EFAULT;
		goto out_free;
	}
	err = sonde_utab_check(t);
	if (err)
		goto out_free;
	/* within the reservation LOAD made (utab_room is part of it) */
	if (!sonde_mem_charge(&st->mem, bytes)) {
		err = -E2BIG;
		goto out_free;
	}
	t->bytes = bytes;
	st->utab_used += bytes;
	req->bytes = bytes;
publish:
	rcu_assign_pointer(st->utabs[slot], t);
	if (old) {
		/* firings walk with interrupts off: an RCU reader each */
		synchronize_rcu();
		sonde_utab_free(st, old);
	}
	return 0;

out_free:
	put_pid(pid);
	kvfree(t);
	return err;
}

/**
 * sonde_utabs_free() - free every table
 * @st: the consumer, its probes disarmed and their handlers done
 *
 * Context: process context (release).
 */
void sonde_utabs_free(struct sonde_state *st)
{
	u32 i;

	for (i = 0; i < SONDE_UTAB_MAX_PIDS; i++) {
		sonde_utab_free(st, rcu_dereference_protected(st->utabs[i], 1));
		RCU_INIT_POINTER(st->utabs[i], NULL);
	}
}

/* The current process's table, or NULL.  Probe context. */
static const struct sonde_kutab *sonde_utab_find(struct sonde_state *st)
{
	struct pid *tgid;
	u32 i;

	if (!st || !st->utab_room)
		return NULL;
	tgid = task_tgid(current);
	for (i = 0; i < SONDE_UTAB_MAX_PIDS; i++) {
		const struct sonde_kutab *t = rcu_dereference_sched(st->utabs[i]);

		if (t && t->pid == tgid)
			return t;
	}
	return NULL;
}

/* The row covering @pc, or NULL: binary searches over the mappings and
 * the mapping's rows (the bounds in the file's header comment). */
static const struct sonde_utab_row *sonde_utab_row(const struct sonde_kutab *t,
					       u64 pc)
{
	const struct sonde_utab_map *m;
	u32 lo = 0, hi = t->nmaps, mid;
	u64 rel;

	/* the last mapping starting at or below @pc */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (t->maps[mid].start <= pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return NULL;
	m = &t->maps[lo - 1];
	if (pc >= m->end)
		return NULL;
	rel = pc - m->bias;		/* < 2^32: checked at load */
	lo = 0;
	hi = m->count;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (t->rows[m->first + mid].pc <= rel)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? &t->rows[m->first + lo - 1] : NULL;
}

static bool sonde_uread(u64 addr, u64 *val)
{
	return !copy_from_user_nofault(val, u64_to_user_ptr(addr),
				       sizeof(*val));
}

/*
 * The user stack by frame pointers, from the registers the thread entered
 * the kernel with: each step is two fault-safe reads and the frame must
 * move up the stack, so a corrupt or frame-pointer-less stack just ends.
 * At a function's first instruction (a pid entry probe) the caller's
 * return address is on top of the stack and the frame pointer is still
 * the caller's, which would skip the caller: take it from there first.
 * The walk of a process without a table.
 */
static u32 sonde_ustack_fp(struct pt_regs *regs, bool entry, u64 *pcs,
			   u32 n)
{
	u64 fp, frame[2];
	u32 i = 0;

	pcs[i++] = instruction_pointer(regs);
	if (i < n && entry &&
	    !copy_from_user_nofault(&frame[1],
				    (const void __user *)user_stack_pointer(regs),
				    sizeof(frame[1])) && frame[1])
		pcs[i++] = frame[1];
	fp = regs->bp;
	while (i < n && fp && !(fp & 7)) {
		if (copy_from_user_nofault(frame, u64_to_user_ptr(fp),
					   sizeof(frame)) || !frame[1])
			break;
		pcs[i++] = frame[1];
		if (frame[0] <= fp)
			break;
		fp = frame[0];
	}
	return i;
}

/*
 * The walk with a table.  The innermost frame's row is its PC's; a
 * caller's is its return address less one (the call, which may be the
 * last instruction of its function).  No row: the frame pointer, except
 * at an entry probe's first instruction, where the return address is on
 * top of the stack.
 */
static u32 sonde_ustack_cfi(const struct sonde_kutab *t, struct pt_regs *regs,
			    bool entry, u64 *pcs, u32 n)
{
	u64 pc = instruction_pointer(regs), sp = user_stack_pointer(regs);
	u64 bp = regs->bp, cfa, ra;
	const struct sonde_utab_row *r;
	u32 i = 0;
	u8 rule;

	pcs[i++] = pc;
	while (i < n) {
		r = sonde_utab_row(t, i == 1 ? pc : pc - 1);
		rule = r ? r->rule : SONDE_UROW_NONE;
		switch (rule) {
		case SONDE_UROW_NONE:
			if (i == 1 && entry) {
				cfa = sp + 8;
				if (!sonde_uread(sp, &ra))
					return i;
				break;
			}
			fallthrough;
		case SONDE_UROW_FP:
			if (!bp || (bp & 7))
				return i;
			cfa = bp + 16;
			if (!sonde_uread(bp + 8, &ra) || !sonde_uread(bp, &bp))
				return i;
			break;
		case SONDE_UROW_SP:
		case SONDE_UROW_BP:
		case SONDE_UROW_PLT:
			cfa = (rule == SONDE_UROW_BP ? bp : sp) + r->cfa_off;
			if (rule == SONDE_UROW_PLT && (pc & 15) >= r->arg)
				cfa += 8;
			if (!sonde_uread(cfa + r->ra_off, &ra))
				return i;
			if (r->rbp_off && !sonde_uread(cfa + r->rbp_off, &bp))
				return i;
			break;
		default:	/* SONDE_UROW_STOP; nothing else is loaded */
			return i;
		}
		/* up the stack, or the walk ends */
		if (!ra || cfa <= sp)
			return i;
		pcs[i++] = ra;
		pc = ra;
		sp = cfa;
	}
	return i;
}

/**
 * sonde_ustack() - the user stack of the firing's thread
 * @st: the consumer
 * @entry: the probe is at a function's first instruction (a pid entry
 *         probe)
 * @pcs: the PCs, innermost first
 * @n: room in @pcs, 1 to 255
 *
 * From the registers the thread entered the kernel with; by the
 * process's table when it has one, else by frame pointers.
 *
 * Context: probe context (interrupts off, the CPU's in-probe guard held).
 * Return: how many PCs were stored.
 */
u32 sonde_ustack(struct sonde_state *st, bool entry, u64 *pcs, u32 n)
{
	const struct sonde_kutab *t;
	struct pt_regs *regs;

	if (!n || !current->mm || (current->flags & PF_KTHREAD))
		return 0;
	regs = task_pt_regs(current);
	t = sonde_utab_find(st);
	if (t)
		return sonde_ustack_cfi(t, regs, entry, pcs, n);
	return sonde_ustack_fp(regs, entry, pcs, n);
}
