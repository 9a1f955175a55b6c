// SPDX-License-Identifier: GPL-2.0
/*
 * prov_stable.c - DTrace's stable kernel providers sched, proc and io,
 * on Linux tracepoints (and one kprobe).  Arguments are raw values, not
 * DTrace's translated args[] structs; docs/providers.md has the table:
 *
 *   sched:::off-cpu      sched_switch, in the outgoing thread;
 *                        arg0 = next task, arg1 = next pid
 *   sched:::sleep        sched_switch when the outgoing thread blocks
 *                        (prev_state != TASK_RUNNING); arg0 = prev_state
 *   sched:::preempt      sched_switch when it is preempted (runnable)
 *   sched:::on-cpu       kprobe on finish_task_switch, in the incoming
 *                        thread (no tracepoint fires there in 6.1);
 *                        arg0 = the previous task
 *   sched:::wakeup       sched_waking, in the waker; arg0 = task, arg1 = pid
 *   proc:::create        sched_process_fork, in the parent; arg0 = child
 *                        task, arg1 = child pid
 *   proc:::exec-success  sched_process_exec, in the new image; arg0 =
 *                        old pid, arg1 = filename (string address)
 *   proc:::exit          sched_process_exit of a process's last thread;
 *                        arg0 = CLD_EXITED / CLD_KILLED / CLD_DUMPED
 *   proc:::lwp-exit      sched_process_exit of any thread
 *   proc:::signal-send   signal_generate, in the sender; arg0 = target
 *                        task, arg1 = target pid, arg2 = signal
 *   proc:::signal-handle signal_deliver, in the target; arg0 = signal,
 *                        arg1 = siginfo, arg2 = handler
 *   io:::start           block_rq_issue;    arg0 = dev_t, arg1 = sector,
 *   io:::done            block_rq_complete  arg2 = bytes, arg3 = B_READ
 *                        (0x40) or B_WRITE (0x100) as DTrace's b_flags,
 *                        arg4 = the request, arg5 = (done) blk_status_t
 *
 * Not offered: sched:::enqueue/dequeue (no run-queue tracepoints in 6.1;
 * only the bare PELT ones), proc:::exec and exec-failure (nothing fires
 * before or on a failed exec without an fbt probe on do_execveat_common).
 *
 * The probes are made by the first listing that names one of the three
 * providers.  Handlers are probe context; registration per probe with the
 * probe's own data pointer, so several probes share one tracepoint.
 */
#include <linux/binfmts.h>
#include <linux/blk-mq.h>
#include <linux/blkdev.h>
#include <linux/kprobes.h>
#include <linux/sched/signal.h>
#include <linux/signal.h>
#include <linux/tracepoint.h>

#include "sonde_kmod.h"
#include "compat.h"

#define SONDE_B_READ	0x40
#define SONDE_B_WRITE	0x100

struct sonde_sdt {
	const struct sonde_provider *prov;
	const char *name;
	const char *tpname;	/* NULL: a kprobe on kprobe_syms */
	void *handler;
	u32 nargs;
	struct tracepoint *tp;
	struct sonde_probe *probe;
	struct kprobe kp;
};

static void sonde_sdt_fire(struct sonde_sdt *s, u64 a0, u64 a1, u64 a2,
			   u64 a3, u64 a4, u64 a5)
{
	struct sonde_fire f __uninitialized;

	sonde_fire_init(&f, NULL);
	f.args[0] = a0;
	f.args[1] = a1;
	f.args[2] = a2;
	f.args[3] = a3;
	f.args[4] = a4;
	f.args[5] = a5;
	sonde_probe_fire(s->probe, NULL, &f);
}

static void sonde_sdt_off_cpu(SONDE_TP_SCHED_SWITCH_ARGS)
{
	sonde_sdt_fire(data, (unsigned long)next, task_pid_nr(next), 0, 0,
		       0, 0);
}

static void sonde_sdt_sleep(SONDE_TP_SCHED_SWITCH_ARGS)
{
	if (prev_state & TASK_REPORT)
		sonde_sdt_fire(data, prev_state, 0, 0, 0, 0, 0);
}

