// SPDX-License-Identifier: GPL-2.0
/*
 * prov_stable.c - DTrace's stable kernel providers sched, proc and io,
 * with the probes and arguments of Oracle's DTrace for Linux, on Linux
 * tracepoints where the kernel has one and kprobes / kretprobes at the
 * ftrace site of a function where it has none (as Oracle's fbt-based
 * probes).  argN are raw values; args[] are DTrace's translated
 * structures, made in userland from them (userland/dc/dc_args.c and the
 * D library's translators).  docs/providers.md has the table:
 *
 *   sched:::off-cpu      sched_switch, in the outgoing thread;
 *                        arg0 = next task, arg1 = next pid
 *   sched:::sleep        sched_switch when the outgoing thread blocks
 *                        (prev_state != TASK_RUNNING); arg0 = prev_state
 *   sched:::preempt      sched_switch when it is preempted (runnable)
 *   sched:::on-cpu       kprobe on finish_task_switch, in the incoming
 *                        thread (no tracepoint fires there);
 *                        arg0 = the previous task
 *   sched:::wakeup       sched_waking, in the waker; arg0 = task, arg1 = pid
 *   sched:::enqueue      kprobes on enqueue_task_{fair,rt,dl,stop}, and
 *   sched:::dequeue      dequeue_task_{...}: arg0 = task, arg1 = its pid,
 *                        arg2 = the run queue's CPU's cpuinfo_t, arg3 =
 *                        the kernel's ENQUEUE_* / DEQUEUE_* flags
 *   sched:::change-pri   kprobes on set_user_nice and __sched_setscheduler,
 *                        and sched_pi_setprio, before the priority
 *                        changes: arg0 = task, arg1 = pid, arg2 = the new
 *                        priority (the kernel's prio: 0-99 real-time,
 *                        100-139 nice -20..19, -1 deadline)
 *   sched:::remain-cpu   a schedule() that keeps the current thread:
 *                        kretprobes on pick_next_task_fair and the idle
 *                        class's pick, returning the current thread
 *   sched:::surrender    kprobe on do_sched_yield: arg0 = current task
 *   sched:::tick         kprobe on scheduler_tick (6.1) / sched_tick
 *                        (6.10 on): arg0 = the interrupted task
 *   proc:::create        sched_process_fork, in the parent; arg0 = child
 *                        task, arg1 = child pid
 *   proc:::lwp-create    the same, for DTrace's new thread (every new
 *                        task: a fork's first thread too)
 *   proc:::exec          kprobes on the execve/execveat system calls:
 *                        arg0 = the path (a user address)
 *   proc:::exec-failure  kretprobes on them, when one returns an error:
 *                        arg0 = the return value (-errno, as Oracle's)
 *   proc:::exec-success  sched_process_exec (new image); arg0 = old pid,
 *                        arg1 = filename (string address)
 *   proc:::start         kprobe / kretprobe on schedule_tail, the first
 *   proc:::lwp-start     thing a new task runs: start (at its entry) in a
 *                        new process's first thread, then lwp-start (at
 *                        its return) in every new thread
 *   proc:::exit          sched_process_exit of a process's last thread;
 *                        arg0 = CLD_EXITED / CLD_KILLED / CLD_DUMPED
 *   proc:::lwp-exit      sched_process_exit of any thread
 *   proc:::signal-send   signal_generate, in the sender; arg0 = target
 *                        task, arg1 = target pid, arg2 = signal
 *   proc:::signal-discard signal_generate when the signal is ignored:
 *                        arg0 = target task, arg1 = pid, arg2 = signal
 *   proc:::signal-handle signal_deliver, in the target; arg0 = signal,
 *                        arg1 = siginfo, arg2 = handler
 *   proc:::signal-clear  kretprobe on rt_sigtimedwait, when it returns a
 *                        signal (sigwait() took it): arg0 = the signal
 *   io:::start           block_rq_issue;    arg0 = dev_t, arg1 = sector,
 *   io:::done            block_rq_complete  arg2 = bytes, arg3 = B_READ
 *                        (0x40) or B_WRITE (0x100) as DTrace's b_flags,
 *                        arg4 = the request, arg5 = (done) blk_status_t
 *   io:::wait-start      kprobe / kretprobe on submit_bio_wait(), the
 *   io:::wait-done       synchronous I/O of the kernel (a block device's
 *                        flush, a file system's metadata): as start and
 *                        done, arg4 the struct bio, arg0 its device
 *                        (partition), arg5 (wait-done) its error
 *
 * The probes are made by the first listing that names one of the three
 * providers (sdt.c).  Handlers are probe context: each takes no lock and
 * calls only sonde_probe_fire().
 */
