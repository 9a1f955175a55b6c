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
 *
 * A switch buffer's areas grow as they fill (sonde_buf_grow_fn(), a work
 * item in process context under the state's lock, asked for by probe
 * context through an irq_work).
 *
 * Every area, page array and bucket table is charged to its state's
 * reservation (struct sonde_mem) before it is allocated and given back
 * when freed: LOAD reserved what sonde_buf_max_mem() and
 * sonde_agg_max_mem() say a buffer may grow to, and growth never takes
 * more (a charge past it is refused with a warning: a bug).
 */
#include <linux/sched/mm.h>
#include <linux/cpu.h>
#include <linux/irq_work.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "sonde_kmod.h"

/*
 * The area probes write first, and how switch buffers' areas grow.
 *
 * Every page the kernel hands out here comes zeroed (Debian's kernels
 * have init_on_alloc on), and zeroing is most of what starting a
 * consumer costs under TCG (clear_page's rep stosb is one emulated block
 * per byte): `BEGIN { exit(0); }` on 2 CPUs once zeroed 16 MB of
 * principal buffers, then 8.  So a switch buffer's area is mapped from
 * pages: SONDE_BUF_FIRST at LOAD, then, once GO has fired BEGIN and
 * tracing goes on, four times more at a time up to bufsize, DTrace's, in
 * the background (sonde_buf_grow_all(); sonde_buf_grow_fn() maps the
 * larger area in process context and installs it on that CPU with an
 * IPI, the way a switch is made), so a burst soon after GO keeps what
 * DTrace would keep and a consumer that stops at once zeroes no more.  A
 * writer that passes half of its area before then asks too (an
 * irq_work).  A firing that finds the area full before it has grown is a
 * drop, counted as every other.  The second area, which a
 * switch hands to the consumer, is made by the first switch that has
 * something to hand over, as large as the first is then, and keeps up
 * with it at each switch.  Fill and ring buffers are whole from the
 * start.
 *
 * An aggregation buffer's first area is whole from LOAD (aggsize less
 * its hash buckets, which are apart: sonde_agg_alloc()).  Its second is
 * made by the first snapshot that has records to hand over, mapped for
 * twice what the first held (SONDE_BUF_FIRST at least), and grown as it
 * fills, as a switch buffer's are; after each snapshot the area handed
 * over is grown to twice what it held.  A table of a few keys no longer
 * zeroes a second aggsize (4 MB) at its first snapshot: under TCG that
 * was most of a traced syscall's cost in the window it fell in.
 */
#define SONDE_BUF_FIRST		(256 << 10)
#define SONDE_BUF_GROWTH	4

static void sonde_buf_grow_iw(struct irq_work *iw)
{
	struct sonde_buf *b = container_of(iw, struct sonde_buf, grow_iw);

	schedule_work(b->grow_work);
}

/* Bytes the first @n pages hold, at most the area's size. */
static u32 sonde_pages_cap(const struct sonde_buf *b, u32 n)
{
	return min_t(u64, b->size, (u64)n * PAGE_SIZE);
}

/*
 * Area @a's pages up to @cap bytes, in a new mapping (or NULL); the old
 * mapping is the caller's to retire.  Process context.
 */
static u8 *sonde_area_map(struct sonde_buf *b, u32 a, u32 cap)
{
	u32 n, i;

	/* never past the area's size: b->pages[a] has room for that */
	if (cap > b->size)
		cap = b->size;
	n = DIV_ROUND_UP(cap, PAGE_SIZE);

	for (i = b->npages[a]; i < n; i++) {
		struct page *pg;

		if (!sonde_mem_charge(b->mem, PAGE_SIZE))
			return NULL;
		pg = alloc_pages_node(b->node, SONDE_GFP_BIG | __GFP_ZERO, 0);
		if (!pg) {
			sonde_mem_uncharge(b->mem, PAGE_SIZE);
			return NULL;
		}
		b->pages[a][i] = pg;
		b->npages[a] = i + 1;
	}
	return vmap(b->pages[a], n, VM_MAP, PAGE_KERNEL);
}

/* Bytes of a grown area's page array. */
static u64 sonde_pages_array(u32 size)
{
	return (u64)DIV_ROUND_UP(size, PAGE_SIZE) * sizeof(struct page *);
}