static void sonde_sdt_preempt(SONDE_TP_SCHED_SWITCH_ARGS)
{
	if (!(prev_state & TASK_REPORT))
		sonde_sdt_fire(data, (unsigned long)next, task_pid_nr(next),
			       0, 0, 0, 0);
}

static int sonde_sdt_on_cpu(struct kprobe *kp, struct pt_regs *regs)
{
	struct sonde_sdt *s = container_of(kp, struct sonde_sdt, kp);
	struct sonde_fire f __uninitialized;

	sonde_fire_init(&f, regs);
	f.args[0] = regs->di;	/* prev */
	sonde_probe_fire(s->probe, NULL, &f);
	return 0;
}

static void sonde_sdt_wakeup(void *data, struct task_struct *p)
{
	sonde_sdt_fire(data, (unsigned long)p, task_pid_nr(p), 0, 0, 0, 0);
}

static void sonde_sdt_create(void *data, struct task_struct *parent,
			     struct task_struct *child)
{
	sonde_sdt_fire(data, (unsigned long)child, task_tgid_nr(child), 0, 0,
		       0, 0);
}

static void sonde_sdt_exec(void *data, struct task_struct *p, pid_t old_pid,
			   struct linux_binprm *bprm)
{
	sonde_sdt_fire(data, old_pid, (unsigned long)bprm->filename, 0, 0, 0,
		       0);
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
		sonde_sdt_fire(data, sonde_sdt_reason(p), 0, 0, 0, 0, 0);
}

static void sonde_sdt_lwp_exit(void *data, struct task_struct *p)
{
	sonde_sdt_fire(data, 0, 0, 0, 0, 0, 0);
}

static void sonde_sdt_signal_send(void *data, int sig,
				  struct kernel_siginfo *info,
				  struct task_struct *task, int group,
				  int result)
{
	sonde_sdt_fire(data, (unsigned long)task, task_pid_nr(task), sig,
		       group, result, 0);
}

static void sonde_sdt_signal_handle(void *data, int sig,
				    struct kernel_siginfo *info,
				    struct k_sigaction *ka)
{
	sonde_sdt_fire(data, sig, (unsigned long)info,
		       ka ? (unsigned long)ka->sa.sa_handler : 0, 0, 0, 0);
}

