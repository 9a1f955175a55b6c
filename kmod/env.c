// SPDX-License-Identifier: GPL-2.0
/*
 * env.c - the VM's host port in the kernel (vm/env.h), every hook of it:
 * built-in variables, fault-safe loads and copies (copyin, copyinstr),
 * user registers, stacks, aggregation, exit(), and the hooks whose work
 * lives with its data: dynamic variables (dynvar.c), speculations
 * (spec.c) and jstack() helpers (jhelper.c).  Called by the VM from
 * sonde_vm_run(), in probe context: interrupts off, no sleeping, no
 * locks here (dynvar.c and spec.c take their bounded raw spinlocks);
 * every read of memory the script names goes through
 * copy_from_kernel_nofault() / copy_from_user_nofault() or, for user
 * loads and strings, their equivalents with the same checks
 * (sonde_uaccess_ok(), access_ok(), page faults off): sonde_user_load(),
 * one move; sonde_ustrcpy(), a word at a time with faults fixed up.
 */
#include <linux/cred.h>
#include <linux/dcache.h>
#include <linux/fs_struct.h>
#include <linux/mount.h>
#include <linux/path.h>
#include <linux/module.h>
#include <linux/nospec.h>
#include <linux/stacktrace.h>
#include <linux/sched/task_stack.h>
#include <linux/pid.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/smp.h>
#include <linux/timekeeping.h>
#include <linux/topology.h>
#include <linux/uaccess.h>
#include <linux/uidgid.h>
#include <asm/word-at-a-time.h>

#include "sonde_kmod.h"
#include "compat.h"

/* Bump-allocate @size bytes of this firing's scratch, or fault. */
static char *sonde_scratch(struct sonde_vm_ctx *ctx, u32 size, u32 *fault)
{
	char *p;

	if (size > ctx->scratch_size - ctx->scratch_used) {
		*fault = SONDE_FLT_NOSCRATCH;
		return NULL;
	}
	p = ctx->scratch + ctx->scratch_used;
	ctx->scratch_used += ALIGN(size, 8);
	if (ctx->scratch_used > ctx->scratch_size)
		ctx->scratch_used = ctx->scratch_size;
	return p;
}

static u64 sonde_execname(struct sonde_vm_ctx *ctx, u32 *fault)
{
	struct sonde_mstate *ms = ctx->env;
	char *s;

	/*
	 * The consumer itself is "dtrace", as it is under DTrace, so that
	 * scripts written for DTrace (/execname != "dtrace"/) leave out the
	 * tracer as they mean to.
	 */
	if (ms->st && task_tgid_nr(current) == ms->st->owner)
		return (u64)(unsigned long)"dtrace";
	s = sonde_scratch(ctx, TASK_COMM_LEN, fault);
	if (!s)
		return 0;
	/* comm may change under us; a racy but terminated copy is fine */
	memcpy(s, current->comm, TASK_COMM_LEN);
	s[TASK_COMM_LEN - 1] = 0;
	return (u64)(unsigned long)s;
}

/* ---- curcpu ------------------------------------------------------------ */

DEFINE_PER_CPU(struct sonde_cpuinfo, sonde_cpuinfo);

/**
 * sonde_cpuinfo_init() - fill each possible CPU's cpuinfo_t
 *
 * Context: module load (process context).
 */
void sonde_cpuinfo_init(void)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		struct sonde_cpuinfo *ci = per_cpu_ptr(&sonde_cpuinfo, cpu);

		ci->cpu_id = cpu;
		ci->cpu_pset = 0;
		ci->cpu_chip = topology_physical_package_id(cpu);
		ci->cpu_lgrp = cpu_to_node(cpu);
	}
}

/* ---- d_path(), cwd, root ------------------------------------------------ */

/*
 * struct mount (fs/mount.h, not among the headers a module builds with)
 * begins, on every kernel sonde builds for, with its hash node, its
 * parent, its mountpoint and then the struct vfsmount a struct path
 * points to.  sonde_dpath_init() checks that layout on the namespace
 * root of init_task, whose parent is itself and whose mountpoint is its
 * own root; where it does not hold, the walk stops at mount roots.
 */
#define SONDE_MOUNT_PARENT	(2 * sizeof(void *))
#define SONDE_MOUNT_MNT		(4 * sizeof(void *))
static bool sonde_dpath_mounts __read_mostly;

/**
 * sonde_dpath_init() - check the mount layout d_path()'s walk relies on
 *
 * Context: module load (process context).
 */
