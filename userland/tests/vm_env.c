// SPDX-License-Identifier: GPL-2.0
/*
 * vm_env.c - the VM's host port in userland (vm/env.h), every hook of it,
 * for the VM corpus, the compiler's tests, the fuzzer and the
 * microbenchmark: the world of vm_env.h (a firing of dtrace:::BEGIN in
 * this process, as the module's TESTRUN has it, so one corpus serves both
 * VMs).  Loads succeed only inside the test's memory window, so a wild
 * address faults exactly as in the kernel.  Single-threaded.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "vm_env.h"

u64 sonde_env_builtin(struct sonde_vm_ctx *ctx, u32 id, u32 *fault)
{
	struct tenv *t = ctx->env;

	switch (id) {
	case SONDE_B_arg0 ... SONDE_B_arg9:
		return t->args[id - SONDE_B_arg0];
	/* as if dtrace:::BEGIN fired in this process, like the module's
	 * TESTRUN does, so one corpus serves both VMs */
	case SONDE_B_pid:
	case SONDE_B_tid:
		return (u64)getpid();
	case SONDE_B_execname: {
		static char comm[16];

		snprintf(comm, sizeof(comm), "%s", program_invocation_short_name);
		return (u64)(unsigned long)comm;
	}
	case SONDE_B_probefunc:
	case SONDE_B_probemod:
		return (u64)(unsigned long)"";
	case SONDE_B_probename:
		return (u64)(unsigned long)"BEGIN";
	case SONDE_B_probeprov:
		return (u64)(unsigned long)"dtrace";
	case SONDE_B_stackdepth:
	case SONDE_B_ustackdepth:
		return 3;	/* the depth of sonde_env_stack()'s stacks */
	case SONDE_B_timestamp:
		return 1000000;
	case SONDE_B_caller:
		return MEM_KBASE + 8;	/* sonde_env_stack()'s second frame */
	case SONDE_B_ucaller:
		return MEM_UBASE + 8;
	case SONDE_B_cwd:
	case SONDE_B_root:
		return (u64)(unsigned long)"/";
	case SONDE_B_curcpu:
		return MEM_KBASE;	/* the window: a cpuinfo_t of zeros */
	default:
		return 0;
	}
}

int sonde_env_load(struct sonde_vm_ctx *ctx, bool user, u64 addr, u32 size,
		   u64 *val)
{
	struct tenv *t = ctx->env;
	u64 base = user ? MEM_UBASE : MEM_KBASE, v = 0;

	if (addr < base || addr - base > t->memlen ||
	    t->memlen - (addr - base) < size)
		return -EFAULT;
	memcpy(&v, t->mem + (addr - base), size);
	*val = v;
	return 0;
}

void sonde_env_agg(struct sonde_vm_ctx *ctx, u32 aggid,
		   const struct sonde_key *key, s64 x, s64 incr)
{
	struct tenv *t = ctx->env;
	const struct sonde_agg_desc *ad = &t->img->aggs[aggid];
	struct agg_ent *e = NULL;
	u32 key_size = key->size, i;

	for (i = 0; i < t->nents; i++) {
		if (t->ents[i].aggid == aggid && t->ents[i].ksize == key_size &&
		    sonde_key_equal(key, t->ents[i].key)) {
			e = &t->ents[i];
			break;
		}
	}
	if (!e) {
		/* a bounded world: what does not fit is a drop, as in the
		 * kernel, never an overflow */
		if (t->nents == MAX_AGGENT || key_size > sizeof(e->key) ||
		    sonde_agg_val_size(ad) > sizeof(e->val))
			return;
		e = &t->ents[t->nents++];
		e->aggid = aggid;
		e->ksize = key_size;
		sonde_key_store(key, e->key);
		sonde_agg_init(ad, e->val);
	}
	sonde_agg_apply(ad, e->val, x, incr);
}

void sonde_env_exit(struct sonde_vm_ctx *ctx, s64 status)
{
	struct tenv *t = ctx->env;

	if (!t->exited) {
		t->exited = true;
		t->exit_status = status;
	}
}


static struct dvar_ent *dvar_find(struct tenv *t, u32 var, const void *key,
				  u32 key_size)
{
	u32 i;

	for (i = 0; i < t->ndvars; i++)
		if (t->dvars[i].var == var && t->dvars[i].ksize == key_size &&
		    !memcmp(t->dvars[i].key, key, key_size))
			return &t->dvars[i];
	return NULL;
}

void sonde_env_dload(struct sonde_vm_ctx *ctx, u32 var, const void *key,
		     u32 key_size, void *out, u32 size)
{
	struct dvar_ent *e = dvar_find(ctx->env, var, key, key_size);

	if (e)
		memcpy(out, e->val, size);
	else
		memset(out, 0, size);
}

void sonde_env_dstore(struct sonde_vm_ctx *ctx, u32 var, const void *key,
		      u32 key_size, const void *val, u32 size)
{
	struct tenv *t = ctx->env;
	struct dvar_ent *e = dvar_find(t, var, key, key_size);

	if (!val) {
		if (e)
			*e = t->dvars[--t->ndvars];
		return;
	}
	if (!e) {
		if (t->ndvars == MAX_DVAR || key_size > sizeof(e->key) ||
		    size > sizeof(e->val)) {
			t->dyndrops++;
			return;
		}
		e = &t->dvars[t->ndvars++];
		e->var = var;
		e->ksize = key_size;
		memcpy(e->key, key, key_size);
	}
	memcpy(e->val, val, size);
}