#include <linux/binfmts.h>
#include <linux/blk-mq.h>
#include <linux/blkdev.h>
#include <linux/kprobes.h>
#include <linux/percpu.h>
#include <linux/sched/prio.h>
#include <linux/sched/signal.h>
#include <linux/signal.h>
#include <linux/topology.h>
#include <linux/tracepoint.h>
#include <uapi/linux/sched.h>
#include <uapi/linux/sched/types.h>

#include "sonde_kmod.h"
#include "compat.h"
#include "sdt.h"

#define SONDE_B_READ	0x40
#define SONDE_B_WRITE	0x100

/* signal_generate's result when the target ignores the signal */
#define SONDE_TRACE_SIGNAL_IGNORED	1

static void sonde_sdt_fire(struct sonde_sdt *s, struct pt_regs *regs,
			   u64 a0, u64 a1, u64 a2, u64 a3, u64 a4, u64 a5)
{
	struct sonde_fire f __uninitialized;

	sonde_fire_init(&f, regs);
	f.args[0] = a0;
	f.args[1] = a1;
	f.args[2] = a2;
	f.args[3] = a3;
	f.args[4] = a4;
	f.args[5] = a5;
	sonde_probe_fire(s->probe, NULL, &f);
}

/* ---- sched -------------------------------------------------------------- */

static void sonde_sdt_off_cpu(SONDE_TP_SCHED_SWITCH_ARGS)
{
	sonde_sdt_fire(data, NULL, (unsigned long)next, task_pid_nr(next), 0,
		       0, 0, 0);
}

static void sonde_sdt_sleep(SONDE_TP_SCHED_SWITCH_ARGS)
{
	if (prev_state & TASK_REPORT)
		sonde_sdt_fire(data, NULL, prev_state, 0, 0, 0, 0, 0);
}

static void sonde_sdt_preempt(SONDE_TP_SCHED_SWITCH_ARGS)
{
	if (!(prev_state & TASK_REPORT))
		sonde_sdt_fire(data, NULL, (unsigned long)next,
			       task_pid_nr(next), 0, 0, 0, 0);
}

static int sonde_sdt_on_cpu(struct kprobe *kp, struct pt_regs *regs)
{
	sonde_sdt_fire(sonde_sdt_of_kp(kp), regs, regs->di /* prev */, 0, 0,
		       0, 0, 0);
	return 0;
}

static void sonde_sdt_wakeup(void *data, struct task_struct *p)
{
	sonde_sdt_fire(data, NULL, (unsigned long)p, task_pid_nr(p), 0, 0, 0,
		       0);
}

/* {enqueue,dequeue}_task_<class>(struct rq *rq, struct task_struct *p,
 * int flags): the task is on (or leaving) its CPU's run queue, so
 * task_cpu(p) is that run queue's CPU. */
static int sonde_sdt_queue(struct kprobe *kp, struct pt_regs *regs)
{
	struct task_struct *p = (struct task_struct *)regs->si;

	sonde_sdt_fire(sonde_sdt_of_kp(kp), regs, (unsigned long)p,
		       task_pid_nr(p),
		       (unsigned long)per_cpu_ptr(&sonde_cpuinfo, task_cpu(p)),
		       (u32)regs->dx, 0, 0);
	return 0;
}

static void sonde_sdt_change_pri(struct sonde_sdt *s, struct pt_regs *regs,
				 struct task_struct *p, int prio)
{
	sonde_sdt_fire(s, regs, (unsigned long)p, task_pid_nr(p), (s64)prio,
		       0, 0, 0);
}

/* set_user_nice(p, nice): a nice value changes a normal task's priority
 * (a real-time one keeps its own); the function ignores an unchanged or
 * out-of-range value. */
static int sonde_sdt_nice(struct kprobe *kp, struct pt_regs *regs)
{
	struct task_struct *p = (struct task_struct *)regs->di;
	long nice = (long)regs->si;

	if (nice < MIN_NICE || nice > MAX_NICE || nice == task_nice(p) ||
	    p->policy == SCHED_FIFO || p->policy == SCHED_RR ||
	    p->policy == SCHED_DEADLINE)
		return 0;
	sonde_sdt_change_pri(sonde_sdt_of_kp(kp), regs, p, NICE_TO_PRIO(nice));
	return 0;
}

