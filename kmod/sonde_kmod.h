/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sonde_kmod.h - the module's internal interfaces: probes and providers,
 * consumer state, per-CPU buffers, the firing path.
 *
 * Locking: sonde_lock (a mutex) protects the probe table, every probe's
 * ECB list changes and arming.  A consumer's own ioctls are serialised by
 * its state->lock, taken outside sonde_lock.  Probe context reads ECB
 * lists under RCU with interrupts off and takes no lock.
 */
#ifndef _SONDE_KMOD_H
#define _SONDE_KMOD_H

#include <linux/irq_work.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/ktime.h>
#include <linux/timekeeping.h>
#include <linux/workqueue.h>

#include "sonde.h"
#include "vm.h"
#include "env.h"

struct mem_cgroup;
struct pt_regs;
struct sonde_probe;
struct sonde_state;

extern struct mutex sonde_lock;

/**
 * struct sonde_provider - a source of probes.
 * @name:    provider name as D spells it
 * @provide: create probes matching @desc on demand for consumer @st's
 *           listing (may be NULL); called with sonde_lock held, may
 *           sleep
 * @destroy: free what the provider attached to @p (module exit; may be
 *           NULL)
 * @enable:  arm @p (its first ECB arrived); sonde_lock held, may sleep
 * @disable: disarm @p (its last ECB left); sonde_lock held, may sleep.
 *           Handlers may still be running when it (or @commit) returns:
 *           callers wait with sonde_sync() before freeing what handlers
 *           use.
 * @commit:  (may be NULL) apply the enables and disables since the last
 *           commit, in one batch: a provider whose @enable and @disable
 *           only mark probes arms and disarms them here.  Called once
 *           after each arming or disarming pass, sonde_lock held.  An
 *           error means none of the marked enables took effect.
 * @listed:  (may be NULL) does a listing show @p?  A probe whose code is
 *           gone (fbt: its module unloaded) keeps its id, for the
 *           consumers that loaded it, but is not listed.  sonde_lock held.
 * @offer_kind, @offer: (may be 0/NULL) SONDE_IOC_OFFER's entries of this
 *           SONDE_OFFER_* kind, well formed (probe.c checked): make probes
 *           of those the kernel confirms, count the others refused.
 *           sonde_lock held, may sleep.
 * @flags:   SONDE_PROVF_*
 * @artificial: (may be NULL) is @pc a frame of the provider's own firing
 *           machinery (a tracepoint iterator), above the probed code?
 *           stack() drops a leading run of them.  Probe context.
 * @kaddr_args: the arguments that may be kernel addresses (a task, a
 *           request, a kernel PC), bit N for argN: a clause that reads
 *           one is refused under confidentiality lockdown, which lets no
 *           kernel address reach userland
 */
struct sonde_provider {
	const char *name;
	/* how stack() starts at the probed code (SONDE_PROVF_*,
	 * artificial()) */
	u32 flags;
	u32 kaddr_args;
	bool (*artificial)(struct sonde_probe *p, unsigned long pc);
	int (*provide)(struct sonde_state *st,
		       const struct sonde_probe_desc *desc);
	void (*destroy)(struct sonde_probe *p);
	int (*enable)(struct sonde_probe *p);
	void (*disable)(struct sonde_probe *p);
	int (*commit)(void);
	bool (*listed)(struct sonde_probe *p);
	u32 offer_kind;
	int (*offer)(const struct sonde_offer_ent *ents, u32 n,
		     struct sonde_offer *res);
};

/**
 * struct sonde_probe - one probe point.
 * @id:       probe id (>= 1), stable while the module is loaded
 * @prov:     its provider
 * @mod, @func, @name: the rest of its name (provider-owned strings)
 * @nargs:    arguments it provides
 * @data:     provider data
 * @ecbs:     enablings of every consumer, in arming order (RCU list)
 * @nenabled: number of ECBs on @ecbs (sonde_lock)
 * @res_ecbs, @res_cost: enablings loaded on it by every consumer and
 *            their cost: what one firing may run (sonde_lock; LOAD keeps
 *            them within SONDE_MAX_PROBE_ECBS and SONDE_FIRING_BUDGET)
 * @provname: the provider name D sees, when not @prov's (user probes)
 * @owner:    the only consumer that lists and enables it (user probes),
 *            NULL for everyone's
 * @flags:    SONDE_PROBEF_*, set by its provider when it creates it
 */