int sonde_env_copystr(struct sonde_vm_ctx *ctx, bool user, u64 addr,
		      char *dst, u32 size)
{
	struct tenv *t = ctx->env;
	u64 base = user ? MEM_UBASE : MEM_KBASE;
	u32 i;

	for (i = 0; i + 1 < size; i++) {
		u64 a = addr + i;

		if (a < base || a - base >= t->memlen)
			return -EFAULT;
		dst[i] = (char)t->mem[a - base];
		if (!dst[i])
			return (int)i;
	}
	dst[i] = 0;
	return (int)i;
}

int sonde_env_copyin(struct sonde_vm_ctx *ctx, u64 addr, void *dst,
		     u32 size)
{
	struct tenv *t = ctx->env;

	if (!size)
		return 0;
	if (addr < MEM_UBASE || addr - MEM_UBASE > t->memlen ||
	    t->memlen - (addr - MEM_UBASE) < size)
		return -EFAULT;
	memcpy(dst, t->mem + (addr - MEM_UBASE), size);
	return 0;
}

/* The test world's kernel memory, byte-granular: what lies in it. */
u32 sonde_env_kcopy(struct sonde_vm_ctx *ctx, u64 addr, void *dst, u32 size)
{
	struct tenv *t = ctx->env;
	u32 n;

	if (addr < MEM_KBASE || addr - MEM_KBASE >= t->memlen)
		return 0;
	n = t->memlen - (addr - MEM_KBASE) < size ?
	    (u32)(t->memlen - (addr - MEM_KBASE)) : size;
	memcpy(dst, t->mem + (addr - MEM_KBASE), n);
	return n;
}

/*
 * The user registers the module's TESTRUN sees: those of the test
 * process inside ioctl(fd, SONDE_IOC_TESTRUN, &tr) on x86-64.  Only the
 * ones that are the same on every run are given; the rest read 0 here.
 */
int sonde_env_ureg(struct sonde_vm_ctx *ctx, u32 reg, u64 *val)
{
	switch (reg) {
	case SONDE_UREG_orig_rax:
		*val = 16;			/* __NR_ioctl */
		break;
	case SONDE_UREG_rsi:
		*val = SONDE_IOC_TESTRUN;	/* ioctl's second argument */
		break;
	case SONDE_UREG_cs:
		*val = 0x33;			/* __USER_CS */
		break;
	case SONDE_UREG_ss:
		*val = 0x2b;			/* __USER_DS */
		break;
	default:
		*val = 0;
	}
	return 0;
}

/*
 * The test world's destructive actions: copyout() and copyoutstr() into
 * its user memory window, chill() at most SONDE_CHILL_CALL_MAX as the kernel's; the
 * others are noted, never carried out.
 */
u32 sonde_env_destruct(struct sonde_vm_ctx *ctx, u32 subr, u64 arg,
		       const void *src, u32 size)
{
	struct tenv *t = ctx->env;

	switch (subr) {
	case SONDE_SUBR_copyout:
	case SONDE_SUBR_copyoutstr:
		if (arg < MEM_UBASE || arg - MEM_UBASE > t->memlen ||
		    t->memlen - (arg - MEM_UBASE) < size)
			return SONDE_FLT_BADADDR;
		memcpy(t->mem + (arg - MEM_UBASE), src, size);
		return 0;
	case SONDE_SUBR_chill:
		return arg > SONDE_CHILL_CALL_MAX ? SONDE_FLT_ILLOP : 0;
	case SONDE_SUBR_raise:
		if (arg >= 65)
			return SONDE_FLT_ILLOP;
		t->raised = (int)arg;
		return 0;
	default:
		t->destructs++;
		return 0;
	}
}

/* This process and its parent are all the test world knows. */
/* d_path(): the test world's struct path is the name itself, a string in
 * the kernel window */
int sonde_env_dpath(struct sonde_vm_ctx *ctx, u64 path, char *r, u32 size)
{
	return sonde_env_copystr(ctx, false, path, r, size) < 0 ? -EFAULT : 0;
}

u64 sonde_env_progenyof(struct sonde_vm_ctx *ctx, s64 pid)
{
	return pid == (s64)getpid() || pid == (s64)getppid();
}

u64 sonde_env_rand(struct sonde_vm_ctx *ctx)
{
	struct tenv *t = ctx->env;

	t->seed = t->seed * 6364136223846793005ULL + 1442695040888963407ULL;
	return t->seed >> 33;
}

/* A fixed, recognisable stack: 0x1000, 0x1008, ... (user: 0x2000 ...). */
u32 sonde_env_stack(struct sonde_vm_ctx *ctx, bool user, u64 *pcs, u32 n)
{
	u32 i, depth = n < 3 ? n : 3;

	for (i = 0; i < depth; i++)
		pcs[i] = (user ? MEM_UBASE : MEM_KBASE) + 8 * i;
	return depth;
}

/* No interpreter in the test world: jstack() records the stack alone. */
bool sonde_env_jhelper(struct sonde_vm_ctx *ctx, struct sonde_jwalk *w)
{
	w->pid = (u32)getpid();
	return false;
}

void sonde_env_jdrop(struct sonde_vm_ctx *ctx)
{
	struct tenv *t = ctx->env;

	t->jdrops++;
}

/* One speculation, always available, in the test world. */
u32 sonde_env_spec(struct sonde_vm_ctx *ctx, u32 subr, u64 id, u64 *ret)
{
	*ret = subr == SONDE_SUBR_speculation ? 1 : 0;
	if (subr == SONDE_SUBR_speculate)
		ctx->spec = 0x80000000u | (u32)id;
	return 0;
}