void sonde_dpath_init(void)
{
	struct vfsmount *vm = NULL;
	unsigned long m, pair[2];

	if (init_task.fs &&
	    !copy_from_kernel_nofault(&vm, &init_task.fs->root.mnt,
				      sizeof(vm)) && vm) {
		m = (unsigned long)vm - SONDE_MOUNT_MNT;
		sonde_dpath_mounts =
			!copy_from_kernel_nofault(pair,
						  (void *)(m + SONDE_MOUNT_PARENT),
						  sizeof(pair)) &&
			pair[0] == m &&
			pair[1] == (unsigned long)vm->mnt_root;
	}
	if (!sonde_dpath_mounts)
		pr_info("sonde: d_path(), cwd and root stop at mount points on this kernel\n");
}

/* A fault-safe copy of kernel memory (a TESTRUN's window translated). */
static int sonde_kread(struct sonde_mstate *ms, unsigned long addr,
		       void *dst, u32 size)
{
	u64 a = addr;

	if (unlikely(ms->test))
		sonde_test_addr(ms->test, false, a, size, &a);
	return copy_from_kernel_nofault(dst, (void *)(unsigned long)a, size) ?
	       -EFAULT : 0;
}

/*
 * The name of @mnt / @dentry from root @rmnt / @rdentry into @r, @size
 * bytes, as prepend_path() (fs/d_path.c) walks it, written backwards from
 * the end of @r and moved to its front.  Bounded by SONDE_DPATH_MAX_STEPS
 * steps of at most four fault-safe copies.
 */
static int sonde_dpath_walk(struct sonde_mstate *ms, unsigned long mnt,
			    unsigned long dentry, unsigned long rmnt,
			    unsigned long rdentry, char *r, u32 size)
{
	const u32 qoff = offsetof(struct dentry, d_name);
	char *p = r + size - 1, *start;
	unsigned long v[2], mroot;
	struct qstr q;
	u32 step, len;
	bool cut = true, pseudo = false;

	*p = 0;
	for (step = 0; step < SONDE_DPATH_MAX_STEPS; step++) {
		if (dentry == rdentry && mnt == rmnt) {
			cut = false;
			break;
		}
		if (sonde_kread(ms, mnt + offsetof(struct vfsmount, mnt_root),
				&mroot, sizeof(mroot)))
			return -EFAULT;
		if (dentry == mroot) {
			unsigned long m = mnt - SONDE_MOUNT_MNT;

			/* the root of a mount: on to its mountpoint */
			if (!sonde_dpath_mounts) {
				cut = false;
				break;
			}
			if (sonde_kread(ms, m + SONDE_MOUNT_PARENT, v,
					sizeof(v)))
				return -EFAULT;
			if (v[0] == m) {	/* the namespace's root */
				cut = false;
				break;
			}
			mnt = v[0] + SONDE_MOUNT_MNT;
			dentry = v[1];
			continue;
		}
		if (sonde_kread(ms, dentry + offsetof(struct dentry, d_parent),
				v, sizeof(v[0])) ||
		    sonde_kread(ms, dentry + qoff, &q, sizeof(q)))
			return -EFAULT;
		if (v[0] == dentry) {
			/* a root not a mount's: a pseudo file system's file
			 * (a pipe, a socket), whose name the kernel makes up
			 * with d_op->d_dname(), not called here */
			if (!*p && (u32)(p - r) >= sizeof("<unknown>") - 1) {
				p -= sizeof("<unknown>") - 1;
				memcpy(p, "<unknown>", sizeof("<unknown>") - 1);
			}
			pseudo = true;	/* no "/" for it, even when empty */
			cut = false;
			break;
		}
		len = q.len;
		/* the name, a '/', and room for "..." before them */
		if (len > NAME_MAX || len + 4 > (u32)(p - r))
			break;
		p -= len;
		if (sonde_kread(ms, (unsigned long)q.name, p, len))
			return -EFAULT;
		*--p = '/';
		dentry = v[0];
	}
	if (cut) {
		p -= 3;
		memcpy(p, "...", 3);
	} else if (!*p && !pseudo) {
		*--p = '/';
	}
	start = p;
	memmove(r, start, r + size - start);
	return 0;
}

/**
 * sonde_env_dpath() - d_path(): the name of a kernel struct path
 * @ctx: the firing
 * @path: the struct path's kernel address
 * @r: the result, @size bytes of scratch
 * @size: strsize
 *
 * See vm/env.h for the contract.  The root is the current process's, read
 * without its fs_struct's lock (a racing chroot() can give either root).
 * Context: probe context (interrupts off, the CPU's in-probe guard held),
 * or TESTRUN with the test window mapped.
 * Return: 0, or -EFAULT.
 */
int sonde_env_dpath(struct sonde_vm_ctx *ctx, u64 path, char *r, u32 size)
{
	struct sonde_mstate *ms = ctx->env;
	struct path pp, root = {};
	struct fs_struct *fs = current->fs;

	if (sonde_kread(ms, (unsigned long)path, &pp, sizeof(pp)))
		return -EFAULT;
	if (fs && sonde_kread(ms, (unsigned long)&fs->root, &root,
			      sizeof(root)))
		return -EFAULT;
	return sonde_dpath_walk(ms, (unsigned long)pp.mnt,
				(unsigned long)pp.dentry,
				(unsigned long)root.mnt,
				(unsigned long)root.dentry, r, size);
}