struct sonde_probe {
	u32 id;
	const struct sonde_provider *prov;
	const char *provname;
	struct sonde_state *owner;
	const char *mod;
	const char *func;
	const char *name;
	u32 nargs;
	u32 flags;
	unsigned long data;
	struct list_head ecbs;
	u32 nenabled;
	u32 res_ecbs;
	u64 res_cost;
};

/*
 * The provider's sonde_fire.regs are the probed code's own registers
 * (kprobe, kretprobe): stack() unwinds from them, so it starts at the
 * probed code without any kprobe/ftrace frames.
 */
#define SONDE_PROVF_REGS_STACK	0x1
/* Every argument (arg0..arg9) as a mask of sonde_provider.kaddr_args. */
#define SONDE_ARGS_ALL		0x3ff

/* Probe flags (struct sonde_probe.flags). */
#define SONDE_PROBEF_KPROBE	0x1	/* armed as a kprobe: refused under
					 * lockdown (LOCKDOWN_KPROBES) */

struct sonde_usite;

/*
 * The firing's arguments, as a provider hands them over.  A user probe's
 * are evaluated at their first use (bit i of @lazy: args[i] is not yet,
 * sonde_uprobe_arg() reads it from @usite's location): a USDT probe
 * names several and a clause reads one or two, each a load of the saved
 * registers or of user memory.
 */
struct sonde_fire {
	u64 args[10];
	struct pt_regs *regs;
	s32 errno_val;
	u16 lazy;
	const struct sonde_usite *usite;	/* with @lazy */
};

/*
 * Probe-context frames are declared __uninitialized and filled field by
 * field, with this for a sonde_fire.  Debian's kernel is built with
 * CONFIG_INIT_STACK_ALL_ZERO: every other struct on the stack (and every
 * `= { }`) is cleared with `rep stos` on function entry, and under TCG
 * each word of that is one emulated block: the clearing cost more than
 * the rest of the firing (bench/tcgprof.c counted it).
 * bench/hotpath-check.sh keeps `rep` out of the firing path.
 */
static __always_inline void sonde_fire_init(struct sonde_fire *f,
					    struct pt_regs *regs)
{
	f->args[0] = 0;
	f->args[1] = 0;
	f->args[2] = 0;
	f->args[3] = 0;
	f->args[4] = 0;
	f->args[5] = 0;
	f->args[6] = 0;
	f->args[7] = 0;
	f->args[8] = 0;
	f->args[9] = 0;
	f->regs = regs;
	f->errno_val = 0;
	f->lazy = 0;
}

/*
 * A raw spinlock taken in probe context with a bounded wait: at most
 * SONDE_SPIN_MAX tries (vm.h), then false, and the caller counts its
 * update as a drop.  The holders' critical sections are short (one hash
 * chain of at most SONDE_CHAIN_MAX entries, one record), so a miss means
 * heavy contention; the wait is bounded whatever the number of CPUs.
 */
static __always_inline bool sonde_spin_lock(raw_spinlock_t *lock)
{
	u32 i;

	for (i = 0; i < SONDE_SPIN_MAX; i++) {
		if (raw_spin_trylock(lock))
			return true;
		cpu_relax();
	}
	return false;
}

/*
 * The large allocations (buffers, at LOAD and as they grow, the
 * dynamic-variable pool, speculations, scratch): under memory pressure
 * they fail, and LOAD with them (a growth keeps what it has), rather than
 * wake the OOM killer; LOAD first reserves their total
 * (sonde_state_memory()).  Charged to the consumer's memory cgroup.
 */
