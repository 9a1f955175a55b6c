// SPDX-License-Identifier: GPL-2.0
/*
 * destruct.c - DTrace's destructive actions: raise(), stop(), chill(),
 * copyout(), copyoutstr(), panic(), breakpoint() (sonde_env_destruct()),
 * and what LOAD checks of them (sonde_destruct_check()).
 *
 * The image verifier refuses any of them in an image without the
 * destructive option, whoever the ioctl client is; panic() and
 * breakpoint() also need this module's kernel_destructive parameter, off
 * by default, at LOAD and again when they run.  DTrace's limits:
 *
 *  - raise(sig) and stop() signal the current process, never a kernel
 *    thread; the signal goes through this CPU's irq_work (a probe may
 *    fire with the signal lock held), one at a time: a raise() while the
 *    last is pending is dropped, as DTrace's queue of one.
 *  - chill(ns) spins with interrupts off, at most 500 ms in any second on
 *    a CPU (dtrace_chill_max / dtrace_chill_interval), and at most
 *    SONDE_CHILL_CALL_MAX (1 ms) a call, which the firing budget prices
 *    (vm/cost.c); more is an illegal operation.  The firing's timestamp moves on after it.
 *  - copyout() and copyoutstr() write the current process's memory with
 *    copy_to_user_nofault(), never a kernel thread's, and are refused
 *    under kernel lockdown (as bpf_probe_write_user()).
 *  - panic() panics once; breakpoint(), with no kernel debugger in the
 *    kernels sonde runs on, logs DTrace's message (from the CPU's
 *    irq_work, one at a time).
 *
 * Context: sonde_env_destruct() in probe context (interrupts off);
 * the irq_work in hard interrupt context; the rest process context.
 */
#include <linux/irq_work.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/pid.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/security.h>
#include <linux/uaccess.h>

#include "sonde_kmod.h"

static bool kernel_destructive;
module_param(kernel_destructive, bool, 0644);
MODULE_PARM_DESC(kernel_destructive,
		 "allow panic() and breakpoint() in D programs (default: no)");

/* DTrace's chill() limits, per CPU. */
#define SONDE_CHILL_MAX		(500 * NSEC_PER_MSEC)
#define SONDE_CHILL_INTERVAL	NSEC_PER_SEC

struct sonde_chill {
	u64 mark;		/* start of the current interval */
	u64 chilled;		/* ns spent in it */
};

struct sonde_sigwork {
	struct irq_work work;
	struct task_struct *task;	/* the process to signal */
	int sig;
	atomic_t busy;			/* queued, not yet sent */
};

/* breakpoint()'s message, logged from interrupt context as soon as the
 * probe's CPU enables interrupts (a probe may fire with a console or
 * scheduler lock held) */
struct sonde_bpwork {
	struct irq_work work;
	char msg[SONDE_PROVNAMELEN + SONDE_MODNAMELEN + SONDE_FUNCNAMELEN +
		 SONDE_NAMELEN + 96];
	atomic_t busy;
};

static DEFINE_PER_CPU(struct sonde_chill, sonde_chill);
static DEFINE_PER_CPU(struct sonde_sigwork, sonde_sigwork);
static DEFINE_PER_CPU(struct sonde_bpwork, sonde_bpwork);
static atomic_t sonde_panicked;

/*
 * Send the signal, from hard interrupt context as soon as the probe's
 * CPU enables interrupts: the task was current then and its struct is
 * freed only after an RCU grace period, which this handler holds off.
 */
static void sonde_sig_work(struct irq_work *w)
{
	struct sonde_sigwork *sw = container_of(w, struct sonde_sigwork, work);
	struct task_struct *t = READ_ONCE(sw->task);

	if (t) {
		rcu_read_lock();
		kill_pid(task_tgid(t), sw->sig, 1);
		rcu_read_unlock();
	}
	WRITE_ONCE(sw->task, NULL);
	atomic_set(&sw->busy, 0);
}

static void sonde_bp_work(struct irq_work *w)
{
	struct sonde_bpwork *bw = container_of(w, struct sonde_bpwork, work);

	pr_emerg("%s\n", bw->msg);
	atomic_set(&bw->busy, 0);
}

/**
 * sonde_destruct_init() - set up the per-CPU signal and message work
 *
 * Context: module init.
 */
void sonde_destruct_init(void)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		init_irq_work(&per_cpu(sonde_sigwork, cpu).work,
			      sonde_sig_work);
		init_irq_work(&per_cpu(sonde_bpwork, cpu).work,
			      sonde_bp_work);
	}
}

/**
 * sonde_destruct_exit() - wait for signals still queued
 *
 * Context: module exit, process context (may sleep).
 */
void sonde_destruct_exit(void)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		irq_work_sync(&per_cpu(sonde_sigwork, cpu).work);
		irq_work_sync(&per_cpu(sonde_bpwork, cpu).work);
	}
}

/**
 * sonde_destruct_check() - what LOAD refuses of destructive actions
 * @img: a verified image (its destructive option was checked)
 * @log: the verifier log
 *
 * panic() and breakpoint() without the kernel_destructive parameter,
 * copyout() and copyoutstr() when the kernel is locked down.
 *
 * Context: process context (LOAD).
 * Return: 0, -EACCES or -EPERM.
 */
int sonde_destruct_check(const struct sonde_image *img,
			 struct sonde_vlog *log)
{
	u32 i;