/* cwd and root: the current process's working directory or root. */
static u64 sonde_fs_path(struct sonde_vm_ctx *ctx, bool cwd, u32 *fault)
{
	struct sonde_mstate *ms = ctx->env;
	struct fs_struct *fs = current->fs;
	struct path pp, root;
	u32 size = ctx->img->strsize;
	char *s;

	s = sonde_scratch(ctx, size, fault);
	if (!s)
		return 0;
	/* a kernel thread's is init's; an exiting task has none */
	if (!fs) {
		strscpy(s, "<unknown>", size);
		return (u64)(unsigned long)s;
	}
	if (copy_from_kernel_nofault(&root, &fs->root, sizeof(root)) ||
	    (cwd && copy_from_kernel_nofault(&pp, &fs->pwd, sizeof(pp))) ||
	    sonde_dpath_walk(ms, (unsigned long)(cwd ? pp.mnt : root.mnt),
			     (unsigned long)(cwd ? pp.dentry : root.dentry),
			     (unsigned long)root.mnt,
			     (unsigned long)root.dentry, s, size)) {
		*fault = SONDE_FLT_BADADDR;
		return 0;
	}
	return (u64)(unsigned long)s;
}

/**
 * sonde_env_builtin() - the value of a built-in variable at this firing
 * @ctx: the firing (ctx->env is its struct sonde_mstate)
 * @id: SONDE_B_*
 * @fault: set to a SONDE_FLT_* code when the value cannot be given
 *
 * See vm/env.h for the contract.  Context: probe context (interrupts off,
 * the CPU's in-probe guard held), or TESTRUN with the test window mapped.
 * Return: the value; strings as a pointer into the firing's scratch or
 * the probe, cast to u64.
 */
u64 sonde_env_builtin(struct sonde_vm_ctx *ctx, u32 id, u32 *fault)
{
	struct sonde_mstate *ms = ctx->env;
	struct sonde_probe *p = ms->probe;

	/*
	 * The arguments before the switch: nearly every clause reads one,
	 * and the switch's compare tree is several branches deep for them.
	 */
	if (id - SONDE_B_arg0 <= SONDE_B_arg9 - SONDE_B_arg0) {
		struct sonde_fire *f = ms->fire;
		u32 n = array_index_nospec(id - SONDE_B_arg0,
					   ARRAY_SIZE(f->args));

		if (unlikely(f->lazy & (1u << n)))
			sonde_uprobe_arg(f, n);
		return f->args[n];
	}
	switch (id) {
	case SONDE_B_pid:
		return (u64)task_tgid_nr(current);
	case SONDE_B_tid:
		return (u64)task_pid_nr(current);
	case SONDE_B_ppid: {
		u64 ppid;

		rcu_read_lock();
		ppid = task_tgid_nr(rcu_dereference(current->real_parent));
		rcu_read_unlock();
		return ppid;
	}
	case SONDE_B_uid:
		return from_kuid_munged(&init_user_ns, current_uid());
	case SONDE_B_gid:
		return from_kgid_munged(&init_user_ns, current_gid());
	case SONDE_B_cpu:
		return ms->cpu;
	case SONDE_B_timestamp:
		return sonde_ms_timestamp(ms);
	case SONDE_B_vtimestamp:
		return current->se.sum_exec_runtime;
	case SONDE_B_walltimestamp:
		return ktime_get_real_fast_ns();
	case SONDE_B_id:
		return p->id;
	case SONDE_B_epid:
		return ctx->epid;
	case SONDE_B_errno:
		return (u64)(s64)ms->fire->errno_val;
	case SONDE_B_curthread:
		return (u64)(unsigned long)current;
	case SONDE_B_stackdepth:
	case SONDE_B_ustackdepth:
		/* the frames stack() would record, up to 255 */
		return sonde_env_stack(ctx, id == SONDE_B_ustackdepth,
				       ctx->stackbuf, 255);
	case SONDE_B_execname:
		return sonde_execname(ctx, fault);
	case SONDE_B_probeprov:
		return (u64)(unsigned long)sonde_probe_provname(p);
	case SONDE_B_probemod:
		return (u64)(unsigned long)p->mod;
	case SONDE_B_probefunc:
		return (u64)(unsigned long)p->func;
	case SONDE_B_probename:
		return (u64)(unsigned long)p->name;
	case SONDE_B_caller:
	case SONDE_B_ucaller:
		/* the frame above the probed code's: its caller */
		return sonde_env_stack(ctx, id == SONDE_B_ucaller,
				       ctx->stackbuf, 2) == 2 ?
		       ctx->stackbuf[1] : 0;
	case SONDE_B_ipl:
		return in_hardirq() ? 2 : in_serving_softirq() ? 1 : 0;
	case SONDE_B_curcpu:
		return (u64)(unsigned long)this_cpu_ptr(&sonde_cpuinfo);
	case SONDE_B_cwd:
	case SONDE_B_root:
		return sonde_fs_path(ctx, id == SONDE_B_cwd, fault);
	}
	/* the verifier only lets known ids through */
	*fault = SONDE_FLT_ILLOP;
	return 0;
}