#define SONDE_GFP_BIG	(GFP_KERNEL_ACCOUNT | __GFP_NORETRY | __GFP_NOWARN)

/*
 * A consumer's memory reservation (state.c, "Resource limits" in
 * docs/vm.md).  LOAD reserves the most its state may ever hold (every
 * CPU's buffers at full size, both areas, the pools, scratch) in one
 * account shared by every consumer, which stays within half of the
 * machine's memory; close gives it back.  What the buffers allocate, at
 * LOAD and as they grow after GO (buf.c), is charged to the reservation,
 * and a charge past it is refused (a bug: WARN_ON_ONCE()).  The large
 * allocations are also charged to the consumer's memory cgroup
 * (__GFP_ACCOUNT above; @memcg for those the grower makes).  Fields under
 * the state's lock, or with nothing else running (LOAD, teardown).
 */
struct sonde_mem {
	u64 reserved;		/* bytes, in the module-wide account */
	u64 fixed;		/* of which LOAD's own allocations, charged
				 * whole: they never grow */
	u64 used;		/* bytes charged */
	struct mem_cgroup *memcg;	/* the consumer's, held; or NULL */
};

bool sonde_mem_charge(struct sonde_mem *m, u64 bytes);
void sonde_mem_uncharge(struct sonde_mem *m, u64 bytes);

/* Probe table (probe.c). */
struct sonde_probe *sonde_probe_create(const struct sonde_provider *prov,
				       const char *mod, const char *func,
				       const char *name, u32 nargs,
				       unsigned long data);
struct sonde_probe *sonde_probe_lookup(u32 id);
u32 sonde_probe_find(struct sonde_state *st,
		     const struct sonde_probe_desc *desc);
int sonde_probe_list(struct sonde_state *st, struct sonde_probes *req);
int sonde_probe_offer(struct sonde_offer *req);
int sonde_providers_commit(void);
u32 sonde_probe_count(void);
bool sonde_glob_match(const char *pat, const char *s);
bool sonde_glob_literal(const char *pat);
void sonde_probe_destroy(struct sonde_probe *p);
bool sonde_provider_named(const char *name);

static inline const char *sonde_probe_provname(const struct sonde_probe *p)
{
	return p->provname ? p->provname : p->prov->name;
}
void sonde_probes_destroy(void);

/*
 * The firing path (fire.c): run every ECB on @p (of @only if not NULL).
 * Any context; interrupts are disabled inside.  sonde_sync() waits for
 * the firings in flight; sonde_probe_testfire() is below, with
 * SONDE_IOC_TESTRUN's memory window.
 */
void sonde_probe_fire(struct sonde_probe *p, struct sonde_state *only,
		      struct sonde_fire *f);
bool sonde_firing_here(void);
void sonde_sync(void);

/* Providers. */
int sonde_dtrace_init(void);
extern struct sonde_probe *sonde_probe_begin, *sonde_probe_end,
	*sonde_probe_error;
void sonde_syscall_exit(void);
int sonde_profile_init(void);
void sonde_profile_release(struct sonde_state *st);
extern const struct sonde_provider sonde_dtrace_provider;
extern const struct sonde_provider sonde_syscall_provider;
extern const struct sonde_provider sonde_profile_provider;
/* Kernel function and tracepoint providers (prov_fbt.c, prov_tp.c,
 * prov_stable.c) */
