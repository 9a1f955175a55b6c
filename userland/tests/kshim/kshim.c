// SPDX-License-Identifier: GPL-2.0
/*
 * kshim.c - the userland kernel of kshim.h: exact-size allocations with
 * failure injection, simulated CPUs and interrupt state, checked locks,
 * an ID table, deferred work and the sched_process_exit tracepoint, all
 * driven by the kernel-world fuzzer (userland/tests/fuzz_kmod.c).
 * Single-threaded.
 */
#include <stdarg.h>

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "kshim.h"

unsigned int nr_cpu_ids = KSHIM_NR_CPUS;
unsigned int kshim_cpu;
int kshim_irqs_off;
int kshim_ctx;
long kshim_fail_after = -1;
unsigned long kshim_mem_available = (1UL << 30) >> PAGE_SHIFT;
unsigned long jiffies = 100000;
int kshim_lockdown;
struct srcu_struct tracepoint_srcu;
bool kshim_verbose;

static struct task_struct kshim_init_task = {
	.pid = 100, .tgid = 100, .comm = "fuzz",
};
struct task_struct *kshim_current = &kshim_init_task;

void kshim_bug(const char *file, int line, const char *what)
{
	fprintf(stderr, "kshim: %s:%d: %s\n", file, line, what);
	abort();
}