/**
 * sonde_test_addr() - translate an address of a TESTRUN's memory window
 * @t: the window
 * @user: the user window rather than the kernel one
 * @addr: the address the program used
 * @size: bytes it reads
 * @real: set to the real address
 *
 * Context: probe context (TESTRUN only).
 * Return: true when [@addr, @addr + @size) lies in the window.
 */
bool sonde_test_addr(const struct sonde_testmem *t, bool user, u64 addr,
		     u32 size, u64 *real)
{
	u64 base = user ? SONDE_TEST_UBASE : SONDE_TEST_KBASE;

	u64 off = addr - base;

	if (addr < base || off >= t->size || t->size - off < size)
		return false;
	off = array_index_nospec(off, t->size);
	*real = user ? t->umem + off : (u64)(unsigned long)(t->kmem + off);
	return true;
}

/*
 * May this firing read user memory?  copy_from_user_nofault()'s check
 * that the address space loaded is the thread's (nmi_uaccess_okay(); see
 * sonde_compat_uaccess_okay()): in a context switch it is the next
 * task's, and a kernel thread has none of its own.  Asked once a firing:
 * interrupts stay off for the rest of it, so the answer holds.  Every
 * user access of the firing that does not go through
 * copy_from_user_nofault() itself asks this first.
 */
static bool sonde_uaccess_ok(struct sonde_mstate *ms)
{
	if (likely(ms->uok))
		return true;
	if (!sonde_compat_uaccess_okay())
		return false;
	ms->uok = true;
	return true;
}

/*
 * A user load of 1, 2, 4 or 8 bytes, as copy_from_user_nofault() does
 * it (the address space checked, the address checked, page faults off,
 * the access's fault fixed up) but with one move instead of
 * copy_user_generic(), whose `rep movsb` TCG emulates a block per byte:
 * jstack()'s walk is tens of these a firing.
 */
static int sonde_user_load(struct sonde_mstate *ms, u64 addr, u32 size,
			   u64 *val)
{
	const void __user *p = u64_to_user_ptr(addr);
	int err = -EFAULT;

	if (!sonde_uaccess_ok(ms))
		return -EFAULT;
	if (!access_ok(p, size))
		return -EFAULT;
	pagefault_disable();
	switch (size) {
	case 1: {
		u8 v;

		err = __get_user(v, (const u8 __user *)p);
		*val = v;
		break;
	}
	case 2: {
		u16 v;

		err = __get_user(v, (const u16 __user *)p);
		*val = v;
		break;
	}
	case 4: {
		u32 v;

		err = __get_user(v, (const u32 __user *)p);
		*val = v;
		break;
	}
	case 8: {
		u64 v;

		err = __get_user(v, (const u64 __user *)p);
		*val = v;
		break;
	}
	}
	pagefault_enable();
	return err ? -EFAULT : 0;
}

/**
 * sonde_env_load() - a fault-safe load of 1, 2, 4 or 8 bytes
 * @ctx: the firing
 * @user: from user memory rather than kernel memory
 * @addr: the address
 * @size: bytes
 * @val: the value, zero-extended
 *
 * See vm/env.h for the contract.  Context: probe context (interrupts off,
 * the CPU's in-probe guard held), or TESTRUN with the test window mapped.
 * Return: 0, or -EFAULT (never an oops: *_nofault() copies).
 */
int sonde_env_load(struct sonde_vm_ctx *ctx, bool user, u64 addr, u32 size,
		   u64 *val)
{
	struct sonde_mstate *ms = ctx->env;
	u64 v = 0;
	long err;

	if (unlikely(ms->test))
		sonde_test_addr(ms->test, user, addr, size, &addr);

	if (user)
		return sonde_user_load(ms, addr, size, val);
	err = copy_from_kernel_nofault(&v, (void *)(unsigned long)addr, size);
	if (err)
		return -EFAULT;
	*val = v;
	return 0;
}

/**
 * sonde_env_agg() - aggregate into this CPU's table (sonde_agg_update())
 * @ctx: the firing
 * @aggid: the aggregation
 * @key: the key tuple
 * @x: the value
 * @incr: the weight
 *
 * See vm/env.h for the contract.  Context: probe context (interrupts off,
 * the CPU's in-probe guard held), or TESTRUN with the test window mapped.
 */
