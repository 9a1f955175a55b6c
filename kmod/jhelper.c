// SPDX-License-Identifier: GPL-2.0
/*
 * jhelper.c - jstack() helpers: where an interpreter keeps its frames
 * (SONDE_IOC_JHELPER), and which helper applies to a firing's thread.
 *
 * A helper names an interpreter by its executable (every process whose
 * mm->exe_file is that inode; the load bias is mm->start_code less the
 * link-time start of the executable segment) or by one process (the
 * runtime's address in it).  The layout is data: every offset is
 * checked to be within SONDE_PYOFF_MAX and every count bounded here;
 * vm/jstack.c walks with it through fault-safe user reads.
 *
 * Context: sonde_jhelper_add() and sonde_jhelpers_free(): process
 * context (the ioctl, state->lock held; release).  sonde_jhelper_find():
 * probe context, no locks: the table does not change once tracing has
 * begun (helpers are added before GO only) and is freed after the
 * state's probes are disarmed and their handlers waited for.
 */
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/mm_types.h>
#include <linux/pid.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>

#include "sonde_kmod.h"

/* Offsets that must be given (the rest may be SONDE_PYOFF_NONE). */
static const u8 sonde_pyoff_needed[] = {
	offsetof(struct sonde_pyoffsets, rt_interp_head),
	offsetof(struct sonde_pyoffsets, is_next),
	offsetof(struct sonde_pyoffsets, is_threads_head),
	offsetof(struct sonde_pyoffsets, ts_next),
	offsetof(struct sonde_pyoffsets, ts_native_tid),
	offsetof(struct sonde_pyoffsets, ts_frame),
	offsetof(struct sonde_pyoffsets, fr_code),
	offsetof(struct sonde_pyoffsets, fr_previous),
	offsetof(struct sonde_pyoffsets, fr_instr),
	offsetof(struct sonde_pyoffsets, co_name),
	offsetof(struct sonde_pyoffsets, co_filename),
	offsetof(struct sonde_pyoffsets, co_firstlineno),
	offsetof(struct sonde_pyoffsets, co_code),
	offsetof(struct sonde_pyoffsets, str_length),
	offsetof(struct sonde_pyoffsets, str_state),
	offsetof(struct sonde_pyoffsets, str_ascii_data),
	offsetof(struct sonde_pyoffsets, str_compact_data),
};

static int sonde_pyoff_check(const struct sonde_pyoffsets *o)
{
	const u32 *w = (const u32 *)o;
	u32 i, n = offsetof(struct sonde_pyoffsets, state_kind_shift) / 4;

	BUILD_BUG_ON(offsetof(struct sonde_pyoffsets, state_kind_shift) % 4);
	for (i = 0; i < n; i++)
		if (w[i] != SONDE_PYOFF_NONE && w[i] > SONDE_PYOFF_MAX)
			return -EINVAL;
	for (i = 0; i < ARRAY_SIZE(sonde_pyoff_needed); i++)
		if (w[sonde_pyoff_needed[i] / 4] == SONDE_PYOFF_NONE)
			return -EINVAL;
	/* the owner to skip is a byte's value */
	if (o->owner_skip != SONDE_PYOFF_NONE && o->owner_skip > 0xff)
		return -EINVAL;
	/* three bits of kind and the two flags inside the 32-bit state */
	if (o->state_kind_shift > 29 || o->state_compact_bit > 31 ||
	    o->state_ascii_bit > 31 || o->reserved)
		return -EINVAL;
	return 0;
}

/**
 * sonde_jhelper_add() - SONDE_IOC_JHELPER: check and keep a helper
 * @st: the consumer
 * @req: the request; @req->id is set
 *
 * Context: process context, st->lock held.
 * Return: 0, or -EINVAL, -EBADF, -ESRCH, -EBUSY, -ENOSPC.
 */
