// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_kmod.c - a libFuzzer target over the module's own consumer and
 * probe-context code: kmod/state.c (LOAD, GO, STOP, DRAIN, AGGSNAP,
 * STATUS, TESTRUN, the deadman, teardown), probe.c (the probe table),
 * fire.c (the firing path, ERROR records and ERROR clauses), buf.c,
 * agg.c, spec.c, dynvar.c and the VM, built unchanged against the kernel
 * shim (kshim/) with ASan and UBSan (`make fuzz-kmod`,
 * `make unit-fuzz-kmod`).
 *
 * Every input drives two consumers through a session the input chooses:
 * an image (the input's bytes as an image, the generator's program with
 * enablings of the world's probes and buffers small enough to fill, or,
 * when the input starts with "SNDK" and a 32-bit length, the image that
 * follows: the seeds of userland/tests/fuzz/kmod-seeds, each a finding,
 * made by `make fuzz-kmod-seeds`), loaded with allocations that may
 * fail, then a sequence of
 * operations: GO, firings of any probe on either simulated CPU in task,
 * softirq, hardirq or NMI context and as one of three threads, TESTRUN,
 * DRAIN and AGGSNAP with buffers of any size, STATUS, STOP, threads
 * exiting (dynamic-variable reclamation), time passing (the deadman),
 * a kernel lockdown level, and finally close.  The shim allocates exactly
 * what the module asks for, so an overflow of a buffer, an aggregation
 * table, a speculation or the dynamic-variable pool is an ASan report;
 * it traps allocation, sleeping or a held raw spinlock with interrupts
 * off, and a WARN_ON_ONCE.  What the module hands to userland is checked
 * here: a DRAIN is a sequence of whole records of the sizes the clauses
 * declared (or ERROR records), an AGGSNAP a sequence of whole entries of
 * the program's aggregations, neither longer than the buffer.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sonde_kmod.h"
#include "kshim_world.h"
#include "fuzz_gen.h"

#define FZ_ASSERT(c)	do { if (!(c)) __builtin_trap(); } while (0)
#define FZ_NPROBES	4
#define FZ_NSTATES	2
#define FZ_MAX_OPS	96

static int fz_enabled[FZ_NPROBES + 1];

/*
 * The cost oracle: the work a firing does (SONDE_WORK(), vm/vm_types.h:
 * instructions dispatched, bytes copied, zeroed and scanned, fault-safe
 * accesses, chill()'s nanoseconds, progenyof()'s walk) may not pass what
 * the verifier charged the enablings it ran (their reservation on the
 * probe, vm/cost.c) times FZ_COST_FACTOR, plus FZ_COST_SLACK for the
 * firing path's own steps.  A subroutine the table underprices is a
 * firing that does far more than it was charged: a trap.
 */
#define FZ_COST_FACTOR	4
#define FZ_COST_SLACK	4096
unsigned long long sonde_work;

/* FUZZ_KMOD_STATS=1: how far sessions get, printed at exit (tuning) */
static struct {
	u64 inputs, loads, loaded, gos, fires, records, drains, specs,
	    commits;
} fz_stats;

static void fz_stats_print(void)
{
	fprintf(stderr,
		"fuzz_kmod: %llu inputs, %llu loads, %llu loaded, %llu GOs, %llu firings, %llu drained records, %llu drains, %llu with speculations, %llu committing\n",
		(unsigned long long)fz_stats.inputs,
		(unsigned long long)fz_stats.loads,
		(unsigned long long)fz_stats.loaded,
		(unsigned long long)fz_stats.gos,
		(unsigned long long)fz_stats.fires,
		(unsigned long long)fz_stats.records,
		(unsigned long long)fz_stats.drains,
		(unsigned long long)fz_stats.specs,
		(unsigned long long)fz_stats.commits);
}

static int fz_prov_enable(struct sonde_probe *p)
{
	fz_enabled[p->data]++;
	return 0;
}

static void fz_prov_disable(struct sonde_probe *p)
{
	FZ_ASSERT(fz_enabled[p->data] > 0);
	fz_enabled[p->data]--;
}

/* arg0 may be a kernel address; probe "d" is armed as a kprobe: both
 * refused under lockdown */
static const struct sonde_provider fz_prov = {
	.name = "fuzz",
	.kaddr_args = 0x1,
	.enable = fz_prov_enable,
	.disable = fz_prov_disable,
};

static struct sonde_probe *fz_probes[FZ_NPROBES];
static u32 fz_ids[FZ_NPROBES + 3];
static struct task_struct fz_tasks[3] = {
	{ .pid = 200, .tgid = 200, .comm = "alpha" },
	{ .pid = 201, .tgid = 200, .comm = "beta-thread-123" },
	{ .pid = 300, .tgid = 300, .comm = "kworker/0:1" },	/* no mm */
};
static struct mm_struct *fz_mm = (struct mm_struct *)&fz_tasks;

static void fz_init(void)
{
	static const char *const names[FZ_NPROBES] = { "a", "b", "c", "d" };
	u32 i;

	FZ_ASSERT(!sonde_dtrace_init());
	mutex_lock(&sonde_lock);
	for (i = 0; i < FZ_NPROBES; i++) {
		fz_probes[i] = sonde_probe_create(&fz_prov, "mod", "fn",
						  names[i], 10, i + 1);
		FZ_ASSERT(!IS_ERR(fz_probes[i]));
		fz_ids[i] = fz_probes[i]->id;
	}
	fz_probes[3]->flags = SONDE_PROBEF_KPROBE;
	mutex_unlock(&sonde_lock);
	fz_ids[FZ_NPROBES] = sonde_probe_begin->id;
	fz_ids[FZ_NPROBES + 1] = sonde_probe_end->id;
	fz_ids[FZ_NPROBES + 2] = sonde_probe_error->id;
	fz_tasks[0].mm = fz_mm;
	fz_tasks[1].mm = fz_mm;
}

/* One consumer: what the fuzzer holds of its file. */
struct fz_consumer {
	struct sonde_state *st;
	bool loaded;
	u64 bufsize, aggsize;
};

/* A DRAIN's bytes: whole records of the sizes the clauses declared. */
static void fz_check_drain(const struct sonde_state *st, const u8 *buf,
			   const struct sonde_drain *d)
{
	u64 off = 0;

	FZ_ASSERT(d->size <= d->buf_size);
	while (off < d->size) {
		const struct sonde_rechdr *h = (const void *)(buf + off);

		FZ_ASSERT(d->size - off >= sizeof(*h));
		FZ_ASSERT(h->size >= sizeof(*h) && h->size % 8 == 0);
		FZ_ASSERT(h->size <= d->size - off);
		fz_stats.records++;
		if (h->epid == SONDE_EPID_ERROR) {
			const struct sonde_errrec *e = (const void *)(h + 1);

			FZ_ASSERT(h->size == sizeof(*h) + sizeof(*e));
			FZ_ASSERT(e->epid >= 1 && e->epid <= st->necbs);
			FZ_ASSERT(e->where <= 1 && e->fault <= SONDE_FLT_BADSIZE);
		} else {
			const struct sonde_clause *c;

			FZ_ASSERT(h->epid >= 1 && h->epid <= st->necbs);
			c = st->ecbs[h->epid - 1].clause;
			FZ_ASSERT(h->size == sizeof(*h) + c->rec_size);
		}
		off += h->size;
	}
	FZ_ASSERT(off == d->size);
}