/* __sched_setscheduler(p, attr, user, pi): the priority the new policy
 * and parameters give (normal_prio()), when it differs. */
static int sonde_sdt_setsched(struct kprobe *kp, struct pt_regs *regs)
{
	struct task_struct *p = (struct task_struct *)regs->di;
	const struct sched_attr *attr = (const struct sched_attr *)regs->si;
	int policy = (int)attr->sched_policy;
	int prio;

	if (attr->sched_flags & SCHED_FLAG_KEEP_PARAMS)
		return 0;
	if (policy < 0)		/* SETPARAM_POLICY: the task's own */
		policy = p->policy;
	if (policy == SCHED_DEADLINE)
		prio = -1;
	else if (policy == SCHED_FIFO || policy == SCHED_RR)
		prio = MAX_RT_PRIO - 1 - (int)attr->sched_priority;
	else
		prio = NICE_TO_PRIO(attr->sched_nice);
	if (prio != p->normal_prio)
		sonde_sdt_change_pri(sonde_sdt_of_kp(kp), regs, p, prio);
	return 0;
}

/* sched_pi_setprio(tsk, pi_task): priority inheritance boosts or
 * restores @tsk; the new priority as the trace event computes it. */
static void sonde_sdt_pi(void *data, struct task_struct *tsk,
			 struct task_struct *pi_task)
{
	int prio = pi_task ? min(tsk->normal_prio, pi_task->prio) :
			     tsk->normal_prio;

	sonde_sdt_change_pri(data, NULL, tsk, prio);
}

/*
 * remain-cpu: __schedule() picked the thread that was running.  Its pick
 * goes through pick_next_task_fair() for a normal thread, or the idle
 * class's pick for the idle thread, whatever else the scheduler does
 * (a pick is final: __schedule() switches to what it returns, or keeps
 * the thread when that is the thread itself).  A hook at the end of the
 * no-switch path would be simpler, but raw_spin_rq_unlock() is inlined
 * there in 6.1.
 */
static int sonde_sdt_remain(struct kretprobe_instance *ri,
			    struct pt_regs *regs)
{
	if (regs_return_value(regs) == (unsigned long)current)
		sonde_sdt_fire(sonde_sdt_of_ri(ri), regs, 0, 0, 0, 0, 0, 0);
	return 0;
}

/* surrender, tick: the current thread */
static int sonde_sdt_current(struct kprobe *kp, struct pt_regs *regs)
{
	sonde_sdt_fire(sonde_sdt_of_kp(kp), regs, (unsigned long)current,
		       task_pid_nr(current), 0, 0, 0, 0);
	return 0;
}

/* ---- proc --------------------------------------------------------------- */

static void sonde_sdt_create(void *data, struct task_struct *parent,
			     struct task_struct *child)
{
	sonde_sdt_fire(data, NULL, (unsigned long)child, task_tgid_nr(child),
		       0, 0, 0, 0);
}

static void sonde_sdt_lwp_create(void *data, struct task_struct *parent,
				 struct task_struct *child)
{
	sonde_sdt_fire(data, NULL, (unsigned long)child, task_pid_nr(child),
		       0, 0, 0, 0);
}

/*
 * The exec system calls' wrappers take the user's registers (struct
 * pt_regs *, in di); the path is the first argument of execve (di, or bx
 * for a 32-bit caller) and the second of execveat (si, or cx).
 */
static u64 sonde_sdt_exec_path(struct kprobe *kp, struct pt_regs *regs)
{
	const struct pt_regs *u = (const struct pt_regs *)regs->di;
	const char *sym = kp->symbol_name;
	bool at = strstr(sym, "execveat") != NULL;

	if (!strncmp(sym, "__ia32", 6))
		return at ? (u32)u->cx : (u32)u->bx;
	return at ? u->si : u->di;
}

static int sonde_sdt_exec(struct kprobe *kp, struct pt_regs *regs)
{
	sonde_sdt_fire(sonde_sdt_of_kp(kp), regs, sonde_sdt_exec_path(kp, regs),
		       0, 0, 0, 0, 0);
	return 0;
}

static int sonde_sdt_exec_failure(struct kretprobe_instance *ri,
				  struct pt_regs *regs)
{
	long ret = (long)regs_return_value(regs);

	if (ret)
		sonde_sdt_fire(sonde_sdt_of_ri(ri), regs, (s64)(int)ret, 0, 0,
			       0, 0, 0);
	return 0;
}

