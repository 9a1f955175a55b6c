/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compat.h - every kernel-version difference sonde depends on, in one
 * place (dtrace-notes §5.3: D4L died of version checks spread over the
 * tree).  Written for Debian 12's 6.1; the notes say what changes in
 * 6.12 (Debian 12's second series) and later, up to the 7.2 of Debian
 * unstable that `make check-kernels` builds and tests.
 *
 * Process context helpers (sonde_compat_read_file) may sleep; the stack
 * helper is probe context (no locks, no allocation).
 */
#ifndef _SONDE_COMPAT_H
#define _SONDE_COMPAT_H

#include <linux/fs.h>
#include <linux/hrtimer.h>
#include <linux/mman.h>
#include <linux/mm.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/version.h>
#include <asm/unwind.h>

/*
 * Read a whole (small, virtual) file such as tracefs's
 * available_filter_functions into a kvmalloc'd, NUL-terminated buffer.
 *
 * 6.1: kernel_read() refuses files without ->read_iter, and tracefs's
 * seq_files (ftrace_avail_fops, show_event_fops) only have ->read =
 * seq_read.  So those are read through ->read into a scratch user
 * mapping of the calling process (vm_mmap; the ioctl caller always has
 * an mm) and copied in.  6.12: same fops, same path; if a later kernel
 * gives them ->read_iter the kernel_read() branch takes over unchanged.
 */
#define SONDE_READ_CHUNK	(64 << 10)
#define SONDE_READ_MAX		(64 << 20)

static inline char *sonde_compat_read_file(const char *path, size_t *lenp)
{
	unsigned long ubuf = 0;
	size_t len = 0, cap = 1 << 20;
	struct file *f;
	loff_t pos = 0;
	char *buf, *nb;
	ssize_t n;

	f = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(f))
		return ERR_CAST(f);
	buf = kvmalloc(cap, GFP_KERNEL);
	if (!buf) {
		buf = ERR_PTR(-ENOMEM);
		goto out_close;
	}
	if (!(f->f_op->read_iter && !f->f_op->read)) {
		if (!f->f_op->read || !current->mm) {
			kvfree(buf);
			buf = ERR_PTR(-EINVAL);
			goto out_close;
		}
		ubuf = vm_mmap(NULL, 0, SONDE_READ_CHUNK,
			       PROT_READ | PROT_WRITE,
			       MAP_ANONYMOUS | MAP_PRIVATE, 0);
		if (IS_ERR_VALUE(ubuf)) {
			kvfree(buf);
			buf = ERR_PTR((long)ubuf);
			ubuf = 0;
			goto out_close;
		}
	}
	for (;;) {
		if (cap - len < SONDE_READ_CHUNK + 1) {
			if (cap >= SONDE_READ_MAX) {
				n = -EFBIG;
				break;
			}
			nb = kvmalloc(cap * 2, GFP_KERNEL);
			if (!nb) {
				n = -ENOMEM;
				break;
			}
			memcpy(nb, buf, len);
			kvfree(buf);
			buf = nb;
			cap *= 2;
		}
		if (ubuf) {
			n = f->f_op->read(f, (char __user *)ubuf,
					  SONDE_READ_CHUNK, &pos);
			if (n > 0 && copy_from_user(buf + len,
					(const void __user *)ubuf, n))
				n = -EFAULT;
		} else {
			n = kernel_read(f, buf + len, SONDE_READ_CHUNK, &pos);
		}
		if (n <= 0)
			break;
		len += n;
		if (fatal_signal_pending(current)) {
			n = -EINTR;
			break;
		}
		cond_resched();
	}
	if (n < 0) {
		kvfree(buf);
		buf = ERR_PTR(n);
	} else {
		buf[len] = 0;
		*lenp = len;
	}
	if (ubuf)
		vm_munmap(ubuf, SONDE_READ_CHUNK);
out_close:
	filp_close(f, NULL);
	return buf;
}

/* tracefs, mounted or reached through debugfs's automount. */
static inline char *sonde_compat_read_tracefs(const char *name, size_t *lenp)
{
	char path[96];
	char *buf;

	snprintf(path, sizeof(path), "/sys/kernel/tracing/%s", name);
	buf = sonde_compat_read_file(path, lenp);
	if (!IS_ERR(buf))
		return buf;
	snprintf(path, sizeof(path), "/sys/kernel/debug/tracing/%s", name);
	return sonde_compat_read_file(path, lenp);
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
	struct unwind_state state;
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
	struct unwind_state state;
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