/* A grown area @a of @cap bytes to start with; process context. */
static int sonde_area_make(struct sonde_buf *b, u32 a, u32 cap)
{
	if (!sonde_mem_charge(b->mem, sonde_pages_array(b->size)))
		return -ENOMEM;
	b->pages[a] = kvcalloc(DIV_ROUND_UP(b->size, PAGE_SIZE),
			       sizeof(struct page *), SONDE_GFP_BIG);
	if (!b->pages[a]) {
		sonde_mem_uncharge(b->mem, sonde_pages_array(b->size));
		return -ENOMEM;
	}
	b->data[a] = sonde_area_map(b, a, cap);
	if (!b->data[a])
		return -ENOMEM;		/* sonde_buf_free() takes the rest */
	b->cap[a] = sonde_pages_cap(b, DIV_ROUND_UP(cap, PAGE_SIZE));
	return 0;
}

/* A whole area (vmalloc'd, not grown) of b->size bytes, charged. */
static u8 *sonde_area_whole(struct sonde_buf *b)
{
	u8 *data;

	if (!sonde_mem_charge(b->mem, b->size))
		return NULL;
	data = kvzalloc_node(b->size, SONDE_GFP_BIG, b->node);
	if (!data)
		sonde_mem_uncharge(b->mem, b->size);
	return data;
}

/* Area @a's hash buckets, charged. */
static int sonde_buckets_alloc(struct sonde_buf *b, u32 a)
{
	if (!sonde_mem_charge(b->mem, (u64)b->nbuckets * sizeof(u32)))
		return -ENOMEM;
	b->buckets[a] = kvcalloc(b->nbuckets, sizeof(u32), SONDE_GFP_BIG);
	if (b->buckets[a])
		return 0;
	sonde_mem_uncharge(b->mem, (u64)b->nbuckets * sizeof(u32));
	return -ENOMEM;
}

static void sonde_buckets_free(struct sonde_buf *b, u32 a)
{
	if (!b->buckets[a])
		return;
	kvfree(b->buckets[a]);
	b->buckets[a] = NULL;
	sonde_mem_uncharge(b->mem, (u64)b->nbuckets * sizeof(u32));
}

/* The most an area of @size bytes takes: mapped from pages (@paged) with
 * its page array, or whole. */
static u64 sonde_area_max_mem(u32 size, bool paged)
{
	if (!paged)
		return size;
	return (u64)DIV_ROUND_UP(size, PAGE_SIZE) * PAGE_SIZE +
	       sonde_pages_array(size);
}

/**
 * sonde_buf_max_mem() - the most a principal buffer may ever hold
 * @size: bytes of one area (bufsize)
 * @policy: its SONDE_BUFPOLICY_*
 *
 * A switch buffer's two areas at full size, each with its page array;
 * a fill or ring buffer's one area.  LOAD reserves this per CPU.
 *
 * Context: any.
 * Return: bytes.
 */
u64 sonde_buf_max_mem(u32 size, u32 policy)
{
	if (policy == SONDE_BUFPOLICY_SWITCH)
		return 2 * sonde_area_max_mem(size, true);
	return sonde_area_max_mem(size, false);
}

/**
 * sonde_agg_max_mem() - the most an aggregation buffer may ever hold
 * @aggsize: the aggsize option
 *
 * The first area, whole, and the second, grown to full size, each with
 * its hash buckets (sonde_agg_alloc()).  LOAD reserves this per CPU.
 *
 * Context: any.
 * Return: bytes.
 */
u64 sonde_agg_max_mem(u32 aggsize)
{
	u64 buckets = (u64)sonde_agg_nbuckets(aggsize) * sizeof(u32);
	u32 area = aggsize - (u32)buckets;

	return sonde_area_max_mem(area, false) + sonde_area_max_mem(area, true) +
	       2 * buckets;
}

/**
 * sonde_buf_alloc() - allocate a per-CPU buffer's first area
 * @b: the buffer (its policy and bucket count set)
 * @size: bytes of one area (bufsize or aggsize)
 * @node: the NUMA node of the CPU it serves
 * @grow: the state's grower for a switch buffer, whose areas are mapped
 *        as they fill; NULL for a buffer whole from the start
 * @mem: the state's reservation, charged for everything the buffer holds
 *
 * Context: process context (LOAD), may sleep.
 * Return: 0 or -ENOMEM.
 */
int sonde_buf_alloc(struct sonde_buf *b, u32 size, int node,
		    struct work_struct *grow, struct sonde_mem *mem)
{
	b->size = size;
	b->node = node;
	b->grow_work = grow;
	b->mem = mem;
	init_irq_work(&b->grow_iw, sonde_buf_grow_iw);
	if (grow)
		return sonde_area_make(b, 0, min_t(u32, size, SONDE_BUF_FIRST));
	b->cap[0] = b->cap[1] = size;
	b->data[0] = sonde_area_whole(b);
	return b->data[0] ? 0 : -ENOMEM;
}