static void sonde_sdt_exec_success(void *data, struct task_struct *p,
				   pid_t old_pid, struct linux_binprm *bprm)
{
	sonde_sdt_fire(data, NULL, old_pid, (unsigned long)bprm->filename, 0,
		       0, 0, 0);
}

/*
 * schedule_tail() is the first thing a new task runs, and returns into
 * its first code: start at its entry (a new process's first thread),
 * lwp-start at its return, so that start comes first.
 */
static int sonde_sdt_start(struct kprobe *kp, struct pt_regs *regs)
{
	if (thread_group_leader(current))
		sonde_sdt_fire(sonde_sdt_of_kp(kp), regs, 0, 0, 0, 0, 0, 0);
	return 0;
}

static int sonde_sdt_lwp_start(struct kretprobe_instance *ri,
			       struct pt_regs *regs)
{
	sonde_sdt_fire(sonde_sdt_of_ri(ri), regs, 0, 0, 0, 0, 0, 0);
	return 0;
}

static u64 sonde_sdt_reason(struct task_struct *p)
{
	int code = p->exit_code;

	if (!(code & 0x7f))
		return CLD_EXITED;
	return (code & 0x80) ? CLD_DUMPED : CLD_KILLED;
}

static void sonde_sdt_exit(void *data, struct task_struct *p)
{
	/* do_exit() counted this thread out of signal->live already */
	if (!atomic_read(&p->signal->live))
		sonde_sdt_fire(data, NULL, sonde_sdt_reason(p), 0, 0, 0, 0, 0);
}

static void sonde_sdt_lwp_exit(void *data, struct task_struct *p)
{
	sonde_sdt_fire(data, NULL, 0, 0, 0, 0, 0, 0);
}

static void sonde_sdt_signal_send(void *data, int sig,
				  struct kernel_siginfo *info,
				  struct task_struct *task, int group,
				  int result)
{
	sonde_sdt_fire(data, NULL, (unsigned long)task, task_pid_nr(task), sig,
		       group, result, 0);
}

static void sonde_sdt_signal_discard(void *data, int sig,
				     struct kernel_siginfo *info,
				     struct task_struct *task, int group,
				     int result)
{
	if (result == SONDE_TRACE_SIGNAL_IGNORED)
		sonde_sdt_fire(data, NULL, (unsigned long)task,
			       task_pid_nr(task), sig, 0, 0, 0);
}

static void sonde_sdt_signal_handle(void *data, int sig,
				    struct kernel_siginfo *info,
				    struct k_sigaction *ka)
{
	sonde_sdt_fire(data, NULL, sig, (unsigned long)info,
		       ka ? (unsigned long)ka->sa.sa_handler : 0, 0, 0, 0);
}

/* rt_sigtimedwait() returns the signal it took, or -errno. */
static int sonde_sdt_signal_clear(struct kretprobe_instance *ri,
				  struct pt_regs *regs)
{
	long ret = (long)regs_return_value(regs);

	if (ret > 0)
		sonde_sdt_fire(sonde_sdt_of_ri(ri), regs, ret, 0, 0, 0, 0, 0);
	return 0;
}

/* ---- io ----------------------------------------------------------------- */

static void sonde_sdt_io(struct sonde_sdt *s, struct request *rq, u64 bytes,
			 u64 error)
{
	struct gendisk *disk = rq->q ? rq->q->disk : NULL;
	u64 dev = disk ? disk_devt(disk) : 0;
	u64 sector = blk_rq_is_passthrough(rq) ? 0 : blk_rq_pos(rq);
	u64 dir = op_is_write(req_op(rq)) ? SONDE_B_WRITE : SONDE_B_READ;

	sonde_sdt_fire(s, NULL, dev, sector, bytes, dir, (unsigned long)rq,
		       error);
}

static void sonde_sdt_io_start(void *data, struct request *rq)
{
	sonde_sdt_io(data, rq, blk_rq_bytes(rq), 0);
}

static void sonde_sdt_io_done(void *data, struct request *rq,
			      blk_status_t error, unsigned int nr_bytes)
{
	sonde_sdt_io(data, rq, nr_bytes, (__force u64)error);
}

/* submit_bio_wait(bio): what wait-done reports, read at entry (the bio's
 * iterator has moved on by its return) */
struct sonde_sdt_bio {
	struct bio *bio;
	u64 dev, sector, bytes, dir;
};

