/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compat.h - every kernel-version difference sonde depends on, in one
 * place (dtrace-notes §5.3: D4L died of version checks spread over the
 * tree).  Written for Debian 12's 6.1; the notes say what changes in
 * 6.12 (Debian 12's second series) and later, up to the 7.2 of Debian
 * unstable that `make check-kernels` builds and tests.
 *
 * The stack helpers and the return hook are probe context (no locks, no
 * allocation).
 */
#ifndef _SONDE_COMPAT_H
#define _SONDE_COMPAT_H

#include <linux/fs.h>
#include <linux/hrtimer.h>
#include <linux/mman.h>
#include <linux/mm.h>
#include <linux/kprobes.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/version.h>
#include <asm/ibt.h>
#include <asm/processor.h>
#include <asm/unwind.h>

/*
 * fbt (prov_fbt.c).  An ftrace site follows the symbol's ENDBR on kernels
 * built with IBT (6.12's Debian config; 6.1's has none, and there the
 * offset is 0): the ftrace callback's ip is the symbol's address plus
 * this, or the symbol's address itself where the function has no ENDBR.
 */
#define SONDE_FENTRY_OFFSET	ENDBR_INSN_SIZE

/*
 * A return hook set from sonde's own ftrace callback: @rp is a kretprobe
 * registered with KPROBE_FLAG_DISABLED at a function's ftrace site, and
 * @regs the function's registers at that site.  Its pre-handler
 * (register_kretprobe()'s pre_handler_kretprobe()) takes an instance and
 * hooks the return address with the kernel's own trampoline (rethook in
 * 6.1 and 6.12), exactly what kprobe_ftrace_handler() does when the
 * kprobe fires; it needs preemption off and RCU watching, which the
 * callback has.  Probe context.
 */
static inline void sonde_compat_kretprobe_enter(struct kretprobe *rp,
						struct pt_regs *regs)
{
	rp->kp.pre_handler(&rp->kp, regs);
}

/*
 * The kernel stack from a probed code's registers (a kprobe's or a
 * kretprobe's pt_regs): its PC, then the ORC unwinder's frames, as
 * perf_callchain_kernel() does.  Probe context.  x86-64 only, like sonde;
 * 6.12 keeps this unwind API.
 */
static inline u32 sonde_compat_stack_regs(struct pt_regs *regs, u64 *pcs,
					  u32 n,
					  bool (*skip)(void *arg,
						       unsigned long pc),
					  void *arg)
{
	struct unwind_state state __uninitialized;	/* unwind_start() */
	bool skipping;
	u32 i = 0;

	if (!n || user_mode(regs))
		return 0;
	if (!skip(arg, instruction_pointer(regs)))
		pcs[i++] = instruction_pointer(regs);
	skipping = !i;
	for (unwind_start(&state, current, regs, NULL);
	     i < n && !unwind_done(&state); unwind_next_frame(&state)) {
		unsigned long addr = unwind_get_return_address(&state);

		if (!addr)
			break;
		if (skipping && skip(arg, addr))
			continue;
		skipping = false;
		pcs[i++] = addr;
	}
	return i;
}

/*
 * The kernel stack here, less the leading frames for which @skip says
 * true (sonde's own, a provider's machinery): the unwinder walked
 * directly, so no scratch buffer is needed for the skipped frames.
 * Probe context.
 */
static inline u32 sonde_compat_stack_here(u64 *pcs, u32 n,
					  bool (*skip)(void *arg,
						       unsigned long pc),
					  void *arg)
{
	struct unwind_state state __uninitialized;	/* unwind_start() */
	bool skipping = true;
	u32 i = 0;

	for (unwind_start(&state, current, NULL, NULL);
	     i < n && !unwind_done(&state); unwind_next_frame(&state)) {
		unsigned long addr = unwind_get_return_address(&state);

		if (!addr)
			break;
		if (skipping && skip(arg, addr))
			continue;
		skipping = false;
		pcs[i++] = addr;
	}
	return i;
}

/*
 * May this CPU read the current thread's user memory: are the page tables
 * loaded the thread's own?  copy_from_user_nofault() asks
 * nmi_uaccess_okay() that before it reads (mm/maccess.c, 6.1 and 6.12
 * alike, after __access_ok()): inside a context switch, between
 * switch_mm_irqs_off()'s CR3 write and switch_to(), current is still the
 * previous task while its user addresses name the next one's memory
 * (the tlb:tlb_flush tracepoint fires right there), and a kernel thread
 * runs on whichever mm it borrowed lazily.  nmi_uaccess_okay() and the
 * cpu_tlbstate.loaded_mm it compares are not exported to modules (6.1,
 * 6.12), so this asks the question its own comment states,
 * current->mm->pgd == __va(read_cr3_pa()), which it answers from
 * loaded_mm only because CR3 may be slow to read under shadow paging.
 * Conservative where it differs: a user CR3 (PTI) never compares equal.
 * Probe context, interrupts off (so the answer holds for the firing).
 */
static inline bool sonde_compat_uaccess_okay(void)
{
	struct mm_struct *mm = current->mm;

	return mm && mm->pgd == __va(read_cr3_pa());
}

/*
 * An hrtimer with its callback.  6.1, 6.12: hrtimer_init(), then the
 * callback set by hand; 6.13 added hrtimer_setup(), and 7.x (Debian
 * unstable's 7.2) no longer has hrtimer_init().  Process context.
 */
static inline void
sonde_compat_hrtimer_setup(struct hrtimer *h,
			   enum hrtimer_restart (*fn)(struct hrtimer *),
			   clockid_t clock, enum hrtimer_mode mode)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
	hrtimer_setup(h, fn, clock, mode);
#else
	hrtimer_init(h, clock, mode);
	h->function = fn;
#endif
}

