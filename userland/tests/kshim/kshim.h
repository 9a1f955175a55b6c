/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kshim.h - just enough of the kernel's API for kmod/'s consumer and
 * probe-context sources (state.c, probe.c, fire.c, buf.c, agg.c, spec.c,
 * dynvar.c, prov_dtrace.c) to compile unchanged in userland, under ASan and UBSan,
 * for the kernel-world fuzzer (userland/tests/fuzz_kmod.c).  The fake
 * <linux/...> headers next to this file all include it.
 *
 * What the world promises, so a sanitizer report means a module bug:
 *  - every allocation is malloc() of exactly the bytes the module asks
 *    for (kmalloc, kvmalloc and vmalloc alike), zeroed where the kernel's
 *    would be; any of them can be made to fail (kshim_fail_after);
 *  - CPUs are simulated: smp_processor_id() is kshim_cpu, and
 *    smp_call_function_single() runs the function "on" that CPU with
 *    interrupts off;
 *  - the rules of probe context are checked, not assumed: allocating,
 *    sleeping (mutexes, RCU waits, cond_resched) or taking a raw spinlock
 *    that is already held, with interrupts off, traps, as does a raw
 *    spinlock taken with interrupts on and a WARN_ON_ONCE() that fires;
 *  - user pointers are plain pointers (copy_*_user() are memcpy()s).
 * Single-threaded: concurrency is interleaving chosen by the fuzzer.
 */
#ifndef _SONDE_KSHIM_H
#define _SONDE_KSHIM_H

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <sys/types.h>

#include "vm_types.h"

/* ---- failures the fuzzer turns into crashes ------------------------------ */

#define KSHIM_BUG(what)	kshim_bug(__FILE__, __LINE__, what)
void kshim_bug(const char *file, int line, const char *what)
	__attribute__((noreturn));