static void sonde_sdt_bio_read(struct bio *bio, struct sonde_sdt_bio *b)
{
	b->bio = bio;
	b->dev = bio->bi_bdev ? bio->bi_bdev->bd_dev : 0;
	b->sector = bio->bi_iter.bi_sector;
	b->bytes = bio->bi_iter.bi_size;
	b->dir = op_is_write(bio_op(bio)) ? SONDE_B_WRITE : SONDE_B_READ;
}

static int sonde_sdt_wait_start(struct kprobe *kp, struct pt_regs *regs)
{
	struct sonde_sdt_bio b __uninitialized;

	sonde_sdt_bio_read((struct bio *)regs->di, &b);
	sonde_sdt_fire(sonde_sdt_of_kp(kp), regs, b.dev, b.sector, b.bytes,
		       b.dir, (unsigned long)b.bio, 0);
	return 0;
}

static int sonde_sdt_wait_entry(struct kretprobe_instance *ri,
				struct pt_regs *regs)
{
	sonde_sdt_bio_read((struct bio *)regs->di,
			   (struct sonde_sdt_bio *)ri->data);
	return 0;
}

static int sonde_sdt_wait_done(struct kretprobe_instance *ri,
			       struct pt_regs *regs)
{
	const struct sonde_sdt_bio *b = (const struct sonde_sdt_bio *)ri->data;

	sonde_sdt_fire(sonde_sdt_of_ri(ri), regs, b->dev, b->sector, b->bytes,
		       b->dir, (unsigned long)b->bio,
		       (u64)(s64)(int)regs_return_value(regs));
	return 0;
}

/* ---- the table ---------------------------------------------------------- */

#define TP(n, h)	{ .kind = SONDE_SDT_TP, .name = n, .fn = h }
#define KP(n, h)	{ .kind = SONDE_SDT_KP, .name = n, .fn = h }
#define KPO(n, h)	{ .kind = SONDE_SDT_KP, .name = n, .fn = h, \
			  .optional = true }
#define KRPO(n, h, s)	{ .kind = SONDE_SDT_KRP, .name = n, .fn = h, \
			  .optional = true, .sleeps = s }
#define QUEUE(op)	KPO(op "_task_fair", sonde_sdt_queue), \
			KPO(op "_task_rt", sonde_sdt_queue), \
			KPO(op "_task_dl", sonde_sdt_queue), \
			KPO(op "_task_stop", sonde_sdt_queue), \
			KPO(op "_task_scx", sonde_sdt_queue)
#define EXEC(k, h)	k("__x64_sys_execve", h), k("__x64_sys_execveat", h), \
			k("__ia32_compat_sys_execve", h), \
			k("__ia32_compat_sys_execveat", h)
#define EXECRET(h)	KRPO("__x64_sys_execve", h, true), \
			KRPO("__x64_sys_execveat", h, true), \
			KRPO("__ia32_compat_sys_execve", h, true), \
			KRPO("__ia32_compat_sys_execveat", h, true)
#define SCHEDTAIL(h)	{ .kind = SONDE_SDT_KRP, .name = "schedule_tail", \
			  .fn = h }
#define SDT(p, n, na, ...) { .prov = &sonde_##p##_provider, .name = n, \
			     .nargs = na, SONDE_SDT_SITES(__VA_ARGS__) }

