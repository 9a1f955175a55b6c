// SPDX-License-Identifier: GPL-2.0
/*
 * prov_syscall.c - the syscall provider: entry and return of every 64-bit
 * system call of the running kernel, named as in its syscall table
 * (generated at build time from the kernel headers' unistd_64.h).
 *
 * It rides the raw_syscalls tracepoints sys_enter and sys_exit, registered
 * while at least one entry (return) probe is armed; a per-syscall table
 * says which probe, if any, a syscall number fires, so an unarmed syscall
 * costs one load.  entry: arg0..arg5 are the arguments; return: arg0 and
 * arg1 are the return value and errno is set, as in DTrace.
 *
 * The probes are made by the first listing that names the provider.  The
 * handlers are probe context (tracepoint callbacks, preemption off).
 * Listing and arming run under sonde_lock.
 */
#include <linux/compat.h>
#include <linux/err.h>
#include <linux/tracepoint.h>
#include <asm/syscall.h>

#include "sonde_kmod.h"

#define SONDE_NR_SYSCALLS	512
#define SONDE_SYS_RETURN	(1UL << 31)

static const struct {
	const char *name;
	u32 nr;
} sonde_syscalls[] = {
#define SONDE_SYSCALL(name, nr) { #name, nr },
#include "sonde_syscalls.h"
#undef SONDE_SYSCALL
};

/* The armed probe of each syscall, [0] entry [1] return; NULL = unarmed. */
static struct sonde_probe *sonde_sys_armed[2][SONDE_NR_SYSCALLS];
static u32 sonde_sys_narmed[2];
static struct tracepoint *sonde_tp[2];	/* sys_enter, sys_exit */

static void sonde_sys_enter(void *data, struct pt_regs *regs, long id)
{
	struct sonde_fire f __uninitialized;
	struct sonde_probe *p;

	if (unlikely((unsigned long)id >= SONDE_NR_SYSCALLS))
		return;
	p = READ_ONCE(sonde_sys_armed[0][id]);
	if (!p || in_compat_syscall())
		return;
	sonde_fire_init(&f, regs);
	/* the 64-bit syscall ABI: syscall_get_arguments() without a copy */
	f.args[0] = regs->di;
	f.args[1] = regs->si;
	f.args[2] = regs->dx;
	f.args[3] = regs->r10;
	f.args[4] = regs->r8;
	f.args[5] = regs->r9;
	sonde_probe_fire(p, NULL, &f);
}

static void sonde_sys_exit(void *data, struct pt_regs *regs, long ret)
{
	long id = syscall_get_nr(current, regs);
	struct sonde_fire f __uninitialized;
	struct sonde_probe *p;

	if (unlikely((unsigned long)id >= SONDE_NR_SYSCALLS))
		return;
	p = READ_ONCE(sonde_sys_armed[1][id]);
	if (!p || in_compat_syscall())
		return;
	sonde_fire_init(&f, regs);
	f.args[0] = f.args[1] = (u64)ret;
	f.errno_val = IS_ERR_VALUE(ret) ? (s32)-ret : 0;
	sonde_probe_fire(p, NULL, &f);
}

static void *const sonde_sys_handlers[2] = { sonde_sys_enter, sonde_sys_exit };

static int sonde_syscall_enable(struct sonde_probe *p)
{
	int ret = !!(p->data & SONDE_SYS_RETURN);
	u32 nr = p->data & ~SONDE_SYS_RETURN;
	int err;

	if (!sonde_sys_narmed[ret]) {
		err = tracepoint_probe_register(sonde_tp[ret],
						sonde_sys_handlers[ret], NULL);
		if (err)
			return err;
	}
	sonde_sys_narmed[ret]++;
	WRITE_ONCE(sonde_sys_armed[ret][nr], p);
	return 0;
}

static void sonde_syscall_disable(struct sonde_probe *p)
{
	int ret = !!(p->data & SONDE_SYS_RETURN);
	u32 nr = p->data & ~SONDE_SYS_RETURN;

	WRITE_ONCE(sonde_sys_armed[ret][nr], NULL);
	if (!--sonde_sys_narmed[ret])
		WARN_ON_ONCE(tracepoint_probe_unregister(sonde_tp[ret],
					sonde_sys_handlers[ret], NULL));
}

/*
 * Every syscall's two probes, made by the first listing that names this
 * provider (not at module load: a consumer that traces no syscall never
 * pays for them).  sonde_lock held.
 */
static int sonde_syscall_provide(struct sonde_state *st,
				 const struct sonde_probe_desc *desc)
{
	static bool made;
	struct sonde_probe *p;
	u32 i;

	if (made)
		return 0;
	/* a description naming neither entry nor return (dtrace:::BEGIN
	 * written as BEGIN) has no probe here: nothing to make */
	if (!sonde_glob_match(desc->name, "entry") &&
	    !sonde_glob_match(desc->name, "return"))
		return 0;
	sonde_tp[0] = sonde_tracepoint_find("sys_enter");
	sonde_tp[1] = sonde_tracepoint_find("sys_exit");
	if (!sonde_tp[0] || !sonde_tp[1]) {
		pr_err_once("sonde: raw_syscalls tracepoints not found\n");
		return -ENOENT;
	}
	for (i = 0; i < ARRAY_SIZE(sonde_syscalls); i++) {
		u32 nr = sonde_syscalls[i].nr;

		if (nr >= SONDE_NR_SYSCALLS)
			continue;
		p = sonde_probe_create(&sonde_syscall_provider, "",
				       sonde_syscalls[i].name, "entry", 6, nr);
		if (!IS_ERR(p))
			p = sonde_probe_create(&sonde_syscall_provider, "",
					       sonde_syscalls[i].name,
					       "return", 2,
					       nr | SONDE_SYS_RETURN);
		if (IS_ERR(p))
			return PTR_ERR(p);
	}
	made = true;
	return 0;
}

const struct sonde_provider sonde_syscall_provider = {
	.name = "syscall",
	.provide = sonde_syscall_provide,
	.enable = sonde_syscall_enable,
	.disable = sonde_syscall_disable,
};

/**
 * sonde_syscall_exit() - the syscall provider at module exit
 *
 * Nothing is armed; waits for handlers still running.
 *
 * Context: module exit or failed init.
 */
void sonde_syscall_exit(void)
{
	tracepoint_synchronize_unregister();
}