int sonde_fbt_init(void);
void sonde_fbt_exit(void);
u32 sonde_fbt_generation(void);
u32 sonde_fbt_offered(const struct sonde_probe_desc *desc);
void sonde_fbt_offer_done(const struct sonde_offer_ent *ents, u32 n);
void sonde_tracepoint_exit(void);
struct tracepoint *sonde_tracepoint_find(const char *name);
extern const struct sonde_provider sonde_fbt_provider;
extern const struct sonde_provider sonde_tp_provider;
extern const struct sonde_provider sonde_sched_provider;
extern const struct sonde_provider sonde_proc_provider;
extern const struct sonde_provider sonde_io_provider;
extern const struct sonde_provider sonde_lockstat_provider;
/* the network: ip, tcp, udp (prov_net.c) */
extern const struct sonde_provider sonde_ip_provider;
extern const struct sonde_provider sonde_tcp_provider;
extern const struct sonde_provider sonde_udp_provider;
/* CPU performance counters (prov_cpc.c) */
extern const struct sonde_provider sonde_cpc_provider;
void sonde_cpc_release(struct sonde_state *st);
/* User probes: USDT and pid (prov_uprobe.c) */
extern const struct sonde_provider sonde_uprobe_provider;
int sonde_uprobe_create(struct sonde_state *st, struct sonde_uprobe *req);
void sonde_uprobes_destroy(struct sonde_state *st);
int sonde_rdv_ioctl(struct sonde_state *st, struct sonde_rdv *req);
void sonde_rdvs_close(struct sonde_state *st);
void sonde_rdvs_destroy(struct sonde_state *st);
bool sonde_uprobe_func_entry(const struct sonde_probe *p);
void sonde_uprobe_arg(struct sonde_fire *f, u32 n);

/* A principal or aggregation buffer of one CPU: an active and an inactive
 * data area, switched on the CPU itself (IPI) so probe context never
 * waits. */
struct sonde_buf {
	u8 *data[2];		/* [active ^ 1] made on first use: buf.c */
	u32 active;		/* index of the area probes write */
	u32 size;		/* bytes per area */
	int node;		/* NUMA node of the areas */
	/* a switch buffer's areas are mapped and grown as they fill
	 * (buf.c); the others are whole from the start (cap = size) */
	u32 cap[2];		/* bytes of each area there are pages for */
	struct page **pages[2];	/* a grown area's pages; NULL: vmalloc'd */
	u32 npages[2];
	bool grow;		/* probe context asked for more */
	struct irq_work grow_iw;	/* ... and this passes it on */
	struct work_struct *grow_work;	/* to its state's grower */
	struct sonde_mem *mem;	/* its state's reservation: every area,
				 * page array and bucket table is charged */
	u32 offset[2];		/* bytes used */
	u64 drops[2];
	u64 errors[2];
	/* aggregation buffers: each area's hash buckets, apart from it
	 * (the area holds records only, so it can be grown as they come) */
	u32 nbuckets;
	u32 *buckets[2];
	/* principal buffers' policy (SONDE_BUFPOLICY_*): fill and ring use
	 * the active area only, read once tracing has stopped */
	u32 policy;
	u32 keep;		/* fill: bytes kept back for END */
	u32 ring_end;		/* ring: end of the older lap's records */
	u32 oldest;		/* ring: first record of the older lap */
	bool wrapped;		/* ring: the writer has lapped */
	bool full;		/* fill: the buffer filled */
};

/* Everything one CPU needs in probe context, on its own cache lines. */
struct sonde_pcpu {
	struct sonde_buf buf;
	struct sonde_buf agg;
	char *scratch;		/* scratch_size bytes, then room for a
				 * dynamic variable's full key */
	u8 *locals;		/* clause-local (this->) variables */
	u64 *stackbuf;		/* 255 frames: stack() aggregation keys */
	u64 rand;		/* rand() state */
	u32 scratch_gen;	/* the last run's scratch generation
				 * (struct sonde_vm_ctx.gen) */
	u64 recdrops;
	u64 nmidrops;
	u64 dyndrops;
	u64 specdrops;
	u64 specbusy;
	u64 specunavail;
	u64 jstackdrops;
} ____cacheline_aligned_in_smp;

/**
 * struct sonde_kecb - an enabling: a clause of a state on a probe.
 */
struct sonde_kecb {
	struct list_head plink;		/* on probe->ecbs */
	struct sonde_state *st;
	struct sonde_probe *probe;
	const struct sonde_clause *clause;
	struct sonde_fastpred fastpred;	/* the predicate, fused (vm.h) */
	struct sonde_fastact fastact;	/* the actions, fused (vm.h), when
					 * the clause records nothing */
	bool aggdirect;			/* and they are `@ = count()`: no
					 * load, no key (fire.c) */
	u32 epid;
	u32 cost;			/* of one firing, at worst */
	bool armed;
	bool reserved;			/* counted in probe->res_* */
};