/*
 * The hash the firing computed for the canonical key @data of @aggid (with
 * the consumer's @seed): the
 * segments it wrote (integers, stacks, strings up to their NUL), merged
 * with their neighbours as sonde_key_build() merges them.
 */
static u32 fz_key_hash(const struct sonde_image *img, u32 aggid,
		       const u8 *data, u32 seed)
{
	const struct sonde_agg_desc *ad = &img->aggs[aggid];
	struct sonde_key k = { .data = data };
	u32 i, off = 0;

	for (i = 0; i < ad->nkeys; i++) {
		u32 t = img->keys[ad->keys_off + i];
		u32 size = sonde_keytype_size(img, t), len = size;

		if (SONDE_KEY_KIND(t) == SONDE_T_STR)
			len = (u32)strnlen((const char *)data + off,
					   size - 1) + 1;
		if (SONDE_KEY_KIND(t) == SONDE_T_JSTACK) {
			/* what sonde_jstack_take() wrote, as its header
			 * counts it */
			struct sonde_jstack h;

			memcpy(&h, data + off, sizeof(h));
			len = sizeof(h) + h.npcs * 8u +
			      h.npy * (u32)sizeof(struct sonde_pyframe) +
			      h.strlen;
			FZ_ASSERT(len <= size);
		}
		if (k.nseg && k.seg[k.nseg - 1].off + k.seg[k.nseg - 1].len ==
		    off) {
			k.seg[k.nseg - 1].len += len;
		} else {
			k.seg[k.nseg].off = off;
			k.seg[k.nseg].len = len;
			k.nseg++;
		}
		off += size;
	}
	k.size = off;
	return sonde_key_hash(&k, aggid ^ seed);
}

/* An AGGSNAP's bytes: whole entries of the program's aggregations, each
 * with the hash of its key and a chain link to an earlier entry. */
static void fz_check_aggsnap(const struct sonde_state *st, const u8 *buf,
			     const struct sonde_drain *d)
{
	u64 off = 0;

	FZ_ASSERT(d->size <= d->buf_size);
	while (off < d->size) {
		const struct sonde_aggrec *r = (const void *)(buf + off);
		u32 want;

		FZ_ASSERT(d->size - off >= sizeof(*r));
		FZ_ASSERT(r->aggid < st->img.naggs);
		want = sizeof(*r) + ALIGN(sonde_agg_key_size(&st->img, r->aggid), 8) +
		       sonde_agg_val_size(&st->img.aggs[r->aggid]);
		FZ_ASSERT(r->size == want && r->size <= d->size - off);
		FZ_ASSERT(r->hash == fz_key_hash(&st->img, r->aggid,
						 (const u8 *)(r + 1),
						 st->hash_seed));
		FZ_ASSERT(!r->next || r->next - 1 < off);
		off += r->size;
	}
	FZ_ASSERT(off == d->size);
}

static void fz_load(struct fz_consumer *c, const void *image, size_t size,
		    struct fz_in *in)
{
	static const u32 logsizes[] = { 0, 1, 17, 4096 };
	struct sonde_load req;
	u32 logsize = logsizes[fz_below(in, ARRAY_SIZE(logsizes))];
	char *log = logsize ? malloc(logsize) : NULL;
	int err;

	memset(&req, 0, sizeof(req));
	req.prog = (u64)(uintptr_t)image;
	req.prog_size = (u32)size;
	req.log_level = fz_chance(in, 90);
	req.log_buf = (u64)(uintptr_t)log;
	req.log_size = log ? logsize : 0;
	/* allocations may fail anywhere in LOAD */
	kshim_fail_after = fz_chance(in, 8) ? (long)fz_below(in, 40) : -1;
	mutex_lock(&c->st->lock);
	err = sonde_state_load(c->st, &req);
	mutex_unlock(&c->st->lock);
	kshim_fail_after = -1;
	FZ_ASSERT(err == 0 || err == -EINVAL || err == -E2BIG ||
		  err == -EACCES || err == -ENOENT || err == -ENOSPC ||
		  err == -ENOMEM || err == -EBUSY || err == -EPERM);
	fz_stats.loads++;
	if (!err) {
		u32 i;

		fz_stats.loaded++;
		fz_stats.specs += !!c->st->specs;
		for (i = 0; i < c->st->img.ninsns; i++)
			if (c->st->img.insns[i].op == SONDE_OP_CALL &&
			    c->st->img.insns[i].imm == SONDE_SUBR_commit) {
				fz_stats.commits++;
				break;
			}
		c->loaded = true;
		c->bufsize = req.bufsize;
		c->aggsize = req.aggsize;
		FZ_ASSERT(c->st->activity == SONDE_ACT_LOADED);
	} else if (!c->loaded) {
		/* a failed LOAD leaves nothing behind */
		FZ_ASSERT(c->st->activity == SONDE_ACT_INACTIVE);
		FZ_ASSERT(!c->st->pcpu && !c->st->image && !c->st->ecbs);
	}
	free(log);
}

/*
 * The choices below are read in a fixed order, which the seed maker's
 * writers (FUZZ_KMOD_MKSEEDS, at the end) follow: keep the two together.
 */

/* A probe fires on a CPU, in a context, as a thread the input picks:
 * probe (a..d, BEGIN or END of the consumer), arg0..arg9, errno, CPU,
 * thread, context, stack depth, lock contention, interrupts. */
static u64 fz_private_cost(const struct sonde_state *st,
			   const struct sonde_probe *p);