void kshim_log(const char *fmt, ...)
{
	va_list ap;

	if (!kshim_verbose)
		return;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

void kshim_might_sleep(const char *what)
{
	if (kshim_irqs_off)
		kshim_bug(__FILE__, __LINE__, what);
}

int smp_call_function_single(int cpu, void (*fn)(void *), void *info,
			     int wait)
{
	unsigned int was_cpu = kshim_cpu;
	int was_off = kshim_irqs_off;

	kshim_might_sleep("smp_call_function_single");
	if ((unsigned int)cpu >= nr_cpu_ids)
		return -ENXIO;
	kshim_cpu = (unsigned int)cpu;
	kshim_irqs_off = 1;
	fn(info);
	kshim_cpu = was_cpu;
	kshim_irqs_off = was_off;
	return 0;
}

void mutex_lock(struct mutex *m)
{
	kshim_might_sleep("mutex_lock");
	if (m->held)
		KSHIM_BUG("mutex_lock: deadlock, the mutex is held");
	m->held = 1;
}

void mutex_unlock(struct mutex *m)
{
	if (!m->held)
		KSHIM_BUG("mutex_unlock of a free mutex");
	m->held = 0;
}

void raw_spin_lock(raw_spinlock_t *l)
{
	/* sonde takes its raw spinlocks in probe context, irqs off */
	if (!kshim_irqs_off)
		KSHIM_BUG("raw_spin_lock with interrupts on");
	if (l->held)
		KSHIM_BUG("raw_spin_lock: deadlock, the lock is held");
	l->held = 1;
}

int kshim_contended;

bool raw_spin_trylock(raw_spinlock_t *l)
{
	if (!kshim_irqs_off)
		KSHIM_BUG("raw_spin_trylock with interrupts on");
	if (l->held)
		KSHIM_BUG("raw_spin_trylock of a lock this CPU holds");
	if (kshim_contended > 0) {
		kshim_contended--;
		return false;
	}
	l->held = 1;
	return true;
}

void raw_spin_unlock(raw_spinlock_t *l)
{
	if (!l->held)
		KSHIM_BUG("raw_spin_unlock of a free lock");
	l->held = 0;
}

void *kshim_alloc(size_t size, bool zero)
{
	void *p;

	if (kshim_irqs_off)
		KSHIM_BUG("allocation with interrupts off");
	if (kshim_fail_after == 0)
		return NULL;
	if (kshim_fail_after > 0)
		kshim_fail_after--;
	/* never 0 bytes: malloc(0) may return NULL, the kernel's ZERO_SIZE_PTR
	 * is not; one byte keeps ASan exact enough */
	p = zero ? calloc(1, size ? size : 1) : malloc(size ? size : 1);
	return p;
}

void *kshim_calloc(size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		return NULL;
	return kshim_alloc(n * size, true);
}

void kshim_free(const void *p)
{
	free((void *)p);
}

/* ---- pages and vmap(): slots of one memory file, mapped side by side ---- */

#define KSHIM_SLOTS	(1UL << 16)	/* 256 MB of page slots */

static int kshim_memfd = -1;
/* which slots are in use; allocation is next-fit from the last one, so
 * an area's pages are mostly consecutive and vmap() maps them at once */
static u64 kshim_slot_used[KSHIM_SLOTS / 64];
static unsigned long kshim_slot_next;

static u8 *kshim_pages_base;	/* the whole file, mapped once */

struct page *alloc_pages_node(int node, gfp_t gfp, unsigned int order)
{
	struct page *pg;
	unsigned long slot = 0, i;

	if (order)
		KSHIM_BUG("alloc_pages_node() of more than one page");
	if (kshim_memfd < 0) {
		kshim_memfd = memfd_create("kshim-pages", 0);
		if (kshim_memfd < 0 ||
		    ftruncate(kshim_memfd, KSHIM_SLOTS * PAGE_SIZE))
			KSHIM_BUG("no memory file for pages");
		kshim_pages_base = mmap(NULL, KSHIM_SLOTS * PAGE_SIZE,
					PROT_READ | PROT_WRITE, MAP_SHARED,
					kshim_memfd, 0);
		if (kshim_pages_base == MAP_FAILED)
			KSHIM_BUG("mmap of the page file");
	}
	pg = kshim_alloc(sizeof(*pg), false);	/* may fail, as pages do */
	if (!pg)
		return NULL;
	for (i = 0; i < KSHIM_SLOTS; i++) {
		slot = (kshim_slot_next + i) % KSHIM_SLOTS;
		if (!(kshim_slot_used[slot / 64] & (1ULL << (slot % 64))))
			break;
	}
	if (i == KSHIM_SLOTS)
		KSHIM_BUG("out of page slots: a page leak?");
	kshim_slot_used[slot / 64] |= 1ULL << (slot % 64);
	kshim_slot_next = (slot + 1) % KSHIM_SLOTS;
	pg->slot = slot;
	/* zeroed or poisoned through the file's own mapping */
	memset(kshim_pages_base + slot * PAGE_SIZE,
	       gfp & __GFP_ZERO ? 0 : 0xa5, PAGE_SIZE);
	return pg;
}

void __free_page(struct page *pg)
{
	kshim_slot_used[pg->slot / 64] &= ~(1ULL << (pg->slot % 64));
	kshim_free(pg);
}

/* vmap()'s mappings and their lengths, for vunmap() */
struct kshim_vmap {
	void *addr;
	size_t len;
	struct kshim_vmap *next;
};
static struct kshim_vmap *kshim_vmaps;

void *vmap(struct page **pages, unsigned int count, unsigned long flags,
	   int prot)
{
	struct kshim_vmap *m;
	unsigned int i, run;
	u8 *base;

	kshim_might_sleep("vmap");
	if (!count)
		return NULL;
	m = kshim_alloc(sizeof(*m), false);
	if (!m)
		return NULL;
	/* and a guard page after: a write past the mapping faults */
	base = mmap(NULL, (count + 1) * PAGE_SIZE, PROT_NONE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (base == MAP_FAILED)
		KSHIM_BUG("mmap");
	/* consecutive slots in one mapping */
	for (i = 0; i < count; i += run) {
		for (run = 1; i + run < count &&
		     pages[i + run]->slot == pages[i]->slot + run; run++)
			;
		if (mmap(base + i * PAGE_SIZE, run * PAGE_SIZE,
			 PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED,
			 kshim_memfd, (off_t)(pages[i]->slot * PAGE_SIZE)) ==
		    MAP_FAILED)
			KSHIM_BUG("mmap of pages");
	}
	m->addr = base;
	m->len = (count + 1) * PAGE_SIZE;
	m->next = kshim_vmaps;
	kshim_vmaps = m;
	return base;
}

void vunmap(const void *addr)
{
	struct kshim_vmap **pp, *m;

	if (!addr)
		return;
	for (pp = &kshim_vmaps; *pp; pp = &(*pp)->next) {
		m = *pp;
		if (m->addr == addr) {
			*pp = m->next;
			munmap(m->addr, m->len);
			kshim_free(m);
			return;
		}
	}
	KSHIM_BUG("vunmap() of an address vmap() did not return");
}

/* Jenkins' one-at-a-time: any decent hash will do for the world */
u32 jhash(const void *key, u32 len, u32 initval)
{
	const u8 *k = key;
	u32 h = initval ^ 0x9e3779b9u;

	while (len--) {
		h += *k++;
		h += h << 10;
		h ^= h >> 6;
	}
	h += h << 3;
	h ^= h >> 11;
	h += h << 15;
	return h;
}

static u64 kshim_ns = 1000000;
static u64 kshim_rand = 0x853c49e6748fea9bULL;

u64 ktime_get_mono_fast_ns(void)
{
	return kshim_ns += 17;
}

u64 ktime_get_real_fast_ns(void)
{
	return 1700000000000000000ULL + kshim_ns;
}

u64 get_random_u64(void)
{
	kshim_rand ^= kshim_rand << 13;
	kshim_rand ^= kshim_rand >> 7;
	kshim_rand ^= kshim_rand << 17;
	return kshim_rand;
}

u32 get_random_u32(void)
{
	return (u32)get_random_u64();
}

/* ---- deferred work ---- */

static struct delayed_work *kshim_works;

static void kshim_work_unlink(struct delayed_work *dw)
{
	struct delayed_work **pp;

	for (pp = &kshim_works; *pp; pp = &(*pp)->next) {
		if (*pp == dw) {
			*pp = dw->next;
			dw->next = NULL;
			return;
		}
	}
}

bool schedule_delayed_work(struct delayed_work *dw, unsigned long delay)
{
	if (dw->pending)
		return false;
	dw->pending = true;
	dw->when = jiffies + delay;
	dw->next = kshim_works;
	kshim_works = dw;
	return true;
}

bool mod_delayed_work(void *wq, struct delayed_work *dw, unsigned long delay)
{
	bool was = dw->pending;

	if (was)
		kshim_work_unlink(dw);
	dw->pending = false;
	schedule_delayed_work(dw, delay);
	return was;
}

bool cancel_delayed_work_sync(struct delayed_work *dw)
{
	bool was = dw->pending;

	kshim_might_sleep("cancel_delayed_work_sync");
	if (was)
		kshim_work_unlink(dw);
	dw->pending = false;
	return was;
}

static struct work_struct *kshim_plain;
static struct irq_work *kshim_irq_works;

bool schedule_work(struct work_struct *w)
{
	if (w->wpending)
		return false;
	w->wpending = true;
	w->wnext = kshim_plain;
	kshim_plain = w;
	return true;
}

static void kshim_plain_unlink(struct work_struct *w)
{
	struct work_struct **pp;

	for (pp = &kshim_plain; *pp; pp = &(*pp)->wnext) {
		if (*pp == w) {
			*pp = w->wnext;
			w->wnext = NULL;
			return;
		}
	}
}

bool cancel_work_sync(struct work_struct *w)
{
	bool was = w->wpending;

	kshim_might_sleep("cancel_work_sync");
	if (was)
		kshim_plain_unlink(w);
	w->wpending = false;
	return was;
}

bool irq_work_queue(struct irq_work *iw)
{
	if (iw->pending)
		return false;
	iw->pending = true;
	iw->next = kshim_irq_works;
	kshim_irq_works = iw;
	return true;
}

static void kshim_irq_work_run(struct irq_work *iw)
{
	struct irq_work **pp;

	for (pp = &kshim_irq_works; *pp; pp = &(*pp)->next) {
		if (*pp == iw) {
			*pp = iw->next;
			break;
		}
	}
	iw->next = NULL;
	iw->pending = false;
	kshim_irqs_off = 1;	/* hard interrupt context */
	iw->func(iw);
	kshim_irqs_off = 0;
}

void irq_work_sync(struct irq_work *iw)
{
	kshim_might_sleep("irq_work_sync");
	if (iw->pending)
		kshim_irq_work_run(iw);
}

void kshim_run_works(void)
{
	struct delayed_work *dw;

	kshim_might_sleep("a work item");
	while (kshim_irq_works)
		kshim_irq_work_run(kshim_irq_works);
	while (kshim_plain) {
		struct work_struct *w = kshim_plain;

		kshim_plain_unlink(w);
		w->wpending = false;
		w->func(w);
	}
	for (;;) {
		for (dw = kshim_works; dw; dw = dw->next)
			if (!time_before(jiffies, dw->when))
				break;
		if (!dw)
			return;
		kshim_work_unlink(dw);
		dw->pending = false;
		dw->work.func(&dw->work);
	}
}

/* ---- the ID table ---- */

int xa_alloc(struct xarray *xa, u32 *id, void *entry, struct xa_limit l,
	     gfp_t gfp)
{
	unsigned long i;

	for (i = l.min ? l.min : 1; i < xa->nslots; i++)
		if (!xa->slot[i])
			break;
	if (i >= xa->nslots) {
		unsigned long n = xa->nslots ? 2 * xa->nslots : 64;
		void **s = realloc(xa->slot, n * sizeof(*s));

		if (!s)
			return -ENOMEM;
		memset(s + xa->nslots, 0, (n - xa->nslots) * sizeof(*s));
		xa->slot = s;
		xa->nslots = n;
	}
	xa->slot[i] = entry;
	*id = (u32)i;
	return 0;
}

void *xa_load(struct xarray *xa, unsigned long index)
{
	return index < xa->nslots ? xa->slot[index] : NULL;
}

void *xa_erase(struct xarray *xa, unsigned long index)
{
	void *old = xa_load(xa, index);

	if (old)
		xa->slot[index] = NULL;
	return old;
}

void *kshim_xa_find(struct xarray *xa, unsigned long *index)
{
	for (; *index < xa->nslots; (*index)++)
		if (xa->slot[*index])
			return xa->slot[*index];
	return NULL;
}

/* ---- sched_process_exit ---- */

static struct tracepoint kshim_tp_exit = { .name = "sched_process_exit" };

void for_each_kernel_tracepoint(void (*fn)(struct tracepoint *tp,
					   void *priv), void *priv)
{
	fn(&kshim_tp_exit, priv);
}

int tracepoint_probe_register(struct tracepoint *tp, void *probe, void *data)
{
	int i;

	kshim_might_sleep("tracepoint_probe_register");
	for (i = 0; i < KSHIM_TP_MAX; i++)
		if (tp->funcs[i].probe == probe && tp->funcs[i].data == data)
			return -EEXIST;
	for (i = 0; i < KSHIM_TP_MAX; i++) {
		if (!tp->funcs[i].probe) {
			tp->funcs[i].probe = probe;
			tp->funcs[i].data = data;
			return 0;
		}
	}
	return -ENOMEM;
}

int tracepoint_probe_unregister(struct tracepoint *tp, void *probe,
				void *data)
{
	int i;

	kshim_might_sleep("tracepoint_probe_unregister");
	for (i = 0; i < KSHIM_TP_MAX; i++) {
		if (tp->funcs[i].probe == probe && tp->funcs[i].data == data) {
			tp->funcs[i].probe = NULL;
			tp->funcs[i].data = NULL;
			return 0;
		}
	}
	return -ENOENT;
}

/* Tracepoint handlers run with preemption off, interrupts on. */
void kshim_task_exit(struct task_struct *t)
{
	int i;

	for (i = 0; i < KSHIM_TP_MAX; i++) {
		void (*fn)(void *data, struct task_struct *t) =
			kshim_tp_exit.funcs[i].probe;

		if (fn)
			fn(kshim_tp_exit.funcs[i].data, t);
	}
}