/* Enablings one SONDE_IOC_ENABLE added: EPIDs @first + 1 on. */
struct sonde_kecb_more {
	struct sonde_kecb_more *next;
	u32 first;
	u32 n;
	struct sonde_kecb ecbs[];
};

/* A jstack() helper (jhelper.c): an interpreter's layout and where its
 * runtime is, for the processes of an executable or for one process. */
struct sonde_kjhelper {
	struct sonde_pyoffsets off;
	struct inode *inode;		/* by executable: its inode (held) */
	struct pid *pid;		/* by process: its pid (held) */
	u64 text;			/* link-time start of the executable
					 * segment (mm->start_code) */
	u64 runtime;			/* link-time, or in @pid */
	u32 max_threads, max_interps;
};

/* Consumer state, one per open file of /dev/sonde. */
struct sonde_state {
	struct mutex lock;		/* serialises this fd's ioctls */
	int activity;			/* SONDE_ACT_*, cmpxchg'd */
	int exit_status;
	void *image;
	struct sonde_image img;
	/* LOAD's verdict had the kernel been locked down for
	 * confidentiality (0 or -EPERM), for GO to apply if it is now */
	int conf_err;
	struct sonde_kecb *ecbs;
	u32 necbs;			/* the image's (LOAD's) */
	/* enablings added after LOAD (SONDE_IOC_ENABLE), one block per
	 * call, EPIDs following the image's; sonde_state_ecb() finds any */
	struct sonde_kecb_more *more;
	u32 nall;			/* necbs + the added ones */
	struct sonde_pcpu **pcpu;	/* [nr_cpu_ids] */
	u32 scratch_size;
	u32 *agg_vsize;			/* value bytes of each aggregation */
	u32 *agg_hash0;			/* the hash of its empty key (no
					 * keys: `@ = count()`), at LOAD */
	u8 *globals;			/* global scalars */
	u32 *var_off;			/* sonde_vars_layout() */
	struct sonde_dvars *dvars;	/* thread-locals, arrays (dynvar.c) */
	struct sonde_spec *specs;	/* speculations (spec.c) */
	u32 hash_seed;			/* aggregation keys' hash (random) */
	u32 nspec;
	u32 specsize;
	bool armed;
	/* the deadman: last sign of life from the consumer, and its check */
	unsigned long alive;		/* jiffies */
	pid_t owner;			/* the process that opened it */
	struct delayed_work deadman;
	/* drops and errors already reported by DRAIN/AGGSNAP, for STATUS */
	u64 drained_drops, drained_errors, drained_aggdrops;
	/* user probes it created (prov_uprobe.c; sonde_lock) */
	struct list_head uprobes;
	u32 nusites;
	/* rendezvous at the dynamic linker (prov_uprobe.c), made by the
	 * first SONDE_IOC_RDV (st->lock) */
	struct sonde_rdvs *rdv;
	/* tick-N / profile-N probes its listings hold (prov_profile.c;
	 * sonde_lock) */
	struct list_head timer_refs;
	u32 ntimer_refs;
	/* cpc probes its listings hold (prov_cpc.c; sonde_lock) */
	struct list_head cpc_refs;
	u32 ncpc_refs;
	/* jstack() helpers (jhelper.c): set before GO, read by firings */
	struct sonde_kjhelper jhelpers[SONDE_MAX_JHELPERS];
	u32 njhelpers;
	/* user stack tables (ustack.c): set by the ioctl (st->lock),
	 * read by firings under RCU; utab_room is what LOAD reserved for
	 * them (0: the program records no user stack), utab_used what
	 * they hold */
	struct sonde_kutab __rcu *utabs[SONDE_UTAB_MAX_PIDS];
	u64 utab_room, utab_used;
	/* grows the principal buffers' areas as they fill (buf.c) */
	struct work_struct buf_grow;
	bool grow_all;		/* GO's request: on to bufsize */
	/* the memory LOAD reserved for it and what it holds (state.c) */
	struct sonde_mem mem;
	/* the anonymous enabling (anon.c): the file it was loaded from
	 * (kvmalloc'd, anon_size bytes), GO's time and BEGIN's CPU;
	 * anon_waiting while no consumer has claimed it (the deadman
	 * spares it); anon_prev, the claimant's own empty state, freed
	 * with it */
	void *anon_file;
	u32 anon_size;
	u32 anon_begin_cpu;
	u64 anon_loaded_ns;
	bool anon_waiting;
	struct sonde_state *anon_prev;
};