static void fz_fire(struct fz_consumer *cons, struct fz_in *in)
{
	struct sonde_fire f;
	struct sonde_probe *p;
	u32 k = fz_below(in, FZ_NPROBES + 2), i, n;
	unsigned long flags;

	memset(&f, 0, sizeof(f));
	for (i = 0; i < 10; i++)
		f.args[i] = (u64)fz_val64(in);
	f.errno_val = (s32)fz_val32(in);
	kshim_cpu = fz_below(in, nr_cpu_ids);
	kshim_current = &fz_tasks[fz_below(in, 3)];
	kshim_ctx = fz_chance(in, 80) ? 0 : fz_below(in, 4);
	kshim_world.stackdepth = fz_below(in, 40);
	/* other CPUs hold every lock the firing tries, for a while */
	kshim_contended = fz_chance(in, 5) ?
			  SONDE_SPIN_MAX * (1 + fz_below(in, 3)) : 0;
	fz_stats.fires++;
	/* probes fire with interrupts on or off (a tracepoint in an irq) */
	flags = kshim_irqs_off = fz_chance(in, 50);
	/* now and then a burst: a busy probe fills its CPU's buffer (and a
	 * switch buffer asks to grow) */
	n = fz_chance(in, 5) ? 1 + fz_below(in, 512) : 1;
	for (i = 0; i < n; i++) {
		u64 charged;

		sonde_work = 0;
		if (k < FZ_NPROBES) {
			p = fz_probes[k];
			charged = p->res_cost;
			sonde_probe_fire(p, NULL, &f);
		} else {
			/* BEGIN or END of one consumer, as GO and STOP
			 * fire them */
			p = k == FZ_NPROBES ? sonde_probe_begin :
			    sonde_probe_end;
			charged = fz_private_cost(cons->st, p);
			sonde_probe_fire(p, cons->st, &f);
		}
		if (sonde_work > FZ_COST_FACTOR * charged + FZ_COST_SLACK) {
			fprintf(stderr, "fuzz_kmod: a firing of %s did %llu units of work, charged %llu\n",
				p->name, sonde_work, (unsigned long long)charged);
			__builtin_trap();
		}
		/* the firing restores the interrupt state it found */
		FZ_ASSERT(kshim_irqs_off == (int)flags);
	}
	kshim_contended = 0;
	kshim_irqs_off = 0;
	kshim_ctx = 0;
	kshim_cpu = 0;
}

/* What LOAD charged @st's enablings of its own probe @p (BEGIN, END). */
static u64 fz_private_cost(const struct sonde_state *st,
			   const struct sonde_probe *p)
{
	u64 cost = 0;
	u32 i;

	for (i = 0; st->ecbs && i < st->necbs; i++)
		if (st->ecbs[i].probe == p)
			cost += st->ecbs[i].cost;
	return cost;
}

/* DRAIN or AGGSNAP: CPU, buffer size, flags. */
static void fz_drain(struct fz_consumer *c, struct fz_in *in, bool agg)
{
	struct sonde_drain d;
	u64 want = agg ? c->aggsize : c->bufsize;
	u64 size;
	u8 *buf;
	int err;

	memset(&d, 0, sizeof(d));
	d.cpu = fz_chance(in, 5) ? fz_u32(in) : fz_below(in, nr_cpu_ids);
	size = fz_chance(in, 5) ? fz_below(in, 8192) : want + fz_below(in, 64);
	buf = malloc(size ? size : 1);
	if (!buf)
		return;
	d.buf = (u64)(uintptr_t)buf;
	d.buf_size = size;
	if (fz_chance(in, 2))
		d.flags = fz_u32(in);
	mutex_lock(&c->st->lock);
	err = sonde_state_drain(c->st, &d, agg);
	mutex_unlock(&c->st->lock);
	FZ_ASSERT(err == 0 || err == -EINVAL || err == -ENOENT ||
		  err == -ENOSPC || err == -ENOMEM);
	fz_stats.drains++;
	if (!err && c->loaded) {
		if (agg)
			fz_check_aggsnap(c->st, buf, &d);
		else
			fz_check_drain(c->st, buf, &d);
	}
	free(buf);
}

/* TESTRUN: epid, the memory window, arg0..arg9, CPU. */
static void fz_testrun(struct fz_consumer *c, struct fz_in *in)
{
	struct sonde_testrun tr;
	u8 mem[64];
	u32 i;
	int err;

	memset(&tr, 0, sizeof(tr));
	tr.epid = fz_chance(in, 10) ? fz_u32(in) : 1 + fz_below(in, 8);
	for (i = 0; i < sizeof(mem); i++)
		mem[i] = fz_u8(in);
	if (fz_chance(in, 50)) {
		tr.mem = (u64)(uintptr_t)mem;
		tr.mem_size = fz_below(in, sizeof(mem) + 1);
	}
	for (i = 0; i < 10; i++)
		tr.args[i] = (u64)fz_val64(in);
	kshim_cpu = fz_below(in, nr_cpu_ids);
	mutex_lock(&c->st->lock);
	err = sonde_state_testrun(c->st, &tr);
	mutex_unlock(&c->st->lock);
	kshim_cpu = 0;
	FZ_ASSERT(!kshim_irqs_off);
	FZ_ASSERT(err == 0 || err == -EINVAL || err == -ENOENT ||
		  err == -EBUSY || err == -ENOMEM);
}

/* The session's operations, in the order of their choice numbers. */
enum {
	FZ_OP_GO, FZ_OP_FIRE, FZ_OP_FIRE2, FZ_OP_FIRE3, FZ_OP_TESTRUN,
	FZ_OP_DRAIN, FZ_OP_AGGSNAP, FZ_OP_STATUS, FZ_OP_STOP,
	FZ_OP_TASK_EXIT, FZ_OP_TIME, FZ_OP_NOPS
};

/* Up to FZ_MAX_OPS operations: consumer, operation, its choices. */
static void fz_session(struct fz_consumer *cons, struct fz_in *in)
{
	u32 nops = fz_below(in, FZ_MAX_OPS), i;

	for (i = 0; i < nops && in->n; i++) {
		struct fz_consumer *c = &cons[fz_below(in, FZ_NSTATES)];
		u32 op = fz_below(in, FZ_OP_NOPS);
		int err;

		switch (op) {
		case FZ_OP_GO: {
			struct sonde_go go = { 0 };

			mutex_lock(&c->st->lock);
			err = sonde_state_go(c->st, &go);
			mutex_unlock(&c->st->lock);
			FZ_ASSERT(err == 0 || err == -ENOENT || err == -EBUSY ||
				  err == -E2BIG || err == -EPERM ||
				  err == -ENOMEM);
			fz_stats.gos += !err;
			break;
		}
		case FZ_OP_FIRE:
		case FZ_OP_FIRE2:
		case FZ_OP_FIRE3:
			fz_fire(c, in);
			break;
		case FZ_OP_TESTRUN:
			fz_testrun(c, in);
			break;
		case FZ_OP_DRAIN:
			fz_drain(c, in, false);
			break;
		case FZ_OP_AGGSNAP:
			fz_drain(c, in, true);
			break;
		case FZ_OP_STATUS: {
			struct sonde_status s;

			mutex_lock(&c->st->lock);
			FZ_ASSERT(!sonde_state_status(c->st, &s));
			mutex_unlock(&c->st->lock);
			break;
		}
		case FZ_OP_STOP: {
			struct sonde_stop stop = { 0 };

			mutex_lock(&c->st->lock);
			err = sonde_state_stop(c->st, &stop);
			mutex_unlock(&c->st->lock);
			FZ_ASSERT(err == 0 || err == -ENOENT ||
				  err == -EALREADY);
			break;
		}
		case FZ_OP_TASK_EXIT:
			kshim_task_exit(&fz_tasks[fz_below(in, 3)]);
			break;
		case FZ_OP_TIME:
			/* time passes: the deadman may strike */
			jiffies += fz_chance(in, 50) ? HZ : 60 * HZ;
			kshim_run_works();
			break;
		}
		FZ_ASSERT(!kshim_irqs_off);
	}
}