	for (i = 0; i < img->ninsns; i++) {
		const struct sonde_insn *in = &img->insns[i];

		if (in->op != SONDE_OP_CALL)
			continue;
		if (SONDE_SUBR_KERNEL_DESTRUCTIVE(in->imm) &&
		    !READ_ONCE(kernel_destructive)) {
			sonde_vlog(log, "insn %u: %s() is refused: the sonde module's kernel_destructive parameter is off\n",
				   i, sonde_subr_name(in->imm));
			return -EACCES;
		}
		if ((in->imm == SONDE_SUBR_copyout ||
		     in->imm == SONDE_SUBR_copyoutstr) &&
		    security_locked_down(LOCKDOWN_BPF_WRITE_USER)) {
			sonde_vlog(log, "insn %u: %s() is refused: the kernel is locked down\n",
				   i, sonde_subr_name(in->imm));
			return -EPERM;
		}
	}
	return 0;
}

/* Queue @sig for the current process: 0, or dropped (one at a time). */
static void sonde_destruct_signal(int sig)
{
	struct sonde_sigwork *sw = this_cpu_ptr(&sonde_sigwork);

	if ((current->flags & (PF_KTHREAD | PF_EXITING)) || !current->mm)
		return;
	if (atomic_cmpxchg(&sw->busy, 0, 1))
		return;
	sw->sig = sig;
	WRITE_ONCE(sw->task, current);
	irq_work_queue(&sw->work);
}

/* TESTRUN: copyout() into the caller's test window, byte by byte as
 * sonde_env_copyin() reads it, so the window's end faults exactly. */
static u32 sonde_destruct_testout(const struct sonde_testmem *t, u64 addr,
				  const void *src, u32 size)
{
	u32 i;

	for (i = 0; i < size; i++) {
		u64 real;

		if (!sonde_test_addr(t, true, addr + i, 1, &real))
			real = addr + i;
		if (copy_to_user_nofault(u64_to_user_ptr(real),
					 (const u8 *)src + i, 1))
			return SONDE_FLT_BADADDR;
	}
	return 0;
}

static u32 sonde_destruct_chill(struct sonde_mstate *ms, u64 ns)
{
	struct sonde_chill *c = this_cpu_ptr(&sonde_chill);
	u64 now = ktime_get_mono_fast_ns();

	if (now - c->mark > SONDE_CHILL_INTERVAL) {
		c->mark = now;
		c->chilled = 0;
	}
	if (ns > SONDE_CHILL_CALL_MAX || c->chilled + ns > SONDE_CHILL_MAX)
		return SONDE_FLT_ILLOP;
	while (ktime_get_mono_fast_ns() - now < ns)
		cpu_relax();
	c->chilled += ns;
	ms->have_ts = false;	/* timestamp moves on, as DTrace's */
	return 0;
}

/**
 * sonde_env_destruct() - a destructive action (vm/env.h)
 * @ctx: the firing
 * @subr: SONDE_SUBR_raise .. SONDE_SUBR_breakpoint
 * @arg: the signal, the ns to chill, or the user address to write
 * @src: the bytes copyout() / copyoutstr() write
 * @size: their count
 *
 * See the top of this file for the limits.
 *
 * Context: probe context (interrupts off, the CPU's in-probe guard held),
 * or TESTRUN; bounded by @size and the chill limit.
 * Return: 0 or a SONDE_FLT_* code.
 */
u32 sonde_env_destruct(struct sonde_vm_ctx *ctx, u32 subr, u64 arg,
		       const void *src, u32 size)
{
	struct sonde_mstate *ms = ctx->env;
	struct sonde_probe *p = ms->probe;

	switch (subr) {
	case SONDE_SUBR_raise:
		if (arg >= _NSIG)
			return SONDE_FLT_ILLOP;
		if (arg)
			sonde_destruct_signal((int)arg);
		return 0;
	case SONDE_SUBR_stop:
		sonde_destruct_signal(SIGSTOP);
		return 0;
	case SONDE_SUBR_chill:
		return sonde_destruct_chill(ms, arg);
	case SONDE_SUBR_copyout:
	case SONDE_SUBR_copyoutstr:
		if ((current->flags & PF_KTHREAD) || !current->mm)
			return SONDE_FLT_BADADDR;
		if (unlikely(ms->test))
			return sonde_destruct_testout(ms->test, arg, src, size);
		if (size && copy_to_user_nofault(u64_to_user_ptr(arg), src,
						 size))
			return SONDE_FLT_BADADDR;
		return 0;
	case SONDE_SUBR_panic:
		if (!READ_ONCE(kernel_destructive) ||
		    atomic_cmpxchg(&sonde_panicked, 0, 1))
			return 0;
		panic("dtrace: panic action at probe %s:%s:%s:%s (ecb %u)",
		      sonde_probe_provname(p), p->mod, p->func, p->name,
		      ctx->epid);
		return 0;
	case SONDE_SUBR_breakpoint: {
		struct sonde_bpwork *bw = this_cpu_ptr(&sonde_bpwork);

		if (!READ_ONCE(kernel_destructive) ||
		    atomic_cmpxchg(&bw->busy, 0, 1))
			return 0;
		snprintf(bw->msg, sizeof(bw->msg),
			 "dtrace: breakpoint action at probe %s:%s:%s:%s (ecb %u): no kernel debugger",
			 sonde_probe_provname(p), p->mod, p->func, p->name,
			 ctx->epid);
		irq_work_queue(&bw->work);
		return 0;
	}
	}
	return SONDE_FLT_ILLOP;
}
