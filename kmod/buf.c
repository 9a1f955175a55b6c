// SPDX-License-Identifier: GPL-2.0
/*
 * buf.c - per-CPU double buffers with DTrace's switch policy.
 *
 * Each CPU owns two data areas.  Probe context on that CPU appends to the
 * active one (sonde_buf_reserve(), interrupts off, no lock: only that CPU
 * writes it).  A snapshot (DRAIN, AGGSNAP; process context) switches the
 * areas on the CPU itself with an IPI, so the switch is atomic with
 * respect to firings there, then copies the now inactive area out and
 * resets it.  Probes never wait for the consumer; a full area is a drop.
 *
 * The fill and ring policies (bufpolicy) write one area and are read once
 * tracing has stopped: fill keeps the first records (and room for END),
 * ring keeps the last ones, overwriting the oldest whole records (every
 * record carries its size, so the writer can step over them).
 */
#include <linux/cpu.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "sonde_kmod.h"

/**
 * sonde_buf_alloc() - allocate a per-CPU buffer's first area
 * @b: the buffer (its policy and bucket count set)
 * @size: bytes of one area
 * @node: the NUMA node of the CPU it serves
 *
 * The area probes write first.  The second, which a switch hands to the
 * consumer, is made by the first switch that has something to hand over
 * (sonde_buf_snap()): a CPU that never records, and fill and ring
 * buffers, never need it.  Zeroing pages is most of what starting a
 * consumer costs under TCG (clear_page's rep stosb is one emulated block
 * per byte), so `BEGIN { exit(0); }` on 2 CPUs zeroes 8 MB, not 16.
 *
 * Context: process context (LOAD), may sleep.
 * Return: 0 or -ENOMEM.
 */
int sonde_buf_alloc(struct sonde_buf *b, u32 size, int node)
{
	b->size = size;
	b->node = node;
	b->data[0] = kvzalloc_node(size, SONDE_GFP_BIG, node);
	return b->data[0] ? 0 : -ENOMEM;
}

/**
 * sonde_buf_free() - free both areas of a per-CPU buffer
 * @b: the buffer, disarmed and synced
 *
 * Context: process context (teardown).
 */
void sonde_buf_free(struct sonde_buf *b)
{
	kvfree(b->data[0]);
	kvfree(b->data[1]);
	b->data[0] = b->data[1] = NULL;
}

/*
 * Room for @size bytes (a multiple of 8) in the active area, or NULL.  The
 * caller fills the space and commits by advancing the offset.  Probe
 * context.  Aggregation areas keep their hash buckets at the end.
 */
static void *sonde_ring_reserve(struct sonde_buf *b, u32 size)
{
	u32 a = b->active, off = b->offset[a];

	if (size > b->size)
		return NULL;
	if (size > b->size - off) {
		/* lap: the older records now end where we were */
		b->ring_end = off;
		b->oldest = 0;
		b->wrapped = true;
		off = b->offset[a] = 0;
	}
	/* step the oldest record out of the way of this one */
	while (b->wrapped && b->oldest < b->ring_end &&
	       b->oldest < off + size) {
		const struct sonde_rechdr *h = (void *)(b->data[a] + b->oldest);

		if (WARN_ON_ONCE(h->size < sizeof(*h) || h->size % 8)) {
			b->oldest = b->ring_end;
			break;
		}
		b->oldest += h->size;
	}
	return b->data[a] + off;
}

/**
 * sonde_buf_reserve() - room for a record of @size bytes in the active area
 * @b: this CPU's principal buffer
 * @size: bytes, header included, a multiple of 8
 *
 * Switch buffers fail when full; fill buffers keep room back for END and
 * then fail, marking themselves full; ring buffers step over their oldest
 * records.  The caller writes the record and commits it (the area's
 * offset) or drops it.
 *
 * Context: probe context (interrupts off, this CPU's buffer only).
 * Return: where the record goes, or NULL (the caller counts the drop).
 */
void *sonde_buf_reserve(struct sonde_buf *b, u32 size)
{
	u32 a = b->active, off = b->offset[a];
	u32 limit = b->size - b->nbuckets * sizeof(u32);

	if (likely(b->policy == SONDE_BUFPOLICY_SWITCH)) {
		if (unlikely(size > limit - off))
			return NULL;
		return b->data[a] + off;
	}
	if (b->policy == SONDE_BUFPOLICY_RING)
		return sonde_ring_reserve(b, size);
	if (size > limit - b->keep - off) {
		b->full = true;
		return NULL;
	}
	return b->data[a] + off;
}

/*
 * Fill and ring buffers, once stopped: copy the records out in order and
 * empty the area.  While tracing they read as empty.
 */