/* A jstack() helper, now and then, as jhelper.c's sonde_pyoff_check()
 * accepts them: offsets into the memory window (the user one starts
 * 0x1000 above the kernel's), SONDE_PYOFF_NONE only where allowed. */
static void fz_jhelper(struct fz_in *in)
{
	struct sonde_pyoffsets *o = &kshim_world.pyoff;
	u32 *w = (u32 *)o, i;

	kshim_world.jhelper = fz_chance(in, 30);
	if (!kshim_world.jhelper)
		return;
	memset(o, 0, sizeof(*o));
	for (i = 0; i < offsetof(struct sonde_pyoffsets, state_kind_shift) / 4;
	     i++)
		w[i] = 8 * fz_below(in, 32);
	/* the offsets jhelper.c lets a helper leave out */
	if (fz_chance(in, 30))
		o->rt_tstate_current = SONDE_PYOFF_NONE;
	if (fz_chance(in, 30))
		o->ts_cframe = SONDE_PYOFF_NONE;
	if (fz_chance(in, 30))
		o->fr_entry = SONDE_PYOFF_NONE;
	if (fz_chance(in, 30))
		o->fr_owner = SONDE_PYOFF_NONE;
	o->owner_skip = fz_chance(in, 30) ? SONDE_PYOFF_NONE : fz_u8(in);
	o->state_kind_shift = (u8)fz_below(in, 30);
	o->state_compact_bit = (u8)fz_below(in, 32);
	o->state_ascii_bit = (u8)fz_below(in, 32);
	kshim_world.runtime = FZ_KBASE + 0x1000 + fz_below(in, 257);
	kshim_world.tid = fz_below(in, 4);
	kshim_world.max_threads = fz_chance(in, 10) ?
				  SONDE_JHELPER_MAX_THREADS :
				  1 + fz_below(in, 16);
	kshim_world.max_interps = fz_chance(in, 10) ?
				  SONDE_JHELPER_MAX_INTERPS :
				  1 + fz_below(in, 4);
}

/* The world: lockdown level, memory available, memory window, user
 * registers, a jstack() helper. */
static void fz_world(struct fz_in *in)
{
	u32 i;

	kshim_lockdown = fz_chance(in, 90) ? LOCKDOWN_NONE :
			 fz_chance(in, 50) ? LOCKDOWN_INTEGRITY_MAX :
			 LOCKDOWN_CONFIDENTIALITY_MAX;
	/* the memory the kernel has available: 1 GB, or little */
	kshim_mem_available = fz_chance(in, 95) ? (1UL << 30) >> PAGE_SHIFT :
			      16UL * fz_below(in, 256);
	kshim_world.memlen = fz_below(in, sizeof(kshim_world.mem) + 1);
	memset(kshim_world.mem, 0, sizeof(kshim_world.mem));
	for (i = 0; i < kshim_world.memlen; i++)
		kshim_world.mem[i] = fz_u8(in);
	for (i = 0; i < SONDE_NUREGS; i++)
		kshim_world.uregs[i] = (u64)fz_val64(in);
	fz_jhelper(in);
}

#define FZ_SEED_MAGIC	"SNDK"

#ifndef FUZZ_KMOD_MKSEEDS
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct fz_genopts opts = {
		.kworld = true, .probe_ids = fz_ids,
		.nprobes = ARRAY_SIZE(fz_ids),
	};
	static struct fz_prog g;
	static bool inited;
	struct fz_consumer cons[FZ_NSTATES];
	struct fz_in in = { data, size };
	void *image[FZ_NSTATES] = { NULL };
	size_t isize[FZ_NSTATES] = { 0 };
	bool seed = false;
	u32 i, j;

	if (!inited) {
		fz_init();
		inited = true;
		if (getenv("FUZZ_KMOD_STATS"))
			atexit(fz_stats_print);
	}
	fz_stats.inputs++;
	if (size > SONDE_MAX_PROG_SIZE)
		return 0;
	/* a seed: "SNDK", the image's length, the image, the choices */
	if (size >= 8 && !memcmp(data, FZ_SEED_MAGIC, 4)) {
		u32 len;

		memcpy(&len, data + 4, sizeof(len));
		if (len <= size - 8) {
			image[0] = malloc(len ? len : 1);
			if (!image[0])
				return 0;
			memcpy(image[0], data + 8, len);
			isize[0] = len;
			in.p = data + 8 + len;
			in.n = size - 8 - len;
			seed = true;
		}
	}
	fz_world(&in);

	memset(cons, 0, sizeof(cons));
	for (i = 0; i < FZ_NSTATES; i++) {
		cons[i].st = sonde_state_create();
		FZ_ASSERT(!IS_ERR(cons[i].st));
		if (seed) {
			if (!i)
				fz_load(&cons[i], image[i], isize[i], &in);
			continue;
		}
		if (i && !fz_chance(&in, 30))
			continue;	/* mostly one consumer */
		if (fz_chance(&in, 5)) {
			/* the input's own bytes as an image */
			image[i] = malloc(size ? size : 1);
			if (!image[i])
				continue;
			memcpy(image[i], data, size);
			isize[i] = size;
		} else {
			u32 npoke;

			fz_generate(&in, &g, &opts);
			if (sonde_program_image(&g.p, &image[i], &isize[i]))
				continue;
			npoke = fz_chance(&in, 5) ? 1 + fz_below(&in, 4) : 0;
			for (j = 0; j < npoke && isize[i]; j++) {
				u8 *b = image[i];
				u32 at = fz_below(&in, (u32)isize[i]);

				b[at] = fz_chance(&in, 50) ? fz_u8(&in) :
					b[at] ^ (1u << fz_below(&in, 8));
			}
		}
		fz_load(&cons[i], image[i], isize[i], &in);
		if (fz_chance(&in, 3))	/* LOAD again: EBUSY */
			fz_load(&cons[i], image[i], isize[i], &in);
	}
	fz_session(cons, &in);
	/* close: everything disarmed and freed (LSan checks the rest) */
	for (i = 0; i < FZ_NSTATES; i++) {
		sonde_state_destroy(cons[i].st);
		free(image[i]);
	}
	for (i = 1; i <= FZ_NPROBES; i++)
		FZ_ASSERT(!fz_enabled[i]);
	/* closed consumers hold no firing budget */
	for (i = 0; i < FZ_NPROBES; i++)
		FZ_ASSERT(!fz_probes[i]->res_ecbs && !fz_probes[i]->res_cost);
	FZ_ASSERT(!sonde_probe_begin->res_ecbs && !sonde_probe_end->res_ecbs &&
		  !sonde_probe_error->res_ecbs);
	kshim_current = &fz_tasks[0];
	return 0;
}
#endif /* !FUZZ_KMOD_MKSEEDS */

#ifdef FUZZ_KMOD_MKSEEDS
/*
 * The seed maker (`make fuzz-kmod-seeds`): one seed per finding, each a
 * hand-built image and the choices of a session that exercises it,
 * written in the order the functions above read them.  Usage:
 * fuzz_kmod_mkseeds DIR.
 */