int sonde_jhelper_add(struct sonde_state *st, struct sonde_jhelper *req)
{
	struct sonde_kjhelper *h;
	struct file *f;
	int err;

	if (req->size != sizeof(*req) || req->flags || req->reserved ||
	    memchr_inv(req->reserved2, 0, sizeof(req->reserved2)))
		return -EINVAL;
	if (req->max_threads < 1 ||
	    req->max_threads > SONDE_JHELPER_MAX_THREADS ||
	    req->max_interps < 1 ||
	    req->max_interps > SONDE_JHELPER_MAX_INTERPS)
		return -EINVAL;
	if (req->pid < 0 || (req->pid && (req->fd != -1 || req->text)))
		return -EINVAL;
	err = sonde_pyoff_check(&req->off);
	if (err)
		return err;
	if (st->activity != SONDE_ACT_INACTIVE &&
	    st->activity != SONDE_ACT_LOADED)
		return -EBUSY;
	if (st->njhelpers >= SONDE_MAX_JHELPERS)
		return -ENOSPC;
	h = &st->jhelpers[st->njhelpers];
	memset(h, 0, sizeof(*h));
	if (req->pid) {
		bool leader;

		h->pid = find_get_pid(req->pid);
		rcu_read_lock();
		leader = h->pid && pid_task(h->pid, PIDTYPE_TGID);
		rcu_read_unlock();
		if (!leader) {
			put_pid(h->pid);
			h->pid = NULL;
			return -ESRCH;
		}
	} else {
		f = fget(req->fd);
		if (!f)
			return -EBADF;
		h->inode = file_inode(f);
		ihold(h->inode);
		fput(f);
	}
	h->off = req->off;
	h->text = req->text;
	h->runtime = req->runtime;
	h->max_threads = req->max_threads;
	h->max_interps = req->max_interps;
	req->id = st->njhelpers;
	/* seen by probe context only after GO's barriers */
	st->njhelpers++;
	return 0;
}

/**
 * sonde_jhelpers_free() - drop every helper's references
 * @st: the consumer, its probes disarmed and their handlers done
 *
 * Context: process context (release).
 */
void sonde_jhelpers_free(struct sonde_state *st)
{
	u32 i;

	for (i = 0; i < st->njhelpers; i++) {
		if (st->jhelpers[i].inode)
			iput(st->jhelpers[i].inode);
		put_pid(st->jhelpers[i].pid);
	}
	st->njhelpers = 0;
}

/**
 * sonde_jhelper_find() - the helper for the current thread's process
 * @st: the consumer
 * @w: filled as sonde_env_jhelper() says (vm/env.h)
 *
 * The process's own helper first (by pid), then its executable's.  The
 * executable is compared by inode, read under RCU (files are freed after
 * a grace period): nothing of it is dereferenced but its inode pointer.
 *
 * Context: probe context.
 * Return: true when a helper applies.
 */
bool sonde_jhelper_find(struct sonde_state *st, struct sonde_jwalk *w)
{
	struct mm_struct *mm = current->mm;
	const struct sonde_kjhelper *h = NULL;
	struct inode *exe = NULL;
	struct file *f;
	struct pid *tgid;
	u32 i;

	/* an exiting process has no mm, but is still its pid */
	w->pid = (current->flags & PF_KTHREAD) ? 0 : task_tgid_nr(current);
	if (!mm || (current->flags & PF_KTHREAD))
		return false;
	if (!st->njhelpers)
		return false;
	tgid = task_tgid(current);
	rcu_read_lock();
	f = rcu_dereference(mm->exe_file);
	if (f)
		exe = file_inode(f);
	rcu_read_unlock();
	for (i = 0; i < st->njhelpers; i++) {
		const struct sonde_kjhelper *c = &st->jhelpers[i];

		if ((c->pid && c->pid == tgid) ||
		    (!c->pid && exe && c->inode == exe)) {
			h = c;
			break;
		}
	}
	if (!h)
		return false;
	w->off = &h->off;
	w->runtime = h->pid ? h->runtime :
		     h->runtime + (mm->start_code - h->text);
	w->tid = task_pid_vnr(current);
	w->max_threads = h->max_threads;
	w->max_interps = h->max_interps;
	w->id = (u16)i;
	return true;
}