static struct sonde_sdt sonde_sdts[] = {
	SDT(sched, "on-cpu", 1,
	    KPO("finish_task_switch.isra.0", sonde_sdt_on_cpu),
	    KPO("finish_task_switch", sonde_sdt_on_cpu)),
	SDT(sched, "off-cpu", 2, TP("sched_switch", sonde_sdt_off_cpu)),
	SDT(sched, "sleep", 1, TP("sched_switch", sonde_sdt_sleep)),
	SDT(sched, "preempt", 2, TP("sched_switch", sonde_sdt_preempt)),
	SDT(sched, "wakeup", 2, TP("sched_waking", sonde_sdt_wakeup)),
	SDT(sched, "enqueue", 4, QUEUE("enqueue")),
	SDT(sched, "dequeue", 4, QUEUE("dequeue")),
	SDT(sched, "change-pri", 3, KPO("set_user_nice", sonde_sdt_nice),
	    KPO("__sched_setscheduler", sonde_sdt_setsched),
	    TP("sched_pi_setprio", sonde_sdt_pi)),
	SDT(sched, "remain-cpu", 0,
	    KRPO("pick_next_task_fair", sonde_sdt_remain, false),
	    KRPO("pick_next_task_idle", sonde_sdt_remain, false),
	    KRPO("pick_task_idle", sonde_sdt_remain, false)),
	SDT(sched, "surrender", 2, KP("do_sched_yield", sonde_sdt_current)),
	SDT(sched, "tick", 2, KPO("scheduler_tick", sonde_sdt_current),
	    KPO("sched_tick", sonde_sdt_current)),
	SDT(proc, "create", 2, TP("sched_process_fork", sonde_sdt_create)),
	SDT(proc, "lwp-create", 2,
	    TP("sched_process_fork", sonde_sdt_lwp_create)),
	SDT(proc, "exec", 1, EXEC(KPO, sonde_sdt_exec)),
	SDT(proc, "exec-failure", 1, EXECRET(sonde_sdt_exec_failure)),
	SDT(proc, "exec-success", 2,
	    TP("sched_process_exec", sonde_sdt_exec_success)),
	SDT(proc, "start", 0, KP("schedule_tail", sonde_sdt_start)),
	SDT(proc, "lwp-start", 0, SCHEDTAIL(sonde_sdt_lwp_start)),
	SDT(proc, "exit", 1, TP("sched_process_exit", sonde_sdt_exit)),
	SDT(proc, "lwp-exit", 0, TP("sched_process_exit", sonde_sdt_lwp_exit)),
	SDT(proc, "signal-send", 5,
	    TP("signal_generate", sonde_sdt_signal_send)),
	SDT(proc, "signal-discard", 3,
	    TP("signal_generate", sonde_sdt_signal_discard)),
	SDT(proc, "signal-handle", 3,
	    TP("signal_deliver", sonde_sdt_signal_handle)),
	SDT(proc, "signal-clear", 1,
	    KRPO("__x64_sys_rt_sigtimedwait", sonde_sdt_signal_clear, true),
	    KRPO("__ia32_compat_sys_rt_sigtimedwait_time32",
		 sonde_sdt_signal_clear, true),
	    KRPO("__ia32_compat_sys_rt_sigtimedwait_time64",
		 sonde_sdt_signal_clear, true)),
	SDT(io, "start", 5, TP("block_rq_issue", sonde_sdt_io_start)),
	SDT(io, "done", 6, TP("block_rq_complete", sonde_sdt_io_done)),
	SDT(io, "wait-start", 5, KP("submit_bio_wait", sonde_sdt_wait_start)),
	SDT(io, "wait-done", 6,
	    { .kind = SONDE_SDT_KRP, .name = "submit_bio_wait",
	      .fn = sonde_sdt_wait_done, .entry = sonde_sdt_wait_entry,
	      .data_size = sizeof(struct sonde_sdt_bio), .sleeps = true }),
};
#undef SDT
#undef SCHEDTAIL
#undef EXECRET
#undef EXEC
#undef QUEUE
#undef KRPO
#undef KPO
#undef KP
#undef TP

/*
 * The stable providers' probes, made by the first listing that names one
 * of them (not at module load).  sonde_lock held.
 */
static int sonde_stable_provide(struct sonde_state *st,
				const struct sonde_probe_desc *desc)
{
	static bool made;

	return sonde_sdt_provide(sonde_sdts, ARRAY_SIZE(sonde_sdts), desc,
				 &made);
}

const struct sonde_provider sonde_sched_provider = {
	.name = "sched",
	.flags = SONDE_PROVF_REGS_STACK,	/* kprobes' regs */
	.kaddr_args = SONDE_ARGS_ALL,		/* tasks, cpuinfo */
	.provide = sonde_stable_provide,
	.enable = sonde_sdt_enable,
	.disable = sonde_sdt_disable,
};

const struct sonde_provider sonde_proc_provider = {
	.name = "proc",
	.flags = SONDE_PROVF_REGS_STACK,
	.kaddr_args = SONDE_ARGS_ALL,	/* tasks, file names, siginfo */
	.provide = sonde_stable_provide,
	.enable = sonde_sdt_enable,
	.disable = sonde_sdt_disable,
};

const struct sonde_provider sonde_io_provider = {
	.name = "io",
	.flags = SONDE_PROVF_REGS_STACK,
	.kaddr_args = SONDE_ARGS_ALL,	/* the request, the bio */
	.provide = sonde_stable_provide,
	.enable = sonde_sdt_enable,
	.disable = sonde_sdt_disable,
};