void sonde_env_agg(struct sonde_vm_ctx *ctx, u32 aggid,
		   const struct sonde_key *key, s64 x, s64 incr)
{
	struct sonde_mstate *ms = ctx->env;

	sonde_agg_update(ms->st, &ms->pc->agg, aggid, key, x, incr);
}

/**
 * sonde_env_dload() - read a dynamic variable (dynvar.c)
 * @ctx: the firing
 * @var: the variable
 * @key: the key tuple
 * @key_size: its bytes
 * @out: the value, zeroed when absent
 * @size: its bytes
 *
 * See vm/env.h for the contract.  Context: probe context (interrupts off,
 * the CPU's in-probe guard held), or TESTRUN with the test window mapped.
 */
void sonde_env_dload(struct sonde_vm_ctx *ctx, u32 var, const void *key,
		     u32 key_size, void *out, u32 size)
{
	sonde_dvar_load(ctx, var, key, key_size, out, size);
}

/**
 * sonde_env_dstore() - set or delete a dynamic variable (dynvar.c)
 * @ctx: the firing
 * @var: the variable
 * @key: the key tuple
 * @key_size: its bytes
 * @val: the value, or NULL to delete
 * @size: its bytes
 *
 * See vm/env.h for the contract.  Context: probe context (interrupts off,
 * the CPU's in-probe guard held), or TESTRUN with the test window mapped.
 */
void sonde_env_dstore(struct sonde_vm_ctx *ctx, u32 var, const void *key,
		      u32 key_size, const void *val, u32 size)
{
	sonde_dvar_store(ctx, var, key, key_size, val, size);
}

/**
 * sonde_env_spec() - speculation(), speculate(), commit(), discard() (spec.c)
 * @ctx: the firing
 * @subr: SONDE_SUBR_speculation .. SONDE_SUBR_discard
 * @id: the speculation (not for speculation())
 * @ret: speculation()'s id, else 0
 *
 * See vm/env.h for the contract.  Context: probe context (interrupts off,
 * the CPU's in-probe guard held), or TESTRUN with the test window mapped.
 * Return: 0 or a SONDE_FLT_* code.
 */
u32 sonde_env_spec(struct sonde_vm_ctx *ctx, u32 subr, u64 id, u64 *ret)
{
	return sonde_spec_subr(ctx, subr, id, ret);
}

/**
 * sonde_env_jhelper() - the jstack() helper for this thread (jhelper.c)
 * @ctx: the firing
 * @w: filled
 *
 * See vm/env.h for the contract.  Context: probe context (interrupts off,
 * the CPU's in-probe guard held), or TESTRUN with the test window mapped.
 * Return: true when a helper applies.
 */
bool sonde_env_jhelper(struct sonde_vm_ctx *ctx, struct sonde_jwalk *w)
{
	struct sonde_mstate *ms = ctx->env;

	return sonde_jhelper_find(ms->st, w);
}

/**
 * sonde_env_jdrop() - count a jstack() walk that unreadable memory ended
 * @ctx: the firing
 *
 * See vm/env.h for the contract.  Context: probe context (interrupts off,
 * the CPU's in-probe guard held), or TESTRUN with the test window mapped.
 */
void sonde_env_jdrop(struct sonde_vm_ctx *ctx)
{
	struct sonde_mstate *ms = ctx->env;

	ms->pc->jstackdrops++;
}

/**
 * sonde_env_exit() - exit(): the trace drains, the consumer stops it
 * @ctx: the firing
 * @status: exit()'s argument; the first call wins
 *
 * A TESTRUN reports it instead of ending the state.
 *
 * See vm/env.h for the contract.  Context: probe context (interrupts off,
 * the CPU's in-probe guard held), or TESTRUN with the test window mapped.
 */
void sonde_env_exit(struct sonde_vm_ctx *ctx, s64 status)
{
	struct sonde_mstate *ms = ctx->env;
	struct sonde_state *st = ms->st;
	int act = READ_ONCE(st->activity);

	if (act != SONDE_ACT_ACTIVE && act != SONDE_ACT_LOADED)
		return;
	if (unlikely(ms->tr)) {
		ms->tr->flags |= SONDE_TESTRUN_EXIT;
		ms->tr->exit_status = status;
		return;		/* a test run does not end the state */
	}
	if (cmpxchg(&st->activity, act, SONDE_ACT_DRAINING) == act)
		WRITE_ONCE(st->exit_status, (int)status);
}

/*
 * strncpy_from_user() as sonde needs it: into @dst, at most @size bytes,
 * a word at a time until a word holds the NUL, byte by byte from the
 * first word that cannot be read whole (so a string that ends just before
 * an unmapped page reads whole and nothing of that page).  The caller
 * turns page faults off.
 *
 * strncpy_from_user() itself also runs hardened usercopy's
 * check_object_size() on @dst: virt_addr_valid(), the folio and the slab
 * looked up on every call, about 150 instructions of a USDT firing on
 * 6.12.  @dst here is always this firing's scratch or its record, never
 * a stack or slab object, and its @size bytes are the caller's to write,
 * so the check has nothing to find.  The user-access window has no calls
 * in it: has_zero() and its kin are inline.
 *
 * Return: the length when a NUL was found in the first @size bytes, @size
 * when none was (@dst then unterminated), or -EFAULT when a byte before
 * the NUL cannot be read.
 */
