/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compat.h - every kernel-version difference sonde depends on, in one
 * place (dtrace-notes §5.3: D4L died of version checks spread over the
 * tree).  Written for Debian 12's 6.1; the 6.12 notes say what changes.
 *
 * The stack helpers and the return hook are probe context (no locks, no
 * allocation).
 */
#ifndef _SONDE_COMPAT_H
#define _SONDE_COMPAT_H

#include <linux/kprobes.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/version.h>
#include <asm/ibt.h>
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
 * uprobes (prov_uprobe.c).  The consumer API sonde uses -- handlers
 * without a data argument, a filter with a context, uprobe_register_refctr()
 * and uprobe_unregister() by (inode, offset) -- is 6.1's (and 5.x's).  It
 * changed from 6.11 on (uprobe_register() took the refctr and later
 * returned the uprobe; unregister became _nosync + _sync; handlers gained
 * a data argument); those kernels are not tested here, so there the
 * provider is left out and SONDE_IOC_UPROBE fails with EOPNOTSUPP rather
 * than being built against an API nobody ran.
 */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 11, 0) && defined(CONFIG_UPROBES)
#define SONDE_HAVE_UPROBES	1
#endif

#endif /* _SONDE_COMPAT_H */