#include <stdio.h>

#define I(o, d, s, t, i) ((struct sonde_insn){ (o), (d), (s), (t), (i) })

struct seed {
	u8 buf[1 << 16];
	size_t n;
};

static void put8(struct seed *s, u8 v)
{
	if (s->n < sizeof(s->buf))
		s->buf[s->n++] = v;
}

static void put32(struct seed *s, u32 v)
{
	put8(s, v);
	put8(s, v >> 8);
	put8(s, v >> 16);
	put8(s, v >> 24);
}

/* fz_below(n) == v */
static void put_below(struct seed *s, u32 n, u32 v)
{
	if (n <= 1)
		return;
	if (n <= 256)
		put8(s, (u8)v);
	else
		put32(s, v);
}

/* fz_chance(pct) == b */
static void put_chance(struct seed *s, u32 pct, bool b)
{
	put8(s, b ? 0 : 99);
	(void)pct;
}

/* fz_val64() == v: 0 is the first edge value, anything else literal */
static void put_val64(struct seed *s, s64 v)
{
	if (!v) {
		put8(s, 0);
		return;
	}
	put8(s, 200);
	put32(s, (u32)v);
	put32(s, (u32)((u64)v >> 32));
}

static void put_val32(struct seed *s, s32 v)
{
	if (!v) {
		put8(s, 0);
		return;
	}
	put8(s, 220);
	put32(s, (u32)v);
}

/* fz_world(): no lockdown (or @lockdown), an empty memory window */
static void put_world(struct seed *s, int lockdown)
{
	int i;

	put_chance(s, 90, lockdown == LOCKDOWN_NONE);
	if (lockdown != LOCKDOWN_NONE)
		put_chance(s, 50, lockdown == LOCKDOWN_INTEGRITY_MAX);
	put_chance(s, 95, true);	/* 1 GB available */
	put_below(s, sizeof(kshim_world.mem) + 1, 0);
	for (i = 0; i < SONDE_NUREGS; i++)
		put_val64(s, 0);
	put_chance(s, 30, false);	/* no jstack() helper */
}

/* fz_load(): a 4096-byte log, logging, no allocation failure */
static void put_load(struct seed *s)
{
	put_below(s, 4, 3);
	put_chance(s, 90, true);
	put_chance(s, 8, false);
}

static void put_op(struct seed *s, u32 op)
{
	put_below(s, FZ_NSTATES, 0);
	put_below(s, FZ_OP_NOPS, op);
}

/* fz_fire(): probe @k with arg0, arg1, on @cpu, as thread @task */
static void put_fire2(struct seed *s, u32 k, s64 arg0, s64 arg1, u32 cpu,
		      u32 task)
{
	int i;

	put_op(s, FZ_OP_FIRE);
	put_below(s, FZ_NPROBES + 2, k);
	put_val64(s, arg0);
	put_val64(s, arg1);
	for (i = 2; i < 10; i++)
		put_val64(s, 0);
	put_val32(s, 0);
	put_below(s, KSHIM_NR_CPUS, cpu);
	put_below(s, 3, task);
	put_chance(s, 80, true);	/* task context */
	put_below(s, 40, 3);
	put_chance(s, 5, false);	/* no contention */
	put_chance(s, 50, false);	/* interrupts on */
	put_chance(s, 5, false);	/* one firing, not a burst */
}

static void put_fire(struct seed *s, u32 k, s64 arg0, u32 cpu, u32 task)
{
	put_fire2(s, k, arg0, 0, cpu, task);
}

/* fz_drain(): CPU @cpu, a buffer of the size LOAD reported */
static void put_drain(struct seed *s, bool agg, u32 cpu)
{
	put_op(s, agg ? FZ_OP_AGGSNAP : FZ_OP_DRAIN);
	put_chance(s, 5, false);
	put_below(s, KSHIM_NR_CPUS, cpu);
	put_chance(s, 5, false);
	put_below(s, 64, 0);
	put_chance(s, 2, false);
}

static void put_simple(struct seed *s, u32 op)
{
	put_op(s, op);
}

/* A program of @nclauses clauses of @insns, each on probe "a" unless
 * @probe says otherwise. */
struct seedprog {
	struct sonde_program p;
	struct sonde_pclause cl[4];
	struct sonde_insn insns[256];
	struct sonde_ecb ecbs[4];
	struct sonde_pagg aggs[2];
	struct sonde_dtype akeys[2][1];
	struct sonde_pvar vars[2];
	struct sonde_dtype vkeys[2][1];
};

static void sp_init(struct seedprog *sp)
{
	memset(sp, 0, sizeof(*sp));
	sp->p.clauses = sp->cl;
	sp->p.insns = sp->insns;
	sp->p.ecbs = sp->ecbs;
	sp->p.aggs = sp->aggs;
	sp->p.vars = sp->vars;
	sp->aggs[0].keys = sp->akeys[0];
	sp->aggs[1].keys = sp->akeys[1];
	sp->vars[0].keys = sp->vkeys[0];
	sp->vars[1].keys = sp->vkeys[1];
}

/* Clause of @n instructions, recording @rec bytes, enabled on @probe_id. */
static void sp_clause(struct seedprog *sp, const struct sonde_insn *code,
		      u32 n, u32 rec, u32 probe_id)
{
	struct sonde_pclause *c = &sp->cl[sp->p.nclauses];

	c->act_off = sp->p.ninsns;
	c->act_len = n;
	c->rec_size = rec;
	memcpy(sp->insns + sp->p.ninsns, code, n * sizeof(*code));
	sp->p.ninsns += n;
	sp->ecbs[sp->p.necbs].probe_id = probe_id;
	sp->ecbs[sp->p.necbs].clause = sp->p.nclauses;
	sp->p.necbs++;
	sp->p.nclauses++;
}

static void sp_opt(struct seedprog *sp, u32 id, u64 v)
{
	sp->p.kopts[id].set = true;
	sp->p.kopts[id].value = v;
}

static int seed_write(const char *dir, const char *name, struct seedprog *sp,
		      struct seed *ops)
{
	char path[512];
	void *image;
	size_t size;
	u32 len;
	FILE *f;

	if (sonde_program_image(&sp->p, &image, &size))
		return -1;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f) {
		perror(path);
		free(image);
		return -1;
	}
	len = (u32)size;
	fwrite(FZ_SEED_MAGIC, 1, 4, f);
	fwrite(&len, sizeof(len), 1, f);
	fwrite(image, 1, size, f);
	fwrite(ops->buf, 1, ops->n, f);
	fclose(f);
	free(image);
	printf("%s: %zu-byte image, %zu bytes of choices\n", path, size,
	       ops->n);
	return 0;
}

/* commit() in a clause that records: the principal buffer's offset
 * ran past its end (now refused at LOAD) */
static int seed_commit(const char *dir, u32 a, struct seedprog *sp,
			struct seed *s)
{
	u32 i;
	int err = 0;