static long sonde_ustrcpy(char *dst, const char __user *src, long size)
{
	const struct word_at_a_time wc = WORD_AT_A_TIME_CONSTANTS;
	unsigned long a = (unsigned long)src;
	long max, res = 0;

	if (size <= 0)
		return 0;
	if (a >= TASK_SIZE_MAX)
		return -EFAULT;
	max = min_t(unsigned long, TASK_SIZE_MAX - a, size);
	if (!user_read_access_begin(src, max))
		return -EFAULT;
	while (max - res >= (long)sizeof(unsigned long)) {
		unsigned long c, data;

		unsafe_get_user(c, (const unsigned long __user *)(src + res),
				bytewise);
		if (has_zero(c, &data, &wc)) {
			data = prep_zero_mask(c, data, &wc);
			data = create_zero_mask(data);
			*(unsigned long *)(dst + res) = c & zero_bytemask(data);
			res += find_zero(data);
			goto out;
		}
		*(unsigned long *)(dst + res) = c;
		res += sizeof(unsigned long);
	}
bytewise:
	while (res < max) {
		char c;

		unsafe_get_user(c, src + res, efault);
		dst[res] = c;
		if (!c)
			goto out;
		res++;
	}
	/* no NUL below TASK_SIZE_MAX: a fault, not a truncation */
	if (max < size)
		goto efault;
out:
	user_read_access_end();
	return res;
efault:
	user_read_access_end();
	return -EFAULT;
}

/**
 * sonde_env_copystr() - copy a string from user or kernel memory
 * @ctx: the firing
 * @user: from user memory
 * @addr: the string
 * @dst: where it goes, always NUL-terminated
 * @size: bytes of @dst
 *
 * Stops at the NUL, so a string that ends before an unmapped page reads
 * nothing from that page: user memory a word at a time, kernel memory
 * page by page through copy_from_kernel_nofault().
 *
 * See vm/env.h for the contract.  Context: probe context (interrupts off,
 * the CPU's in-probe guard held), or TESTRUN with the test window mapped.
 * Return: the length, or -EFAULT.
 */
int sonde_env_copystr(struct sonde_vm_ctx *ctx, bool user, u64 addr,
		      char *dst, u32 size)
{
	struct sonde_mstate *ms = ctx->env;
	u32 i = 0;
	long n;

	/* test windows: byte by byte, so the window's end faults exactly */
	if (unlikely(ms->test)) {
		for (; i + 1 < size; i++) {
			u64 real;
			long err;

			if (!sonde_test_addr(ms->test, user, addr + i, 1, &real))
				real = addr + i;
			if (user)
				err = copy_from_user_nofault(dst + i,
						u64_to_user_ptr(real), 1);
			else
				err = copy_from_kernel_nofault(dst + i,
						(void *)(unsigned long)real, 1);
			if (err) {
				dst[i] = 0;
				return -EFAULT;
			}
			if (!dst[i])
				return i;
		}
		dst[i] = 0;
		return i;
	}

	if (user) {
		/*
		 * A word at a time with page faults off, stopping at the
		 * NUL: what the unexported strncpy_from_user_nofault() is,
		 * without its usercopy check (sonde_ustrcpy()).  (Chunks
		 * of 64 bytes through copy_from_user_nofault() were `rep
		 * movsb`, one block per byte under TCG, for names of a
		 * few.)  Its nmi_uaccess_okay() check too: no mm, no user
		 * memory (a kernel thread's borrowed mm is not its own), and
		 * inside a context switch the loaded one is the next task's
		 * (sonde_uaccess_ok()).
		 */
		if (!sonde_uaccess_ok(ms)) {
			dst[0] = 0;
			return -EFAULT;
		}
		pagefault_disable();
		n = sonde_ustrcpy(dst, u64_to_user_ptr(addr), size);
		pagefault_enable();
		if (n < 0) {
			dst[0] = 0;
			return -EFAULT;
		}
		if (n >= size)
			n = size - 1;
		dst[n] = 0;
		return n;
	}

	while (i + 1 < size) {
		u32 chunk = min_t(u64, size - 1 - i,
				  PAGE_SIZE - ((addr + i) & (PAGE_SIZE - 1)));
		long err;
		u32 j;

		chunk = min(chunk, 64u);
		err = copy_from_kernel_nofault(dst + i,
					       (void *)(unsigned long)(addr + i),
					       chunk);
		if (err) {
			dst[i] = 0;
			return -EFAULT;
		}
		for (j = 0; j < chunk; j++)
			if (!dst[i + j])
				return i + j;
		i += chunk;
	}
	dst[i] = 0;
	return i;
}