/**
 * sonde_agg_alloc() - allocate a per-CPU aggregation buffer's first area
 * @b: the buffer
 * @aggsize: the aggsize option: the area's records and its hash buckets
 * @node: the NUMA node of the CPU it serves
 * @grow: the state's grower, for the second area
 * @mem: the state's reservation
 *
 * The first area is whole; its buckets (sonde_agg_nbuckets()) are apart
 * from it.  The second area is made by the first snapshot with records.
 *
 * Context: process context (LOAD), may sleep.
 * Return: 0 or -ENOMEM.
 */
int sonde_agg_alloc(struct sonde_buf *b, u32 aggsize, int node,
		    struct work_struct *grow, struct sonde_mem *mem)
{
	int err;

	b->nbuckets = sonde_agg_nbuckets(aggsize);
	err = sonde_buf_alloc(b, aggsize - b->nbuckets * sizeof(u32), node,
			      NULL, mem);
	b->grow_work = grow;
	if (err)
		return err;
	return sonde_buckets_alloc(b, 0);
}

static void sonde_area_free(struct sonde_buf *b, u32 a)
{
	u32 i;

	if (!b->pages[a]) {
		if (b->data[a])
			sonde_mem_uncharge(b->mem, b->size);
		kvfree(b->data[a]);
		b->data[a] = NULL;
		return;
	}
	if (b->data[a])
		vunmap(b->data[a]);
	for (i = 0; i < b->npages[a]; i++)
		__free_page(b->pages[a][i]);
	kvfree(b->pages[a]);
	sonde_mem_uncharge(b->mem, (u64)b->npages[a] * PAGE_SIZE +
			   sonde_pages_array(b->size));
	b->pages[a] = NULL;
	b->npages[a] = 0;
	b->data[a] = NULL;
}

/**
 * sonde_buf_free() - free both areas of a per-CPU buffer
 * @b: the buffer, disarmed and synced, its grower stopped
 *     (sonde_state_destroy())
 *
 * Context: process context (teardown).
 */
void sonde_buf_free(struct sonde_buf *b)
{
	sonde_area_free(b, 0);
	sonde_area_free(b, 1);
	sonde_buckets_free(b, 0);
	sonde_buckets_free(b, 1);
}

struct sonde_buf_install {
	struct sonde_buf *b;
	u32 area;
	u8 *data;
	u32 cap;
};

/* On the buffer's CPU, interrupts off: no firing there is mid-record. */
static void sonde_buf_install(void *arg)
{
	struct sonde_buf_install *in = arg;

	in->b->data[in->area] = in->data;
	in->b->cap[in->area] = in->cap;
	WRITE_ONCE(in->b->grow, false);
}

/*
 * Grow area @a of CPU @cpu's buffer to @cap bytes: the active one is
 * installed on its CPU, an inactive one (nobody writes it) in place.
 * st->lock held: no switch runs meanwhile.
 */
static void sonde_area_grow(struct sonde_buf *b, unsigned int cpu, u32 a,
			    u32 cap)
{
	struct sonde_buf_install in = { .b = b, .area = a };
	u8 *old = b->data[a];

	if (!b->pages[a] || cap <= b->cap[a]) {
		if (a == b->active)
			WRITE_ONCE(b->grow, false);
		return;
	}
	in.data = sonde_area_map(b, a, cap);
	if (!in.data) {
		/* keep what it has; a later request tries again */
		if (a == b->active)
			WRITE_ONCE(b->grow, false);
		return;
	}
	in.cap = sonde_pages_cap(b, DIV_ROUND_UP(cap, PAGE_SIZE));
	cpus_read_lock();
	if (a == b->active && cpu_online(cpu))
		smp_call_function_single(cpu, sonde_buf_install, &in, 1);
	else
		sonde_buf_install(&in);
	cpus_read_unlock();
	vunmap(old);
}

/**
 * sonde_buf_grow_fn() - grow the principal buffers whose writers asked
 * @w: the state's buf_grow work
 *
 * Every CPU whose buffer asked (GO asks for all of them, a writer that
 * passed half of its active area for its own; an aggregation area asks
 * as it fills) gets the area
 * SONDE_BUF_GROWTH times larger, up to bufsize; after GO's request, again
 * until it has bufsize.  Nothing grows once tracing has stopped (exit(),
 * STOP): a consumer that ends at once (BEGIN { exit(0); }) zeroes no more
 * than its first areas.
 *
 * Context: process context (a work item); takes the state's lock.
 */