struct sonde_state *sonde_state_create(void);
struct sonde_kecb *sonde_state_ecb(struct sonde_state *st, u32 i);
int sonde_state_enable(struct sonde_state *st, struct sonde_enable *req);
void sonde_state_destroy(struct sonde_state *st);
int sonde_state_load(struct sonde_state *st, struct sonde_load *req);
int sonde_state_load_kernel(struct sonde_state *st, void *image, u32 size,
			    struct sonde_vlog *log);

/* The anonymous enabling (anon.c). */
struct file;
void sonde_anon_init(void);
void sonde_anon_exit(void);
void sonde_anon_release(struct sonde_state *st);
int sonde_anon_claim(struct file *file, struct sonde_anon *req);
int sonde_state_go(struct sonde_state *st, struct sonde_go *req);
int sonde_state_stop(struct sonde_state *st, struct sonde_stop *req);
int sonde_state_status(struct sonde_state *st, struct sonde_status *req);
int sonde_state_drain(struct sonde_state *st, struct sonde_drain *req,
		      bool agg);

/* Buffers (buf.c) and aggregations (agg.c). */
int sonde_agg_alloc(struct sonde_buf *b, u32 aggsize, int node,
		    struct work_struct *grow, struct sonde_mem *mem);
int sonde_buf_alloc(struct sonde_buf *b, u32 size, int node,
		    struct work_struct *grow, struct sonde_mem *mem);
u64 sonde_buf_max_mem(u32 size, u32 policy);
u64 sonde_agg_max_mem(u32 aggsize);
void sonde_buf_free(struct sonde_buf *b);
void sonde_buf_grow_fn(struct work_struct *w);
void sonde_buf_grow_all(struct sonde_state *st);
void *sonde_buf_reserve(struct sonde_buf *b, u32 size);
int sonde_buf_snap(struct sonde_state *st, u32 cpu, bool agg,
		   struct sonde_drain *req);
void sonde_agg_reset(struct sonde_buf *b, u32 area, u32 used);
u32 sonde_agg_nbuckets(u32 size);
void sonde_agg_update(struct sonde_state *st, struct sonde_buf *b,
		      u32 aggid, const struct sonde_key *key, s64 x, s64 incr);

/* Destructive actions (destruct.c); sonde_env_destruct() is vm/env.h's. */
void sonde_destruct_init(void);
void sonde_dpath_init(void);

/*
 * DTrace's cpuinfo_t (the D library's sched.d), one per CPU: curcpu, and
 * what sched:::enqueue and dequeue pass as arg2.  Filled at module load;
 * read-only after.
 */
struct sonde_cpuinfo {
	s32 cpu_id;
	s32 cpu_pset;		/* no processor sets: 0, as Oracle's */
	s32 cpu_chip;		/* the physical package */
	s32 cpu_lgrp;		/* the NUMA node */
};
DECLARE_PER_CPU(struct sonde_cpuinfo, sonde_cpuinfo);
void sonde_cpuinfo_init(void);
void sonde_destruct_exit(void);
int sonde_destruct_check(const struct sonde_image *img,
			 struct sonde_vlog *log);