#define WARN_ON_ONCE(c)							\
	({								\
		bool c_ = !!(c);					\
		if (c_)							\
			KSHIM_BUG("WARN_ON_ONCE(" #c ")");		\
		c_;							\
	})
#define WARN_ON(c)	WARN_ON_ONCE(c)
#define BUILD_BUG_ON(c)	_Static_assert(!(c), #c)

#define pr_info(...)		kshim_log(__VA_ARGS__)
#define pr_info_once(...)	kshim_log(__VA_ARGS__)
#define pr_info_ratelimited(...) kshim_log(__VA_ARGS__)
#define pr_warn(...)		kshim_log(__VA_ARGS__)
#define pr_warn_once(...)	kshim_log(__VA_ARGS__)
#define pr_err(...)		kshim_log(__VA_ARGS__)
void kshim_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- compiler and arithmetic --------------------------------------------- */

#define __user
#define __rcu
#define __must_check
#ifndef __always_inline
#define __always_inline	inline __attribute__((always_inline))
#endif
#define noinline	__attribute__((noinline))
#define __aligned(x)	__attribute__((aligned(x)))
#define ____cacheline_aligned_in_smp __attribute__((aligned(64)))
#define __init
#define __exit

#define container_of(ptr, type, member)					\
	((type *)((char *)(ptr) - offsetof(type, member)))
#define ALIGN(x, a)	(((x) + ((__typeof__(x))(a) - 1)) & ~((__typeof__(x))(a) - 1))
#define min(a, b)	({ __typeof__(a) a_ = (a); __typeof__(b) b_ = (b); a_ < b_ ? a_ : b_; })
#define max(a, b)	({ __typeof__(a) a_ = (a); __typeof__(b) b_ = (b); a_ > b_ ? a_ : b_; })
#define min_t(t, a, b)	({ t a_ = (a); t b_ = (b); a_ < b_ ? a_ : b_; })
#define max_t(t, a, b)	({ t a_ = (a); t b_ = (b); a_ > b_ ? a_ : b_; })
#define swap(a, b)	do { __typeof__(a) t_ = (a); (a) = (b); (b) = t_; } while (0)
#define READ_ONCE(x)	(*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
#define cmpxchg(p, o, n) __sync_val_compare_and_swap((p), (o), (n))
#define U32_MAX		UINT32_MAX
#define U64_MAX		UINT64_MAX
#define S64_MAX		INT64_MAX

static inline bool is_power_of_2(unsigned long n)
{
	return n && !(n & (n - 1));
}

static inline unsigned long roundup_pow_of_two(unsigned long n)
{
	unsigned long p = 1;

	while (p < n)
		p <<= 1;
	return p;
}

static inline unsigned long rounddown_pow_of_two(unsigned long n)
{
	unsigned long p = 1;

	if (!n)
		KSHIM_BUG("rounddown_pow_of_two(0)");
	while (p <= n / 2)
		p <<= 1;
	return p;
}

static inline unsigned long __ffs(unsigned long w)
{
	return (unsigned long)__builtin_ctzl(w);
}

static inline u64 div_u64(u64 a, u32 b)
{
	return a / b;
}

static inline u32 hash_64(u64 v, unsigned int bits)
{
	return (u32)((v * 0x61C8864680B583EBULL) >> (64 - bits));
}

u32 jhash(const void *key, u32 len, u32 initval);

static inline void *memchr_inv(const void *p, int c, size_t n)
{
	const u8 *b = p;

	for (; n; n--, b++)
		if (*b != (u8)c)
			return (void *)b;
	return NULL;
}

static inline ssize_t strscpy(char *dst, const char *src, size_t n)
{
	size_t l = strnlen(src, n);

	if (!n)
		return -E2BIG;
	if (l == n) {
		memcpy(dst, src, n - 1);
		dst[n - 1] = 0;
		return -E2BIG;
	}
	memcpy(dst, src, l + 1);
	return (ssize_t)l;
}

/* ---- errors as pointers --------------------------------------------------- */

#define MAX_ERRNO	4095
#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define IS_ERR_VALUE(x)	((unsigned long)(x) >= (unsigned long)-MAX_ERRNO)
static inline void *ERR_PTR(long e) { return (void *)e; }
static inline long PTR_ERR(const void *p) { return (long)p; }
static inline bool IS_ERR(const void *p) { return IS_ERR_VALUE(p); }
#define ERR_CAST(p)	((void *)(p))

/* ---- CPUs, interrupts, contexts ------------------------------------------ */

#define KSHIM_NR_CPUS	2
extern unsigned int nr_cpu_ids;
extern unsigned int kshim_cpu;		/* the CPU "running" now */
extern int kshim_irqs_off;		/* interrupts off on kshim_cpu */
extern int kshim_ctx;			/* 0 task, 1 softirq, 2 hardirq, 3 NMI */

#define smp_processor_id()	(kshim_cpu)
#define raw_smp_processor_id()	(kshim_cpu)
#define for_each_possible_cpu(c) for ((c) = 0; (c) < nr_cpu_ids; (c)++)
#define cpu_possible(c)		((c) < nr_cpu_ids)
#define num_possible_cpus()	(nr_cpu_ids)
#define cpu_online(c)		((c) < nr_cpu_ids)
#define cpu_to_node(c)		0
static inline void cpus_read_lock(void) { }
static inline void cpus_read_unlock(void) { }
int smp_call_function_single(int cpu, void (*fn)(void *), void *info,
			     int wait);

#define local_irq_save(f)	do { (f) = kshim_irqs_off; kshim_irqs_off = 1; } while (0)
#define local_irq_restore(f)	do { kshim_irqs_off = (int)(f); } while (0)
#define local_irq_disable()	do { kshim_irqs_off = 1; } while (0)
#define local_irq_enable()	do { kshim_irqs_off = 0; } while (0)
#define irqs_disabled()		(kshim_irqs_off)
#define preempt_disable()	do { } while (0)
#define preempt_enable()	do { } while (0)
#define in_nmi()		(kshim_ctx == 3)
#define in_hardirq()		(kshim_ctx >= 2)
#define in_serving_softirq()	(kshim_ctx == 1)

/* Per-CPU variables: an array indexed by the current CPU. */
#define DEFINE_PER_CPU(type, name)	__typeof__(type) name[KSHIM_NR_CPUS]
#define DECLARE_PER_CPU(type, name)	extern __typeof__(type) name[KSHIM_NR_CPUS]
#define __this_cpu_read(v)		((v)[kshim_cpu])
#define __this_cpu_write(v, x)		((v)[kshim_cpu] = (x))
#define this_cpu_read(v)		((v)[kshim_cpu])

/* ---- sleeping: never with interrupts off -------------------------------- */

void kshim_might_sleep(const char *what);
static inline void cond_resched(void) { kshim_might_sleep("cond_resched"); }
static inline void synchronize_rcu(void) { kshim_might_sleep("synchronize_rcu"); }
static inline void synchronize_rcu_expedited(void)
{
	kshim_might_sleep("synchronize_rcu_expedited");
}
struct srcu_struct { int unused; };
extern struct srcu_struct tracepoint_srcu;
static inline void synchronize_srcu(struct srcu_struct *s)
{
	kshim_might_sleep("synchronize_srcu");
}
static inline void synchronize_srcu_expedited(struct srcu_struct *s)
{
	kshim_might_sleep("synchronize_srcu_expedited");
}
static inline void tracepoint_synchronize_unregister(void)
{
	kshim_might_sleep("tracepoint_synchronize_unregister");
}
static inline bool fatal_signal_pending(void *t) { return false; }

/* ---- locks ---------------------------------------------------------------- */

struct mutex {
	int held;
};
#define DEFINE_MUTEX(m)		struct mutex m = { 0 }
#define mutex_init(m)		((m)->held = 0)
void mutex_lock(struct mutex *m);
void mutex_unlock(struct mutex *m);
#define lockdep_assert_held(m)						\
	do {								\
		if (!(m)->held)						\
			KSHIM_BUG("lock not held: " #m);		\
	} while (0)

/* A raw spinlock taken twice is a deadlock in the kernel: trap. */
typedef struct {
	int held;
} raw_spinlock_t;
#define raw_spin_lock_init(l)	((l)->held = 0)
void raw_spin_lock(raw_spinlock_t *l);
void raw_spin_unlock(raw_spinlock_t *l);
/* another CPU holds it, in this world, when kshim_contended says so */
bool raw_spin_trylock(raw_spinlock_t *l);
extern int kshim_contended;	/* trylocks to fail from now on */
static inline void cpu_relax(void) { }

typedef struct {
	int counter;
} atomic_t;
#define atomic_read(a)		READ_ONCE((a)->counter)
#define atomic_set(a, v)	WRITE_ONCE((a)->counter, (v))
#define atomic_cmpxchg(a, o, n)	cmpxchg(&(a)->counter, (o), (n))
#define atomic_inc(a)		((a)->counter++)
#define atomic_dec(a)		((a)->counter--)

/* ---- lists (RCU flavours are the plain ones: one thread) ----------------- */

struct list_head {
	struct list_head *next, *prev;
};
#define LIST_HEAD_INIT(n)	{ &(n), &(n) }
#define LIST_HEAD(n)		struct list_head n = LIST_HEAD_INIT(n)

static inline void INIT_LIST_HEAD(struct list_head *l)
{
	l->next = l->prev = l;
}

static inline void list_add_between(struct list_head *n,
				    struct list_head *prev,
				    struct list_head *next)
{
	next->prev = n;
	n->next = next;
	n->prev = prev;
	prev->next = n;
}

static inline void list_add(struct list_head *n, struct list_head *h)
{
	list_add_between(n, h, h->next);
}

static inline void list_add_tail(struct list_head *n, struct list_head *h)
{
	list_add_between(n, h->prev, h);
}

static inline void list_del(struct list_head *e)
{
	e->next->prev = e->prev;
	e->prev->next = e->next;
	/* the kernel's poison: a use after list_del() faults */
	e->next = (void *)0x100;
	e->prev = (void *)0x122;
}

static inline void list_del_init(struct list_head *e)
{
	e->next->prev = e->prev;
	e->prev->next = e->next;
	INIT_LIST_HEAD(e);
}

static inline bool list_empty(const struct list_head *h)
{
	return h->next == h;
}

#define list_add_tail_rcu	list_add_tail
#define list_add_rcu		list_add
/* an RCU reader may still be on it: keep ->next valid, as the kernel */
static inline void list_del_rcu(struct list_head *e)
{
	e->next->prev = e->prev;
	e->prev->next = e->next;
	e->prev = (void *)0x122;
}

#define list_entry(p, t, m)	container_of(p, t, m)
#define list_first_entry(h, t, m) list_entry((h)->next, t, m)
#define list_for_each_entry(pos, head, m)				\
	for (pos = list_entry((head)->next, __typeof__(*pos), m);	\
	     &pos->m != (head);						\
	     pos = list_entry(pos->m.next, __typeof__(*pos), m))
#define list_for_each_entry_rcu(pos, head, m, ...) \
	list_for_each_entry(pos, head, m)
#define list_for_each_entry_safe(pos, n, head, m)			\
	for (pos = list_entry((head)->next, __typeof__(*pos), m),	\
	     n = list_entry(pos->m.next, __typeof__(*pos), m);		\
	     &pos->m != (head);						\
	     pos = n, n = list_entry(n->m.next, __typeof__(*n), m))

/* ---- allocation ------------------------------------------------------------ */

typedef unsigned int gfp_t;
#define GFP_KERNEL	0x1u
#define GFP_ATOMIC	0x2u
#define __GFP_ZERO	0x100u
#define __GFP_NORETRY	0x200u
#define __GFP_NOWARN	0x400u
#define __GFP_ACCOUNT	0x800u
#define GFP_KERNEL_ACCOUNT (GFP_KERNEL | __GFP_ACCOUNT)

/* exactly @size bytes (zeroed if @zero), or NULL when failure is due */
void *kshim_alloc(size_t size, bool zero);
/* the number of allocations to let through before one fails; -1: none */
extern long kshim_fail_after;

#define kmalloc(s, g)		kshim_alloc((s), (g) & __GFP_ZERO)
#define kzalloc(s, g)		kshim_alloc((s), true)
#define kzalloc_node(s, g, n)	kshim_alloc((s), true)
#define kmalloc_node(s, g, n)	kshim_alloc((s), (g) & __GFP_ZERO)
#define kvmalloc(s, g)		kshim_alloc((s), (g) & __GFP_ZERO)
#define kvzalloc(s, g)		kshim_alloc((s), true)
#define kvmalloc_node(s, g, n)	kshim_alloc((s), (g) & __GFP_ZERO)
#define kvzalloc_node(s, g, n)	kshim_alloc((s), true)
#define vmalloc(s)		kshim_alloc((s), false)
#define vzalloc(s)		kshim_alloc((s), true)
#define vmalloc_node(s, n)	kshim_alloc((s), false)
#define vzalloc_node(s, n)	kshim_alloc((s), true)
#define __vmalloc(s, g)		kshim_alloc((s), (g) & __GFP_ZERO)
#define __vmalloc_node(s, a, g, n, c) kshim_alloc((s), (g) & __GFP_ZERO)
void *kshim_calloc(size_t n, size_t size);
#define kcalloc(n, s, g)	kshim_calloc((n), (s))
#define kvcalloc(n, s, g)	kshim_calloc((n), (s))
#define kmalloc_array(n, s, g)	kshim_calloc((n), (s))
#define kvmalloc_array(n, s, g)	kshim_calloc((n), (s))
void kshim_free(const void *p);
#define kfree(p)		kshim_free(p)
#define kvfree(p)		kshim_free(p)
#define vfree(p)		kshim_free(p)

/* Memory the machine has, for the module's limits (pages). */
#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)

/*
 * Pages and vmap(): each page is a page-sized slot of one memory file,
 * and vmap() maps the slots side by side (MAP_SHARED), so two mappings of
 * a page alias as in the kernel: what is written through one is read
 * through the other.  Pages come zeroed only with __GFP_ZERO (otherwise
 * poisoned); they count as allocations for kshim_fail_after.
 */
struct page {
	unsigned long slot;
};
struct page *alloc_pages_node(int node, gfp_t gfp, unsigned int order);
void __free_page(struct page *pg);
#define VM_MAP		0x4u
#define PAGE_KERNEL	0
void *vmap(struct page **pages, unsigned int count, unsigned long flags,
	   int prot);
void vunmap(const void *addr);
extern unsigned long kshim_mem_available;	/* pages */
static inline long si_mem_available(void)
{
	return (long)kshim_mem_available;
}
/* The machine's memory: what is available at most (pages). */
static inline unsigned long totalram_pages(void)
{
	return kshim_mem_available;
}

/* Memory cgroups: none here; the module holds and drops NULL. */
struct mem_cgroup;
#define get_mem_cgroup_from_mm(mm)	((struct mem_cgroup *)NULL)
static inline void mem_cgroup_put(struct mem_cgroup *memcg)
{
}
static inline struct mem_cgroup *set_active_memcg(struct mem_cgroup *memcg)
{
	return NULL;
}

/* ---- user memory (plain pointers here) ----------------------------------- */

static inline void *u64_to_user_ptr(u64 p)
{
	return (void *)(uintptr_t)p;
}

static inline unsigned long copy_from_user(void *to, const void *from,
					   unsigned long n)
{
	if (!from && n)
		return n;
	memcpy(to, from, n);
	return 0;
}

static inline unsigned long copy_to_user(void *to, const void *from,
					 unsigned long n)
{
	if (!to && n)
		return n;
	memcpy(to, from, n);
	return 0;
}

static inline unsigned long clear_user(void *to, unsigned long n)
{
	memset(to, 0, n);
	return 0;
}

static inline void *memdup_user(const void *src, size_t n)
{
	void *p = kshim_alloc(n, false);

	if (!p)
		return ERR_PTR(-ENOMEM);
	memcpy(p, src, n);
	return p;
}

#define vmemdup_user(src, n)	memdup_user((src), (n))

/* ---- threads --------------------------------------------------------------- */

struct mm_struct;
struct task_struct {
	pid_t pid;
	pid_t tgid;
	char comm[16];
	unsigned int flags;
	struct mm_struct *mm;
};
extern struct task_struct *kshim_current;
#define current		(kshim_current)
static inline pid_t task_pid_nr(struct task_struct *t) { return t->pid; }
static inline pid_t task_tgid_nr(struct task_struct *t) { return t->tgid; }

/* ---- time ------------------------------------------------------------------- */

#define HZ		100
extern unsigned long jiffies;
static inline unsigned long msecs_to_jiffies(unsigned int ms)
{
	return (ms + 9) / 10;
}
#define time_before(a, b)	((long)((a) - (b)) < 0)
#define time_after(a, b)	time_before(b, a)
u64 ktime_get_mono_fast_ns(void);
u64 ktime_get_real_fast_ns(void);
u64 get_random_u64(void);
u32 get_random_u32(void);

/* ---- deferred work: run by the fuzzer when it moves time on ------------ */

struct work_struct {
	void (*func)(struct work_struct *w);
	bool wpending;			/* a plain work queued */
	struct work_struct *wnext;	/* on the shim's list of those */
};
struct delayed_work {
	struct work_struct work;
	unsigned long when;
	bool pending;
	struct delayed_work *next;	/* on the shim's pending list */
};
#define INIT_DELAYED_WORK(dw, fn)					\
	do {								\
		(dw)->work.func = (fn);					\
		(dw)->pending = false;					\
		(dw)->next = NULL;					\
	} while (0)
#define to_delayed_work(w)	container_of(w, struct delayed_work, work)
bool schedule_delayed_work(struct delayed_work *dw, unsigned long delay);
bool mod_delayed_work(void *wq, struct delayed_work *dw, unsigned long delay);
bool cancel_delayed_work_sync(struct delayed_work *dw);
#define system_wq	NULL

/* Plain work items, due at once (the next time the fuzzer runs works). */
#define INIT_WORK(w, fn)						\
	do {								\
		(w)->func = (fn);					\
		(w)->wpending = false;					\
		(w)->wnext = NULL;					\
	} while (0)
bool schedule_work(struct work_struct *w);
bool cancel_work_sync(struct work_struct *w);

/* irq_work: queued from probe context, run (interrupts on, as the
 * kernel's run right after the interrupt) when the fuzzer runs works. */
struct irq_work {
	void (*func)(struct irq_work *iw);
	bool pending;
	struct irq_work *next;
};
static inline void init_irq_work(struct irq_work *iw,
				 void (*fn)(struct irq_work *))
{
	iw->func = fn;
	iw->pending = false;
	iw->next = NULL;
}
bool irq_work_queue(struct irq_work *iw);
/* waits for @iw: a queued one runs now, as it would before this returns */
void irq_work_sync(struct irq_work *iw);

/* Run every pending irq_work, plain work and delayed work due at
 * jiffies. */
void kshim_run_works(void);

/* ---- an ID table (the probe table) ------------------------------------ */

struct xarray {
	void **slot;
	unsigned long nslots;
};
struct xa_limit {
	u32 min, max;
};
#define XA_LIMIT(lo, hi)	((struct xa_limit){ (lo), (hi) })
#define xa_limit_32b		XA_LIMIT(0, UINT32_MAX)
#define DEFINE_XARRAY_ALLOC1(n)	struct xarray n = { NULL, 0 }
int xa_alloc(struct xarray *xa, u32 *id, void *entry, struct xa_limit l,
	     gfp_t gfp);
void *xa_load(struct xarray *xa, unsigned long index);
void *xa_erase(struct xarray *xa, unsigned long index);
/* the first entry at an index >= *index, which is updated */
void *kshim_xa_find(struct xarray *xa, unsigned long *index);
#define xa_for_each_start(xa, index, entry, start)			\
	for ((index) = (start),						\
	     (entry) = kshim_xa_find((xa), &(index));			\
	     (entry);							\
	     (index)++, (entry) = kshim_xa_find((xa), &(index)))
#define xa_for_each(xa, index, entry) xa_for_each_start(xa, index, entry, 0)

/* ---- tracepoints: one, sched_process_exit, that the fuzzer fires ------- */

#define KSHIM_TP_MAX	8
struct tracepoint {
	const char *name;
	struct {
		void *probe;
		void *data;
	} funcs[KSHIM_TP_MAX];	/* registered handlers */
};
void for_each_kernel_tracepoint(void (*fn)(struct tracepoint *tp,
					   void *priv), void *priv);
int tracepoint_probe_register(struct tracepoint *tp, void *probe, void *data);
int tracepoint_probe_unregister(struct tracepoint *tp, void *probe,
				void *data);
/* A thread exits: sched_process_exit's handler runs, if one is armed. */
void kshim_task_exit(struct task_struct *t);

/* ---- kernel lockdown ---------------------------------------------------- */

enum lockdown_reason {
	LOCKDOWN_NONE,
	LOCKDOWN_MODULE_SIGNATURE,
	LOCKDOWN_INTEGRITY_MAX = 21,
	LOCKDOWN_KCORE,
	LOCKDOWN_KPROBES,
	LOCKDOWN_BPF_READ_KERNEL,
	LOCKDOWN_DBG_READ_KERNEL,
	LOCKDOWN_PERF,
	LOCKDOWN_TRACEFS,
	LOCKDOWN_CONFIDENTIALITY_MAX = 30,
};
/* LOCKDOWN_NONE, _INTEGRITY_MAX or _CONFIDENTIALITY_MAX */
extern int kshim_lockdown;
static inline int security_locked_down(enum lockdown_reason what)
{
	return what <= kshim_lockdown ? -EPERM : 0;
}

#endif /* _SONDE_KSHIM_H */