void sonde_buf_grow_fn(struct work_struct *w)
{
	struct sonde_state *st = container_of(w, struct sonde_state,
					      buf_grow);
	struct mem_cgroup *old_memcg;
	unsigned int cpu;
	bool more = false;

	mutex_lock(&st->lock);
	/* the pages are the consumer's, not this worker's */
	old_memcg = set_active_memcg(st->mem.memcg);
	for_each_possible_cpu(cpu) {
		struct sonde_pcpu *pc = st->pcpu ? st->pcpu[cpu] : NULL;
		struct sonde_buf *b = pc ? &pc->buf : NULL;

		if (READ_ONCE(st->activity) != SONDE_ACT_ACTIVE)
			break;
		if (b && READ_ONCE(b->grow)) {
			u32 had = b->cap[b->active];

			sonde_area_grow(b, cpu, b->active,
					min_t(u64, (u64)had * SONDE_BUF_GROWTH,
					      b->size));
			/* GO's request goes on to bufsize, as long as
			 * memory comes */
			if (st->grow_all && b->cap[b->active] > had &&
			    b->cap[b->active] < b->size &&
			    !READ_ONCE(b->grow)) {
				WRITE_ONCE(b->grow, true);
				more = true;
			}
		}
		/* an aggregation area asks only as it fills */
		b = pc ? &pc->agg : NULL;
		if (b && READ_ONCE(b->grow))
			sonde_area_grow(b, cpu, b->active,
					min_t(u64, (u64)b->cap[b->active] *
					      SONDE_BUF_GROWTH, b->size));
	}
	if (!more)
		st->grow_all = false;
	set_active_memcg(old_memcg);
	mutex_unlock(&st->lock);
	if (more)
		schedule_work(w);
}

/**
 * sonde_buf_grow_all() - have every CPU's switch buffer grow to bufsize
 * @st: a consumer whose tracing has just begun (GO), st->lock held
 *
 * DTrace's bufsize from the start, zeroed in the background: GO and BEGIN
 * do not wait for it, and a burst of records soon after GO finds the room
 * DTrace would have given it.
 *
 * Context: process context.
 */
void sonde_buf_grow_all(struct sonde_state *st)
{
	unsigned int cpu;
	bool any = false;

	for_each_possible_cpu(cpu) {
		struct sonde_pcpu *pc = st->pcpu ? st->pcpu[cpu] : NULL;
		struct sonde_buf *b = pc ? &pc->buf : NULL;

		if (b && b->grow_work && b->cap[b->active] < b->size) {
			WRITE_ONCE(b->grow, true);
			any = true;
		}
	}
	if (any) {
		st->grow_all = true;
		schedule_work(&st->buf_grow);
	}
}

/* Probe context: the active area is filling; ask for more, once. */
static void sonde_buf_want_more(struct sonde_buf *b)
{
	if (b->grow || !b->grow_work || b->cap[b->active] >= b->size)
		return;
	b->grow = true;
	irq_work_queue(&b->grow_iw);
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
	u32 limit = b->cap[a];

	if (likely(b->policy == SONDE_BUFPOLICY_SWITCH)) {
		if (unlikely(size > limit - off)) {
			sonde_buf_want_more(b);
			return NULL;
		}
		if (unlikely(off + size > limit / 2))
			sonde_buf_want_more(b);
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

/* An aggregation area's room for the next interval, after one that
 * held @used bytes: twice that, SONDE_BUF_FIRST at least. */
static u32 sonde_agg_want(const struct sonde_buf *b, u32 used)
{
	u64 want = max_t(u64, SONDE_BUF_FIRST, 2ULL * used);

	return min_t(u64, b->size, want);
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
	if (agg)
		sonde_agg_reset(b, area, b->offset[area]);
	b->offset[area] = 0;
	b->drops[area] = 0;
	b->errors[area] = 0;
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
	/* bufsize / aggsize, as uapi/sonde.h says: an area and its table */
	if (req->buf_size < b->size + b->nbuckets * sizeof(u32))
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
		if (agg) {
			err = sonde_buckets_alloc(b, a ^ 1);
			if (err)
				return err;
			err = sonde_area_make(b, a ^ 1,
					      sonde_agg_want(b, b->offset[a]));
			if (err) {
				sonde_area_free(b, a ^ 1);
				sonde_buckets_free(b, a ^ 1);
				return err;
			}
		} else if (b->grow_work) {
			err = sonde_area_make(b, a ^ 1, b->cap[a]);
			if (err) {
				sonde_area_free(b, a ^ 1);
				return err;
			}
		} else {
			b->data[a ^ 1] = sonde_area_whole(b);
			if (!b->data[a ^ 1])
				return -ENOMEM;
		}
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
	err = sonde_buf_hand_over(b, b->active ^ 1, agg, req);
	/* it is the active one after the next switch: as large, or for
	 * aggregations twice what it held */
	sonde_area_grow(b, cpu, b->active ^ 1,
			agg ? sonde_agg_want(b, req->size) : b->cap[b->active]);
	return err;
}