/**
 * sonde_env_copyin() - copyin(): user memory into the firing's scratch
 * @ctx: the firing
 * @addr: the user address
 * @dst: where it goes
 * @size: bytes
 *
 * One copy_from_user_nofault(): a page that is not present is a fault,
 * not a page-in.  Test windows translate byte by byte, as in
 * sonde_env_copystr(), so the window's end faults exactly.
 *
 * See vm/env.h for the contract.  Context: probe context (interrupts off,
 * the CPU's in-probe guard held), or TESTRUN with the test window mapped.
 * Return: 0 or -EFAULT.
 */
int sonde_env_copyin(struct sonde_vm_ctx *ctx, u64 addr, void *dst,
		     u32 size)
{
	struct sonde_mstate *ms = ctx->env;
	u32 i;

	if (likely(!ms->test))
		return copy_from_user_nofault(dst, u64_to_user_ptr(addr),
					      size) ? -EFAULT : 0;
	for (i = 0; i < size; i++) {
		u64 real;

		if (!sonde_test_addr(ms->test, true, addr + i, 1, &real))
			real = addr + i;
		if (copy_from_user_nofault((u8 *)dst + i,
					   u64_to_user_ptr(real), 1))
			return -EFAULT;
	}
	return 0;
}

/**
 * sonde_env_kcopy() - kcopy(): kernel memory into the firing's scratch
 * @ctx: the firing
 * @addr: the kernel address
 * @dst: where it goes
 * @size: bytes
 *
 * copy_from_kernel_nofault() a page at a time (kernel mappings fault a
 * page at a time), so the VM's word scan after a fault looks at one page
 * at most.  A test window copies what lies inside it; the scan does the
 * rest.
 *
 * See vm/env.h for the contract.  Context: probe context (interrupts off,
 * the CPU's in-probe guard held), or TESTRUN with the test window mapped.
 * Return: the bytes copied before the copy that faulted, @size if none.
 */
u32 sonde_env_kcopy(struct sonde_vm_ctx *ctx, u64 addr, void *dst, u32 size)
{
	struct sonde_mstate *ms = ctx->env;
	const struct sonde_testmem *t = ms->test;
	u32 off = 0, chunk;
	u64 real;

	if (unlikely(t)) {
		if (addr < SONDE_TEST_KBASE ||
		    addr - SONDE_TEST_KBASE >= t->size)
			return 0;
		chunk = min_t(u64, size, t->size - (addr - SONDE_TEST_KBASE));
		if (!sonde_test_addr(t, false, addr, chunk, &real))
			return 0;
		memcpy(dst, (void *)(unsigned long)real, chunk);
		return chunk;
	}
	while (off < size) {
		chunk = min_t(u64, size - off,
			      PAGE_SIZE - ((addr + off) & ~PAGE_MASK));
		if (copy_from_kernel_nofault((u8 *)dst + off,
					     (void *)(unsigned long)(addr + off),
					     chunk))
			break;
		off += chunk;
	}
	return off;
}

/**
 * sonde_env_ureg() - uregs[]: a user register of the firing thread
 * @ctx: the firing
 * @reg: SONDE_UREG_*, the words of struct pt_regs
 * @val: the register
 *
 * The probe's own registers when they are user-mode ones (a user probe, a
 * profile tick that hit user code), else the registers the thread entered
 * the kernel with.
 *
 * See vm/env.h for the contract.  Context: probe context (interrupts off,
 * the CPU's in-probe guard held), or TESTRUN with the test window mapped.
 * Return: 0, or -EFAULT for a kernel thread, which has none (DTrace's
 * BADADDR).
 */
int sonde_env_ureg(struct sonde_vm_ctx *ctx, u32 reg, u64 *val)
{
	struct sonde_mstate *ms = ctx->env;
	struct pt_regs *regs = ms->fire->regs;

	BUILD_BUG_ON(sizeof(struct pt_regs) != SONDE_NUREGS * sizeof(u64));
	BUILD_BUG_ON(offsetof(struct pt_regs, r15) != SONDE_UREG_r15 * 8);
	BUILD_BUG_ON(offsetof(struct pt_regs, bp) != SONDE_UREG_rbp * 8);
	BUILD_BUG_ON(offsetof(struct pt_regs, ax) != SONDE_UREG_rax * 8);
	BUILD_BUG_ON(offsetof(struct pt_regs, di) != SONDE_UREG_rdi * 8);
	BUILD_BUG_ON(offsetof(struct pt_regs, orig_ax) !=
		     SONDE_UREG_orig_rax * 8);
	BUILD_BUG_ON(offsetof(struct pt_regs, ip) != SONDE_UREG_rip * 8);
	BUILD_BUG_ON(offsetof(struct pt_regs, flags) !=
		     SONDE_UREG_rflags * 8);
	BUILD_BUG_ON(offsetof(struct pt_regs, sp) != SONDE_UREG_rsp * 8);
	BUILD_BUG_ON(offsetof(struct pt_regs, ss) != SONDE_UREG_ss * 8);

	if (!regs || !user_mode(regs)) {
		if (current->flags & PF_KTHREAD)
			return -EFAULT;
		regs = task_pt_regs(current);
	}
	/* the index is a register's value: checked here, not verified */
	if (WARN_ON_ONCE(reg >= SONDE_NUREGS))
		return -EFAULT;
	reg = array_index_nospec(reg, SONDE_NUREGS);
	*val = ((const unsigned long *)regs)[reg];
	return 0;
}