/*
 * Tracepoint prototypes that sonde's stable providers decode.
 * 6.1: sched_switch(bool preempt, prev, next, unsigned int prev_state)
 * (prev_state became the last argument in 5.18); 6.12 is the same.
 * block_rq_complete(rq, blk_status_t error, unsigned int nr_bytes) in
 * both.  A kernel that changes one changes it here.
 */
#define SONDE_TP_SCHED_SWITCH_ARGS \
	void *data, bool preempt, struct task_struct *prev, \
	struct task_struct *next, unsigned int prev_state

/*
 * lock:contention_begin(void *lock, unsigned int flags) and
 * contention_end(void *lock, int ret) (prov_lockstat.c): since 5.19, the
 * same in 6.1 and 6.12; the flags of include/trace/events/lock.h, which
 * a module cannot include without declaring the events' tracepoints.
 */
#define SONDE_LCB_F_SPIN	(1U << 0)
#define SONDE_LCB_F_MUTEX	(1U << 5)

/*
 * uprobes (prov_uprobe.c): registration and the consumer's callbacks.
 *
 *   6.1 (and 5.x): uprobe_register_refctr(inode, off, refctr, uc) -> int;
 *	uprobe_unregister(inode, off, uc) waits for running handlers;
 *	filter(uc, enum uprobe_filter_ctx, mm).
 *   6.12: uprobe_register(inode, off, refctr, uc) -> struct uprobe *
 *	(ERR_PTR on failure), kept for unregistering;
 *	uprobe_unregister_nosync(uprobe, uc), then one
 *	uprobe_unregister_sync() for a whole batch before a consumer may be
 *	freed (handlers run under RCU Tasks Trace); filter(uc, mm).
 *   6.13 on: as 6.12, and handler / ret_handler take a __u64 *data last
 *	(session uprobes); sonde ignores it.
 *   6.11 alone had a third form (uprobe_register() took the refctr and
 *	returned int, unregister still by inode); no Debian kernel is a
 *	6.11, none was tested here, so there the provider is left out and
 *	SONDE_IOC_UPROBE fails with EOPNOTSUPP.
 *
 * prov_uprobe.c declares its callbacks with the SONDE_UPROBE_*_ARGS lists
 * and registers through sonde_compat_uprobe_*(); struct sonde_compat_uprobe
 * is whatever unregistering needs.  Process context, sonde_lock held.
 */
#if defined(CONFIG_UPROBES) && \
	(LINUX_VERSION_CODE < KERNEL_VERSION(6, 11, 0) || \
	 LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0))
#define SONDE_HAVE_UPROBES	1

#include <linux/uprobes.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
#define SONDE_UPROBE_HANDLER_ARGS \
	struct uprobe_consumer *uc, struct pt_regs *regs, __u64 *data
#define SONDE_URETPROBE_HANDLER_ARGS \
	struct uprobe_consumer *uc, unsigned long func, \
	struct pt_regs *regs, __u64 *data
#else
#define SONDE_UPROBE_HANDLER_ARGS \
	struct uprobe_consumer *uc, struct pt_regs *regs
#define SONDE_URETPROBE_HANDLER_ARGS \
	struct uprobe_consumer *uc, unsigned long func, struct pt_regs *regs
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define SONDE_UPROBE_FILTER_ARGS \
	struct uprobe_consumer *uc, struct mm_struct *mm

struct sonde_compat_uprobe {
	struct uprobe *uprobe;
};

static inline int sonde_compat_uprobe_register(struct sonde_compat_uprobe *h,
					       struct inode *inode,
					       loff_t offset, loff_t refctr,
					       struct uprobe_consumer *uc)
{
	struct uprobe *u = uprobe_register(inode, offset, refctr, uc);

	if (IS_ERR(u))
		return PTR_ERR(u);
	h->uprobe = u;
	return 0;
}

/* Handlers may still run until sonde_compat_uprobe_sync() returns. */
static inline void sonde_compat_uprobe_unregister(struct sonde_compat_uprobe *h,
						  struct uprobe_consumer *uc)
{
	uprobe_unregister_nosync(h->uprobe, uc);
	h->uprobe = NULL;
}

static inline void sonde_compat_uprobe_sync(void)
{
	uprobe_unregister_sync();
}
#else /* < 6.11 */
#define SONDE_UPROBE_FILTER_ARGS \
	struct uprobe_consumer *uc, enum uprobe_filter_ctx ctx, \
	struct mm_struct *mm

struct sonde_compat_uprobe {
	struct inode *inode;
	loff_t offset;
};

static inline int sonde_compat_uprobe_register(struct sonde_compat_uprobe *h,
					       struct inode *inode,
					       loff_t offset, loff_t refctr,
					       struct uprobe_consumer *uc)
{
	int err = uprobe_register_refctr(inode, offset, refctr, uc);

	if (err)
		return err;
	h->inode = inode;
	h->offset = offset;
	return 0;
}

/* uprobe_unregister() itself waits for running handlers. */
static inline void sonde_compat_uprobe_unregister(struct sonde_compat_uprobe *h,
						  struct uprobe_consumer *uc)
{
	uprobe_unregister(h->inode, h->offset, uc);
}

static inline void sonde_compat_uprobe_sync(void)
{
}
#endif
#endif /* uprobes */

#endif /* _SONDE_COMPAT_H */