/* jstack() helpers (jhelper.c). */
int sonde_jhelper_add(struct sonde_state *st, struct sonde_jhelper *req);
void sonde_jhelpers_free(struct sonde_state *st);
bool sonde_jhelper_find(struct sonde_state *st, struct sonde_jwalk *w);

/* User stacks (ustack.c). */
struct sonde_kutab;
int sonde_utab_set(struct sonde_state *st, struct sonde_utab *req);
void sonde_utabs_free(struct sonde_state *st);
u32 sonde_ustack(struct sonde_state *st, bool entry, u64 *pcs, u32 n);

/* Speculations (spec.c).  ctx->spec holds SONDE_SPEC_SET | id. */
#define SONDE_SPEC_SET	0x80000000u
struct sonde_spec;
int sonde_specs_create(struct sonde_state *st);
void sonde_specs_destroy(struct sonde_state *st);
void sonde_spec_record(struct sonde_state *st, struct sonde_pcpu *pc,
		       u32 cpu, u32 spec, const struct sonde_rechdr *h);
/* sonde_env_spec() (env.h): speculation(), speculate(), commit(),
 * discard() */
u32 sonde_spec_subr(struct sonde_vm_ctx *ctx, u32 subr, u64 id, u64 *ret);

/* Dynamic variables (dynvar.c). */
struct sonde_dvars;
int sonde_dvars_create(struct sonde_state *st, struct sonde_vlog *log);
void sonde_dvars_destroy(struct sonde_state *st);
int sonde_dvars_arm(struct sonde_state *st);
void sonde_dvars_disarm(struct sonde_state *st);
/* sonde_env_dload() / sonde_env_dstore() (env.h) */
void sonde_dvar_load(struct sonde_vm_ctx *ctx, u32 var, const void *key,
		     u32 key_size, void *out, u32 size);
void sonde_dvar_store(struct sonde_vm_ctx *ctx, u32 var, const void *key,
		      u32 key_size, const void *val, u32 size);

/* The firing state the VM's host port sees (env.c): ctx->env. */
struct sonde_mstate {
	struct sonde_probe *probe;
	struct sonde_fire *fire;
	struct sonde_state *st;
	struct sonde_pcpu *pc;
	u64 timestamp;		/* read on first use: sonde_ms_timestamp() */
	bool have_ts;
	bool uok;		/* the address space loaded is the
				 * thread's: user loads may go ahead
				 * (env.c, asked once a firing) */
	u32 cpu;
	/* sonde_probe_fire()'s own frame: stack() unwinds from its caller
	 * when the probe has no kernel registers of its own (the unwinder
	 * cannot walk the interpreter's computed goto) */
	unsigned long fire_ip, fire_fp;
	const struct sonde_testmem *test;	/* SONDE_IOC_TESTRUN only */
	struct sonde_testrun *tr;		/* ditto: what happened */
};

/*
 * The firing's timestamp, read from the clock the first time a clause
 * needs it (a record, the timestamp variable) and the same for the rest
 * of the firing, as DTrace's dtms_timestamp: a predicate that fails
 * costs no clock read.  Probe context.
 */
static inline u64 sonde_ms_timestamp(struct sonde_mstate *ms)
{
	if (!ms->have_ts) {
		ms->timestamp = ktime_get_mono_fast_ns();
		ms->have_ts = true;
	}
	return ms->timestamp;
}

/* The test memory window of SONDE_IOC_TESTRUN (see uapi/sonde.h). */
struct sonde_testmem {
	const u8 *kmem;		/* kernel copy of the window */
	u64 umem;		/* the caller's window */
	u32 size;
};

/* Translate a test-window address; false if @addr is outside it. */
bool sonde_test_addr(const struct sonde_testmem *t, bool user, u64 addr,
		     u32 size, u64 *real);
int sonde_state_testrun(struct sonde_state *st, struct sonde_testrun *req);
int sonde_probe_testfire(struct sonde_state *st, u32 epid,
			 struct sonde_fire *f, const struct sonde_testmem *t,
			 struct sonde_testrun *tr);

#endif /* _SONDE_KMOD_H */