/**
 * sonde_env_progenyof() - progenyof(): the current process is @pid or one
 * of its descendants
 * @ctx: the firing
 * @pid: the process id (tgid)
 *
 * Walks real_parent under RCU, at most SONDE_PROGENY_MAX steps.
 *
 * See vm/env.h for the contract.  Context: probe context (interrupts off,
 * the CPU's in-probe guard held), or TESTRUN with the test window mapped.
 * Return: 1 or 0.
 */
u64 sonde_env_progenyof(struct sonde_vm_ctx *ctx, s64 pid)
{
	struct task_struct *t, *parent;
	u64 found = 0;
	u32 i;

	rcu_read_lock();
	t = current;
	for (i = 0; i < SONDE_PROGENY_MAX; i++) {
		if (task_tgid_nr(t) == pid) {
			found = 1;
			break;
		}
		parent = rcu_dereference(t->real_parent);
		if (!parent || parent == t)
			break;
		t = parent;
	}
	rcu_read_unlock();
	return found;
}

/**
 * sonde_env_rand() - rand(): xorshift64*, per CPU
 * @ctx: the firing
 *
 * Cheap and lock-free; not for secrets.
 *
 * See vm/env.h for the contract.  Context: probe context (interrupts off,
 * the CPU's in-probe guard held), or TESTRUN with the test window mapped.
 * Return: the next number.
 */
u64 sonde_env_rand(struct sonde_vm_ctx *ctx)
{
	struct sonde_mstate *ms = ctx->env;
	u64 x = ms->pc->rand;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	ms->pc->rand = x;
	return (x * 0x2545f4914f6cdd1dULL) >> 32;
}

/*
 * The kernel stack at the probe: the unwinder's view from here, less the
 * frames of sonde itself and of the provider's machinery (tracepoint
 * iterators), so the first frame is the probed code.  kprobe
 * providers hand over the probed code's registers instead.
 */
static bool sonde_stack_skip(void *arg, unsigned long pc)
{
	struct sonde_probe *p = arg;

	return within_module(pc, THIS_MODULE) ||
	       (p->prov->artificial && p->prov->artificial(p, pc));
}

/**
 * sonde_env_stack() - the kernel or user stack at the probe
 * @ctx: the firing
 * @user: the user stack (ustack.c: by the process's table or frame
 *        pointers, read without faulting)
 * @pcs: the PCs, innermost first
 * @n: room in @pcs
 *
 * Kernel stacks start at the probed code: kprobe providers hand over its
 * registers, others have sonde's and their machinery's frames skipped.
 *
 * See vm/env.h for the contract.  Context: probe context (interrupts off,
 * the CPU's in-probe guard held), or TESTRUN with the test window mapped.
 * Return: how many PCs were stored.
 */
u32 sonde_env_stack(struct sonde_vm_ctx *ctx, bool user, u64 *pcs, u32 n)
{
	struct sonde_mstate *ms = ctx->env;
	const struct sonde_provider *prov = ms->probe->prov;

	struct pt_regs regs __uninitialized;	/* zeroed below, if used */

	if (user)
		return sonde_ustack(ms->st, sonde_uprobe_func_entry(ms->probe),
				    pcs, n);
	/* the probe's own kernel registers (user mode: no kernel stack) */
	if ((prov->flags & SONDE_PROVF_REGS_STACK) && ms->fire->regs)
		return sonde_compat_stack_regs(ms->fire->regs, pcs, n,
					       sonde_stack_skip, ms->probe);
	/* else from the caller of sonde_probe_fire(), whose frame is live */
	if (!ms->fire_fp)
		return 0;
	sonde_zero(&regs, sizeof(regs));
	regs.ip = ms->fire_ip;
	regs.sp = ms->fire_fp + 2 * sizeof(unsigned long);
	regs.bp = *(unsigned long *)ms->fire_fp;
	regs.cs = __KERNEL_CS;
	return sonde_compat_stack_regs(&regs, pcs, n, sonde_stack_skip,
				       ms->probe);
}