static void sonde_sdt_io(struct sonde_sdt *s, struct request *rq, u64 bytes,
			 u64 error)
{
	struct gendisk *disk = rq->q ? rq->q->disk : NULL;
	u64 dev = disk ? disk_devt(disk) : 0;
	u64 sector = blk_rq_is_passthrough(rq) ? 0 : blk_rq_pos(rq);
	u64 dir = op_is_write(req_op(rq)) ? SONDE_B_WRITE : SONDE_B_READ;

	sonde_sdt_fire(s, dev, sector, bytes, dir, (unsigned long)rq, error);
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

/* finish_task_switch() is static: gcc names it with a suffix in 6.1. */
static const char *const sonde_on_cpu_syms[] = {
	"finish_task_switch.isra.0", "finish_task_switch",
};

#define SDT(p, n, tp, h, na) { &sonde_##p##_provider, n, tp, h, na }
static struct sonde_sdt sonde_sdts[] = {
	SDT(sched, "on-cpu", NULL, sonde_sdt_on_cpu, 1),
	SDT(sched, "off-cpu", "sched_switch", sonde_sdt_off_cpu, 2),
	SDT(sched, "sleep", "sched_switch", sonde_sdt_sleep, 1),
	SDT(sched, "preempt", "sched_switch", sonde_sdt_preempt, 2),
	SDT(sched, "wakeup", "sched_waking", sonde_sdt_wakeup, 2),
	SDT(proc, "create", "sched_process_fork", sonde_sdt_create, 2),
	SDT(proc, "exec-success", "sched_process_exec", sonde_sdt_exec, 2),
	SDT(proc, "exit", "sched_process_exit", sonde_sdt_exit, 1),
	SDT(proc, "lwp-exit", "sched_process_exit", sonde_sdt_lwp_exit, 0),
	SDT(proc, "signal-send", "signal_generate", sonde_sdt_signal_send, 5),
	SDT(proc, "signal-handle", "signal_deliver", sonde_sdt_signal_handle,
	    3),
	SDT(io, "start", "block_rq_issue", sonde_sdt_io_start, 5),
	SDT(io, "done", "block_rq_complete", sonde_sdt_io_done, 6),
};
#undef SDT

static int sonde_sdt_enable(struct sonde_probe *p)
{
	struct sonde_sdt *s = (struct sonde_sdt *)p->data;
	int err = -ENOENT;
	u32 i;

	if (s->tpname) {
		if (!s->tp)
			return -ENOENT;
		return tracepoint_probe_register(s->tp, s->handler, s);
	}
	for (i = 0; i < ARRAY_SIZE(sonde_on_cpu_syms) && err; i++) {
		memset(&s->kp, 0, sizeof(s->kp));
		s->kp.symbol_name = sonde_on_cpu_syms[i];
		s->kp.pre_handler = s->handler;
		err = register_kprobe(&s->kp);
	}
	if (err)
		pr_info("sonde: %s:::%s cannot be probed: error %d\n",
			p->prov->name, s->name, err);
	return err;
}

static void sonde_sdt_disable(struct sonde_probe *p)
{
	struct sonde_sdt *s = (struct sonde_sdt *)p->data;

	if (s->tpname)
		WARN_ON_ONCE(tracepoint_probe_unregister(s->tp, s->handler, s));
	else
		unregister_kprobe(&s->kp);
}

/*
 * The stable providers' probes, made by the first listing that names one
 * of them (not at module load).  sonde_lock held.
 */
static int sonde_stable_provide(struct sonde_state *st,
				const struct sonde_probe_desc *desc)
{
	static bool made;
	struct sonde_probe *p;
	u32 i;

	if (made)
		return 0;
	/* nothing to make for a description no stable probe matches (BEGIN
	 * for dtrace:::BEGIN): the tracepoint table is not built for it */
	for (i = 0; i < ARRAY_SIZE(sonde_sdts); i++)
		if (sonde_glob_match(desc->provider, sonde_sdts[i].prov->name) &&
		    sonde_glob_match(desc->name, sonde_sdts[i].name))
			break;
	if (i == ARRAY_SIZE(sonde_sdts))
		return 0;
	for (i = 0; i < ARRAY_SIZE(sonde_sdts); i++) {
		struct sonde_sdt *s = &sonde_sdts[i];

		if (s->probe)
			continue;
		if (s->tpname) {
			s->tp = sonde_tracepoint_find(s->tpname);
			if (!s->tp) {
				pr_info("sonde: %s:::%s: no tracepoint %s\n",
					s->prov->name, s->name, s->tpname);
				continue;
			}
		}
		p = sonde_probe_create(s->prov, "", "", s->name, s->nargs,
				       (unsigned long)s);
		if (IS_ERR(p))
			return PTR_ERR(p);
		s->probe = p;
		if (!s->tpname)
			p->flags = SONDE_PROBEF_KPROBE;
	}
	made = true;
	return 0;
}

const struct sonde_provider sonde_sched_provider = {
	.name = "sched",
	.flags = SONDE_PROVF_REGS_STACK,	/* on-cpu's kprobe regs */
	.kaddr_args = SONDE_ARGS_ALL,		/* tasks */
	.provide = sonde_stable_provide,
	.enable = sonde_sdt_enable,
	.disable = sonde_sdt_disable,
};

const struct sonde_provider sonde_proc_provider = {
	.name = "proc",
	.kaddr_args = SONDE_ARGS_ALL,	/* tasks, file names, siginfo */
	.provide = sonde_stable_provide,
	.enable = sonde_sdt_enable,
	.disable = sonde_sdt_disable,
};

const struct sonde_provider sonde_io_provider = {
	.name = "io",
	.kaddr_args = SONDE_ARGS_ALL,	/* the request */
	.provide = sonde_stable_provide,
	.enable = sonde_sdt_enable,
	.disable = sonde_sdt_disable,
};