static int sonde_buf_snap_once(struct sonde_state *st, struct sonde_buf *b,
			       struct sonde_drain *req)
{
	u8 __user *ubuf = u64_to_user_ptr(req->buf);
	u32 a = b->active, len = 0;
	int act = READ_ONCE(st->activity);

	req->size = req->drops = req->errors = 0;
	if (act != SONDE_ACT_STOPPED && act != SONDE_ACT_KILLED)
		return 0;
	if (b->wrapped && b->oldest < b->ring_end) {
		len = b->ring_end - b->oldest;
		if (copy_to_user(ubuf, b->data[a] + b->oldest, len))
			return -EFAULT;
	}
	if (copy_to_user(ubuf + len, b->data[a], b->offset[a]))
		return -EFAULT;
	req->size = len + b->offset[a];
	req->drops = b->drops[0] + b->drops[1];
	req->errors = b->errors[0] + b->errors[1];
	b->offset[a] = 0;
	b->drops[0] = b->drops[1] = b->errors[0] = b->errors[1] = 0;
	b->wrapped = false;
	b->oldest = b->ring_end = 0;
	return 0;
}

/* Runs on the buffer's CPU with interrupts off (IPI or local call). */
static void sonde_buf_switch(void *arg)
{
	struct sonde_buf *b = arg;

	b->active ^= 1;
}

/* Copy area @area out with its counts and empty it; nothing writes it. */
static int sonde_buf_hand_over(struct sonde_buf *b, u32 area, bool agg,
			       struct sonde_drain *req)
{
	int err = 0;

	req->size = b->offset[area];
	req->drops = b->drops[area];
	req->errors = b->errors[area];
	if (req->size && copy_to_user(u64_to_user_ptr(req->buf),
				      b->data[area], req->size))
		err = -EFAULT;
	b->offset[area] = 0;
	b->drops[area] = 0;
	b->errors[area] = 0;
	if (agg)
		sonde_agg_reset(b, area);
	return err;
}

/**
 * sonde_buf_snap() - hand one CPU's buffer to the consumer
 * @st: the consumer state
 * @cpu: the CPU
 * @agg: the aggregation buffer rather than the principal one
 * @req: the DRAIN / AGGSNAP request: the user buffer in, size, drops and
 *       errors out
 *
 * Switch buffers swap areas (the second made on first need) and copy the
 * one probes no longer write; fill and ring buffers are copied out once
 * stopped and read empty while tracing.
 *
 * Context: process context, @st->lock held.
 * Return: 0, -ENOENT for a CPU without a buffer, -ENOSPC for a user
 * buffer smaller than an area, -ENOMEM, -EFAULT.
 */
int sonde_buf_snap(struct sonde_state *st, u32 cpu, bool agg,
		   struct sonde_drain *req)
{
	struct sonde_pcpu *pc;
	struct sonde_buf *b;
	int act, err = 0;
	u32 a;

	lockdep_assert_held(&st->lock);
	if (cpu >= nr_cpu_ids || !cpu_possible(cpu) || !st->pcpu[cpu])
		return -ENOENT;
	pc = st->pcpu[cpu];
	b = agg ? &pc->agg : &pc->buf;
	if (req->buf_size < b->size)
		return -ENOSPC;
	if (b->policy != SONDE_BUFPOLICY_SWITCH)
		return sonde_buf_snap_once(st, b, req);

	/*
	 * Stopped or aborted, and disarmed (STOP and the deadman disarm and
	 * sync under st->lock, which we hold): nothing writes the active
	 * area any more, so it is read in place, with no switch and no
	 * second area.  BEGIN { exit(0); } ends here: its one record does
	 * not cost a 4 MB area.
	 */
	a = b->active;
	act = READ_ONCE(st->activity);
	if (!st->armed && (act == SONDE_ACT_STOPPED || act == SONDE_ACT_KILLED))
		return sonde_buf_hand_over(b, a, agg, req);

	if (!b->data[a ^ 1]) {
		/*
		 * Nothing to hand over yet (a firing that has not committed
		 * is seen next time): no second area, no switch.
		 */
		if (!READ_ONCE(b->offset[a]) && !READ_ONCE(b->drops[a]) &&
		    !READ_ONCE(b->errors[a])) {
			req->size = 0;
			req->drops = 0;
			req->errors = 0;
			return 0;
		}
		b->data[a ^ 1] = kvzalloc_node(b->size, SONDE_GFP_BIG,
					       b->node);
		if (!b->data[a ^ 1])
			return -ENOMEM;
	}

	cpus_read_lock();
	if (cpu_online(cpu))
		err = smp_call_function_single(cpu, sonde_buf_switch, b, 1);
	else
		b->active ^= 1;	/* no firing can run there */
	cpus_read_unlock();
	if (err)
		return err;

	/* The inactive area is ours until the next switch. */
	return sonde_buf_hand_over(b, b->active ^ 1, agg, req);
}