	sp_init(sp);
	{
		const struct sonde_insn spec[] = {
			I(SONDE_OP_CALL, 1, 0, 0, SONDE_SUBR_speculation),
			I(SONDE_OP_CALL, 2, 1, 1, SONDE_SUBR_speculate),
			I(SONDE_OP_EMIT8, 0, 1, 0, 0),
			I(SONDE_OP_RET, 0, 0, 0, 0),
		}, commit[] = {
			I(SONDE_OP_MOVI, 1, 0, 0, 1),
			I(SONDE_OP_CALL, 2, 1, 1, SONDE_SUBR_commit),
			I(SONDE_OP_RET, 0, 0, 0, 0),
		};

		sp_clause(sp, spec, 4, 8, a);
		sp_clause(sp, commit, 3, 8, a);
	}
	sp_opt(sp, SONDE_OPT_bufsize, 4096);
	s->n = 0;
	put_world(s, LOCKDOWN_NONE);
	put_load(s);
	put_below(s, FZ_MAX_OPS, 7);
	put_simple(s, FZ_OP_GO);
	for (i = 0; i < 3; i++)
		put_fire(s, 0, 0, 0, 0);
	put_drain(s, false, 0);
	put_simple(s, FZ_OP_STOP);
	put_drain(s, false, 0);
	err |= seed_write(dir, "commit-with-record", sp, s);

	/* the same speculation, committed by a clause without a record */
	sp->cl[1].rec_size = 0;
	err |= seed_write(dir, "spec-commit", sp, s);
	return err;
}

/* llquantize(x, 10, 0, 1, 30): bucket 39 of 38 (now refused); the
 * write past the value of key 1 lands on the entry of key 2 */
static int seed_llquantize(const char *dir, u32 a, struct seedprog *sp,
			struct seed *s)
{
	int err = 0;

	sp_init(sp);
	sp->aggs[0].desc.fn = SONDE_AGG_llquantize;
	sp->aggs[0].desc.params[0] = 10;
	sp->aggs[0].desc.params[1] = 0;
	sp->aggs[0].desc.params[2] = 1;
	sp->aggs[0].desc.params[3] = 30;
	sp->aggs[0].desc.nkeys = 1;
	sp->akeys[0][0].kind = SONDE_DT_INT;
	sp->akeys[0][0].size = 8;
	sp->p.naggs = 1;
	{
		const struct sonde_insn code[] = {
			I(SONDE_OP_LDB, 1, 0, 0, SONDE_B_arg0),
			I(SONDE_OP_LDB, 2, 0, 0, SONDE_B_arg1),
			I(SONDE_OP_AGG, 0, 2, 1, 0),
			I(SONDE_OP_RET, 0, 0, 0, 0),
		};

		sp_clause(sp, code, 4, 0, a);
	}
	s->n = 0;
	put_world(s, LOCKDOWN_NONE);
	put_load(s);
	put_below(s, FZ_MAX_OPS, 5);
	put_simple(s, FZ_OP_GO);
	put_fire2(s, 0, 5, 1, 0, 0);
	put_fire2(s, 0, 5, 2, 0, 0);
	put_fire2(s, 0, 99, 1, 0, 0);
	put_drain(s, true, 0);
	err |= seed_write(dir, "llquantize-past-value", sp, s);
	return err;
}

/* aggsize 4097: the bucket array at the area's end was unaligned */
static int seed_aggsize(const char *dir, u32 a, struct seedprog *sp,
			struct seed *s)
{
	int err = 0;

	sp_init(sp);
	sp->aggs[0].desc.fn = SONDE_AGG_count;
	sp->p.naggs = 1;
	{
		const struct sonde_insn code[] = {
			I(SONDE_OP_AGG, 0, 0, 0, 0),
			I(SONDE_OP_RET, 0, 0, 0, 0),
		};

		sp_clause(sp, code, 2, 0, a);
	}
	sp_opt(sp, SONDE_OPT_aggsize, 4097);
	s->n = 0;
	put_world(s, LOCKDOWN_NONE);
	put_load(s);
	put_below(s, FZ_MAX_OPS, 4);
	put_simple(s, FZ_OP_GO);
	put_fire(s, 0, 0, 1, 0);
	put_fire(s, 0, 0, 1, 0);
	put_drain(s, true, 1);
	err |= seed_write(dir, "aggsize-unaligned", sp, s);
	return err;
}

/* thread-locals, reclaimed when their thread exits */
static int seed_dynvar(const char *dir, u32 a, struct seedprog *sp,
			struct seed *s)
{
	int err = 0;

	sp_init(sp);
	sp->vars[0].desc.scope = SONDE_VAR_TLS;
	sp->vars[0].desc.type = SONDE_T_INT;
	sp->vars[1].desc.scope = SONDE_VAR_GLOBAL;
	sp->vars[1].desc.type = SONDE_T_STR;
	sp->vars[1].desc.nkeys = 1;
	sp->vkeys[1][0].kind = SONDE_DT_INT;
	sp->vkeys[1][0].size = 8;
	sp->p.nvars = 2;
	{
		const struct sonde_insn code[] = {
			I(SONDE_OP_LDT, 1, 0, 0, 0),
			I(SONDE_OP_MOVI, 2, 0, 0, 1),
			I(SONDE_OP_ADD, 1, 1, 2, 0),
			I(SONDE_OP_STT, 0, 1, 0, 0),
			I(SONDE_OP_EMIT8, 0, 1, 0, 0),
			I(SONDE_OP_LDB, 3, 0, 0, SONDE_B_execname),
			I(SONDE_OP_STGA, 0, 1, 3, 1),
			I(SONDE_OP_LDGA, 4, 1, 0, 1),
			I(SONDE_OP_EMITS, 0, 4, 0, 8),
			I(SONDE_OP_RET, 0, 0, 0, 0),
		};

		sp_clause(sp, code, 10, 8 + 256, a);
	}
	s->n = 0;
	put_world(s, LOCKDOWN_NONE);
	put_load(s);
	put_below(s, FZ_MAX_OPS, 8);
	put_simple(s, FZ_OP_GO);
	put_fire(s, 0, 0, 0, 0);
	put_fire(s, 0, 0, 0, 1);
	put_fire(s, 0, 0, 1, 0);
	put_op(s, FZ_OP_TASK_EXIT);
	put_below(s, 3, 0);
	put_fire(s, 0, 0, 0, 0);
	put_drain(s, false, 0);
	put_drain(s, false, 1);
	err |= seed_write(dir, "dynvar-thread-exit", sp, s);

	/* self->a[arg0] = arg1 (0 deletes): a thread's leader deleted
	 * hands its place over, and exits free whole lists */
	sp_init(sp);
	sp->vars[0].desc.scope = SONDE_VAR_TLS;
	sp->vars[0].desc.type = SONDE_T_INT;
	sp->vars[0].desc.nkeys = 1;
	sp->vkeys[0][0].kind = SONDE_DT_INT;
	sp->vkeys[0][0].size = 8;
	sp->p.nvars = 1;
	{
		const struct sonde_insn code[] = {
			I(SONDE_OP_LDB, 1, 0, 0, SONDE_B_arg0),
			I(SONDE_OP_LDB, 2, 0, 0, SONDE_B_arg1),
			I(SONDE_OP_STTA, 0, 1, 2, 0),
			I(SONDE_OP_LDTA, 3, 1, 0, 0),
			I(SONDE_OP_EMIT8, 0, 3, 0, 0),
			I(SONDE_OP_RET, 0, 0, 0, 0),
		};

		sp_clause(sp, code, 6, 8, a);
	}
	s->n = 0;
	put_world(s, LOCKDOWN_NONE);
	put_load(s);
	put_below(s, FZ_MAX_OPS, 16);
	put_simple(s, FZ_OP_GO);
	put_fire2(s, 0, 1, 7, 0, 0);
	put_fire2(s, 0, 2, 7, 0, 0);
	put_fire2(s, 0, 3, 7, 0, 0);
	put_fire2(s, 0, 1, 7, 1, 1);
	put_fire2(s, 0, 1, 0, 0, 0);	/* the leader goes */
	put_fire2(s, 0, 2, 7, 0, 0);
	put_fire2(s, 0, 3, 0, 0, 0);
	put_fire2(s, 0, 4, 7, 0, 0);
	put_op(s, FZ_OP_TASK_EXIT);
	put_below(s, 3, 0);
	put_fire2(s, 0, 2, 0, 0, 0);	/* gone with its thread: 0 */
	put_fire2(s, 0, 1, 0, 1, 1);	/* the only one goes */
	put_fire2(s, 0, 5, 7, 1, 1);
	put_op(s, FZ_OP_TASK_EXIT);
	put_below(s, 3, 1);
	put_drain(s, false, 0);
	put_drain(s, false, 1);
	err |= seed_write(dir, "dynvar-leader-handover", sp, s);
	return err;
}

/* ring and fill buffers, lapped and filled; END's room in fill */
static int seed_bufpolicy(const char *dir, u32 a, struct seedprog *sp,
			struct seed *s)
{
	u32 i;
	int err = 0;

	for (i = SONDE_BUFPOLICY_FILL; i <= SONDE_BUFPOLICY_RING; i++) {
		const struct sonde_insn code[] = {
			I(SONDE_OP_LDB, 1, 0, 0, SONDE_B_timestamp),
			I(SONDE_OP_EMIT8, 0, 1, 0, 56),
			I(SONDE_OP_RET, 0, 0, 0, 0),
		};
		u32 k;

		sp_init(sp);
		sp_clause(sp, code, 3, 64, a);
		sp_clause(sp, code, 3, 64, sonde_probe_end->id);
		sp_opt(sp, SONDE_OPT_bufsize, 4096);
		sp_opt(sp, SONDE_OPT_bufpolicy, i);
		s->n = 0;
		put_world(s, LOCKDOWN_NONE);
		put_load(s);
		put_below(s, FZ_MAX_OPS, 90);
		put_simple(s, FZ_OP_GO);
		for (k = 0; k < 80; k++)
			put_fire(s, 0, 0, k & 1, 0);
		put_drain(s, false, 0);
		put_simple(s, FZ_OP_STOP);
		put_drain(s, false, 0);
		put_drain(s, false, 1);
		err |= seed_write(dir, i == SONDE_BUFPOLICY_FILL ?
				  "bufpolicy-fill" : "bufpolicy-ring", sp, s);
	}
	return err;
}

/* a fault, its ERROR record and the consumer's ERROR clause */
static int seed_error_clause(const char *dir, u32 a, struct seedprog *sp,
			struct seed *s)
{
	int err = 0;

	sp_init(sp);
	{
		const struct sonde_insn bad[] = {
			I(SONDE_OP_MOVI, 1, 0, 0, 0),
			I(SONDE_OP_LDK8, 2, 1, 0, 0),
			I(SONDE_OP_RET, 0, 0, 0, 0),
		}, onerr[] = {
			I(SONDE_OP_LDB, 1, 0, 0, SONDE_B_arg4),
			I(SONDE_OP_EMIT8, 0, 1, 0, 0),
			I(SONDE_OP_RET, 0, 0, 0, 0),
		};

		sp_clause(sp, bad, 3, 8, a);
		sp_clause(sp, onerr, 3, 8, sonde_probe_error->id);
	}
	s->n = 0;
	put_world(s, LOCKDOWN_NONE);
	put_load(s);
	put_below(s, FZ_MAX_OPS, 4);
	put_simple(s, FZ_OP_GO);
	put_fire(s, 0, 0, 0, 0);
	put_fire(s, 0, 0, 0, 0);
	put_drain(s, false, 0);
	err |= seed_write(dir, "error-clause", sp, s);
	return err;
}

/* the deadman aborts a consumer that stopped draining */
static int seed_deadman(const char *dir, u32 a, struct seedprog *sp,
			struct seed *s)
{
	int err = 0;

	sp_init(sp);
	{
		const struct sonde_insn code[] = {
			I(SONDE_OP_RET, 0, 0, 0, 0),
		};

		sp_clause(sp, code, 1, 0, a);
	}
	s->n = 0;
	put_world(s, LOCKDOWN_NONE);
	put_load(s);
	put_below(s, FZ_MAX_OPS, 5);
	put_simple(s, FZ_OP_GO);
	put_op(s, FZ_OP_TIME);
	put_chance(s, 50, false);
	put_fire(s, 0, 0, 0, 0);
	put_drain(s, false, 0);
	put_simple(s, FZ_OP_STOP);
	err |= seed_write(dir, "deadman", sp, s);
	return err;
}

/* index() of a periodic needle at strsize 4096: the linear search
 * over its table in scratch */
static int seed_index(const char *dir, u32 a, struct seedprog *sp,
			struct seed *s)
{
	int err = 0;

	sp_init(sp);
	{
		static struct sonde_insn code[16];
		u32 n = 0;

		code[n++] = I(SONDE_OP_LDB, 1, 0, 0, SONDE_B_execname);
		code[n++] = I(SONDE_OP_MOV, 2, 1, 0, 0);
		code[n++] = I(SONDE_OP_CALL, 3, 1, 2, SONDE_SUBR_strjoin);
		code[n++] = I(SONDE_OP_MOV, 4, 3, 0, 0);
		code[n++] = I(SONDE_OP_CALL, 5, 3, 2, SONDE_SUBR_strjoin);
		code[n++] = I(SONDE_OP_MOV, 6, 1, 0, 0);
		code[n++] = I(SONDE_OP_CALL, 7, 5, 2, SONDE_SUBR_index);
		code[n++] = I(SONDE_OP_CALL, 8, 5, 2, SONDE_SUBR_rindex);
		code[n++] = I(SONDE_OP_CALL, 9, 5, 2, SONDE_SUBR_strstr);
		code[n++] = I(SONDE_OP_EMIT8, 0, 7, 0, 0);
		code[n++] = I(SONDE_OP_EMIT8, 0, 8, 0, 8);
		code[n++] = I(SONDE_OP_RET, 0, 0, 0, 0);
		sp_clause(sp, code, n, 16, a);
	}
	sp_opt(sp, SONDE_OPT_strsize, 4096);
	s->n = 0;
	put_world(s, LOCKDOWN_NONE);
	put_load(s);
	put_below(s, FZ_MAX_OPS, 4);
	put_simple(s, FZ_OP_GO);
	put_fire(s, 0, 0, 0, 1);
	put_fire(s, 0, 0, 1, 0);
	put_drain(s, false, 0);
	err |= seed_write(dir, "index-strsize-4096", sp, s);
	return err;
}

/* a clause over the firing budget: 200 searches at strsize 4096 */
static int seed_over_budget(const char *dir, u32 a, struct seedprog *sp,
			struct seed *s)
{
	u32 i;
	int err = 0;

	sp_init(sp);
	{
		static struct sonde_insn code[210];
		u32 n = 0;

		code[n++] = I(SONDE_OP_LDB, 1, 0, 0, SONDE_B_execname);
		code[n++] = I(SONDE_OP_MOV, 2, 1, 0, 0);
		for (i = 0; i < 200; i++)
			code[n++] = I(SONDE_OP_CALL, 3, 1, 2,
				      SONDE_SUBR_index);
		code[n++] = I(SONDE_OP_RET, 0, 0, 0, 0);
		sp_clause(sp, code, n, 0, a);
	}
	sp_opt(sp, SONDE_OPT_strsize, 4096);
	s->n = 0;
	put_world(s, LOCKDOWN_NONE);
	put_load(s);
	put_below(s, FZ_MAX_OPS, 2);
	put_simple(s, FZ_OP_GO);
	put_fire(s, 0, 0, 0, 0);
	err |= seed_write(dir, "over-firing-budget", sp, s);
	return err;
}

/* curthread recorded under confidentiality lockdown (refused) */
static int seed_lockdown(const char *dir, u32 a, struct seedprog *sp,
			struct seed *s)
{
	int err = 0;

	sp_init(sp);
	{
		const struct sonde_insn code[] = {
			I(SONDE_OP_LDB, 1, 0, 0, SONDE_B_curthread),
			I(SONDE_OP_EMIT8, 0, 1, 0, 0),
			I(SONDE_OP_RET, 0, 0, 0, 0),
		};

		sp_clause(sp, code, 3, 8, a);
	}
	s->n = 0;
	put_world(s, LOCKDOWN_CONFIDENTIALITY_MAX);
	put_load(s);
	put_below(s, FZ_MAX_OPS, 3);
	put_simple(s, FZ_OP_GO);
	put_fire(s, 0, 0, 0, 0);
	put_drain(s, false, 0);
	err |= seed_write(dir, "lockdown-curthread", sp, s);
	return err;
}

/* bufsize 1 GB: more than half of the memory available (refused) */
static int seed_bufsize(const char *dir, u32 a, struct seedprog *sp,
			struct seed *s)
{
	int err = 0;

	sp_init(sp);
	{
		const struct sonde_insn code[] = {
			I(SONDE_OP_RET, 0, 0, 0, 0),
		};

		sp_clause(sp, code, 1, 0, a);
	}
	sp_opt(sp, SONDE_OPT_bufsize, 1ULL << 30);
	s->n = 0;
	put_world(s, LOCKDOWN_NONE);
	put_load(s);
	put_below(s, FZ_MAX_OPS, 1);
	put_simple(s, FZ_OP_GO);
	err |= seed_write(dir, "bufsize-over-memory", sp, s);

	return err;
}

/*
 * Issue 29, finding 1, for the cost oracle: alloca(), copyinto() and
 * progenyof() were priced as a strsize string operation (8 units here)
 * whatever they did; a firing of this clause did over ten times what it
 * was charged.  Priced from their rows of vm/cost.c it loads, fires and
 * stays within its charge.
 */
static int seed_cost(const char *dir, u32 a, struct seedprog *sp,
		     struct seed *s)
{
	static struct sonde_insn code[96];
	u32 n = 0, i;
	int err = 0;

	sp_init(sp);
	code[n++] = I(SONDE_OP_MOVI, 1, 0, 0, 32768);
	code[n++] = I(SONDE_OP_CALL, 6, 1, 1, SONDE_SUBR_alloca);
	code[n++] = I(SONDE_OP_MOVI, 4, 0, 0, (s32)(FZ_KBASE + 0x1000));
	code[n++] = I(SONDE_OP_MOVI, 5, 0, 0, 256);
	for (i = 0; i < 64; i++)	/* copyinto(r4, r5, r6) */
		code[n++] = I(SONDE_OP_CALL, 7, 4, 3, SONDE_SUBR_copyinto);
	code[n++] = I(SONDE_OP_MOVI, 1, 0, 0, 1);
	for (i = 0; i < 8; i++)
		code[n++] = I(SONDE_OP_CALL, 7, 1, 1, SONDE_SUBR_progenyof);
	code[n++] = I(SONDE_OP_RET, 0, 0, 0, 0);
	sp_clause(sp, code, n, 0, a);
	sp_opt(sp, SONDE_OPT_strsize, 8);
	sp_opt(sp, SONDE_OPT_scratchsize, 65536);
	s->n = 0;
	/* put_world(), with a full user window to copy from */
	put_chance(s, 90, true);
	put_chance(s, 95, true);
	put_below(s, sizeof(kshim_world.mem) + 1, sizeof(kshim_world.mem));
	for (i = 0; i < sizeof(kshim_world.mem); i++)
		put8(s, 'a');
	for (i = 0; i < SONDE_NUREGS; i++)
		put_val64(s, 0);
	put_chance(s, 30, false);
	put_load(s);
	put_below(s, FZ_MAX_OPS, 3);
	put_simple(s, FZ_OP_GO);
	put_fire(s, 0, 0, 0, 0);
	put_fire(s, 0, 0, 1, 0);
	err |= seed_write(dir, "cost-underpriced-subroutines", sp, s);
	return err;
}

int main(int argc, char **argv)
{
	static int (*const seeds[])(const char *, u32, struct seedprog *,
				    struct seed *) = {
		seed_commit, seed_llquantize, seed_aggsize, seed_dynvar,
		seed_bufpolicy, seed_error_clause, seed_deadman, seed_index,
		seed_over_budget, seed_lockdown, seed_bufsize, seed_cost,
	};
	static struct seedprog sp;
	static struct seed s;
	const char *dir = argc > 1 ? argv[1] : ".";
	int err = 0;
	size_t k;

	fz_init();
	for (k = 0; k < sizeof(seeds) / sizeof(seeds[0]); k++)
		err |= seeds[k](dir, fz_ids[0], &sp, &s);
	return err ? 1 : 0;
}
#endif /* FUZZ_KMOD_MKSEEDS */
