// SPDX-License-Identifier: GPL-2.0
/*
 * env_shim.c - the rest of the module, as the kernel-world fuzzer needs
 * it: the VM's environment hooks (the kernel's are in kmod/env.c, which
 * reads real tasks, registers and stacks), with the same scratch, record
 * and aggregation behaviour, over memory windows the fuzzer fills; and
 * the providers probe.c lists, without probes of their own; the lock
 * main.c defines.
 * Probe context, as the kernel's: interrupts off (the shim checks).
 */
#include "sonde_kmod.h"
#include "kshim_world.h"

struct kshim_world kshim_world;

/* main.c's: the probe table's lock */
DEFINE_MUTEX(sonde_lock);

/* env.c's bump allocator for built-in strings (execname) */
static char *shim_scratch(struct sonde_vm_ctx *ctx, u32 size, u32 *fault)
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

u64 sonde_env_builtin(struct sonde_vm_ctx *ctx, u32 id, u32 *fault)
{
	struct sonde_mstate *ms = ctx->env;
	struct sonde_probe *p = ms->probe;
	char *s;

	if (!kshim_irqs_off)
		KSHIM_BUG("a built-in read with interrupts on");
	switch (id) {
	case SONDE_B_arg0 ... SONDE_B_arg9:
		return ms->fire->args[id - SONDE_B_arg0];
	case SONDE_B_pid:
		return (u64)task_tgid_nr(current);
	case SONDE_B_tid:
		return (u64)task_pid_nr(current);
	case SONDE_B_ppid:
		return 1;
	case SONDE_B_uid:
	case SONDE_B_gid:
		return 0;
	case SONDE_B_cpu:
		return ms->cpu;
	case SONDE_B_timestamp:
		return sonde_ms_timestamp(ms);
	case SONDE_B_vtimestamp:
	case SONDE_B_walltimestamp:
		return ktime_get_mono_fast_ns();
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
		return sonde_env_stack(ctx, id == SONDE_B_ustackdepth,
				       ctx->stackbuf, 255);
	case SONDE_B_execname:
		s = shim_scratch(ctx, sizeof(current->comm), fault);
		if (!s)
			return 0;
		memcpy(s, current->comm, sizeof(current->comm));
		s[sizeof(current->comm) - 1] = 0;
		return (u64)(unsigned long)s;
	case SONDE_B_probeprov:
		return (u64)(unsigned long)sonde_probe_provname(p);
	case SONDE_B_probemod:
		return (u64)(unsigned long)p->mod;
	case SONDE_B_probefunc:
		return (u64)(unsigned long)p->func;
	case SONDE_B_probename:
		return (u64)(unsigned long)p->name;
	case SONDE_B_curcpu:
		return FZ_KBASE;	/* the world's window */
	case SONDE_B_cwd:
	case SONDE_B_root:
		/* kmod/env.c's walk from the process's fs_struct, at its
		 * longest */
		SONDE_WORK(SONDE_COST_FAULT +
			   SONDE_DPATH_COST(ctx->img->strsize));
		s = shim_scratch(ctx, ctx->img->strsize, fault);
		if (!s)
			return 0;
		memcpy(s, "/", 2);
		return (u64)(unsigned long)s;
	}
	*fault = SONDE_FLT_ILLOP;
	return 0;
}

/* Bytes [@addr, @addr + @size) of the kernel or user window, or NULL (a
 * fault).  TESTRUN's window replaces the world's, as in the kernel. */
static const u8 *shim_window(struct sonde_mstate *ms, bool user, u64 addr,
			     u64 size)
{
	u64 base = user ? FZ_KBASE + 0x1000 : FZ_KBASE;
	const u8 *mem = kshim_world.mem;
	u64 len = kshim_world.memlen;

	if (ms->test) {
		mem = user ? (const u8 *)(unsigned long)ms->test->umem :
		      ms->test->kmem;
		len = ms->test->size;
		base = user ? SONDE_TEST_UBASE : SONDE_TEST_KBASE;
	}
	if (addr < base || addr - base > len || len - (addr - base) < size)
		return NULL;
	return mem + (addr - base);
}

int sonde_env_load(struct sonde_vm_ctx *ctx, bool user, u64 addr, u32 size,
		   u64 *val)
{
	const u8 *p = shim_window(ctx->env, user, addr, size);
	u64 v = 0;

	SONDE_WORK(SONDE_COST_FAULT);
	if (!p)
		return -EFAULT;
	memcpy(&v, p, size);
	*val = v;
	return 0;
}

void sonde_env_agg(struct sonde_vm_ctx *ctx, u32 aggid,
		   const struct sonde_key *key, s64 x, s64 incr)
{
	struct sonde_mstate *ms = ctx->env;

	sonde_agg_update(ms->st, &ms->pc->agg, aggid, key, x, incr);
}

/* env.c's: dynamic variables and speculations are dynvar.c's and
 * spec.c's */
void sonde_env_dload(struct sonde_vm_ctx *ctx, u32 var, const void *key,
		     u32 key_size, void *out, u32 size)
{
	sonde_dvar_load(ctx, var, key, key_size, out, size);
}

void sonde_env_dstore(struct sonde_vm_ctx *ctx, u32 var, const void *key,
		      u32 key_size, const void *val, u32 size)
{
	sonde_dvar_store(ctx, var, key, key_size, val, size);
}

u32 sonde_env_spec(struct sonde_vm_ctx *ctx, u32 subr, u64 id, u64 *ret)
{
	return sonde_spec_subr(ctx, subr, id, ret);
}

/* env.c's, word for word in what it decides */
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
		return;
	}
	if (cmpxchg(&st->activity, act, SONDE_ACT_DRAINING) == act)
		WRITE_ONCE(st->exit_status, (int)status);
}

int sonde_env_copystr(struct sonde_vm_ctx *ctx, bool user, u64 addr,
		      char *dst, u32 size)
{
	u32 i;

	SONDE_WORK(SONDE_COST_FAULT);
	for (i = 0; i + 1 < size; i++) {
		const u8 *p = shim_window(ctx->env, user, addr + i, 1);

		SONDE_WORK(1);
		if (!p) {
			dst[i] = 0;
			return -EFAULT;
		}
		dst[i] = (char)*p;
		if (!dst[i])
			return (int)i;
	}
	dst[i] = 0;
	return (int)i;
}

/* d_path(): the world has no dentries; its struct path is the name
 * itself, a string in the window, walked at the kernel's longest. */
int sonde_env_dpath(struct sonde_vm_ctx *ctx, u64 path, char *r, u32 size)
{
	SONDE_WORK(SONDE_DPATH_COST(size));
	return sonde_env_copystr(ctx, false, path, r, size) < 0 ? -EFAULT : 0;
}

int sonde_env_copyin(struct sonde_vm_ctx *ctx, u64 addr, void *dst,
		     u32 size)
{
	const u8 *p;

	SONDE_WORK(SONDE_COST_FAULT);
	if (!size)
		return 0;
	p = shim_window(ctx->env, true, addr, size);
	if (!p)
		return -EFAULT;
	memcpy(dst, p, size);
	return 0;
}

/* env.c's: a page at a time, as much as the window holds */
u32 sonde_env_kcopy(struct sonde_vm_ctx *ctx, u64 addr, void *dst, u32 size)
{
	u32 off = 0, chunk;

	/* the kernel's: a fault-safe copy a page, one fault at most */
	SONDE_WORK(SONDE_COST_FAULT);
	while (off < size) {
		const u8 *p;

		SONDE_WORK(32);
		chunk = size - off < 4096 - ((addr + off) & 4095) ?
			size - off : 4096 - (u32)((addr + off) & 4095);
		p = shim_window(ctx->env, false, addr + off, chunk);
		if (!p)
			break;
		memcpy((u8 *)dst + off, p, chunk);
		off += chunk;
	}
	return off;
}

int sonde_env_ureg(struct sonde_vm_ctx *ctx, u32 reg, u64 *val)
{
	if (!current->mm)
		return -EFAULT;		/* a kernel thread */
	if (reg >= SONDE_NUREGS)
		KSHIM_BUG("ldureg past the registers reached the world");
	*val = kshim_world.uregs[reg];
	return 0;
}

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

/* A stack of the world's depth: recognisable PCs, never more than @n. */
u32 sonde_env_stack(struct sonde_vm_ctx *ctx, bool user, u64 *pcs, u32 n)
{
	u32 i, depth = min(n, kshim_world.stackdepth);

	for (i = 0; i < depth; i++)
		pcs[i] = (user ? 0x400000ULL : 0xffffffff81000000ULL) + 16 * i;
	return depth;
}

/* env.c's: the helper the world gives the firing thread, if any */
bool sonde_env_jhelper(struct sonde_vm_ctx *ctx, struct sonde_jwalk *w)
{
	w->pid = current->mm ? 1000 : 0;
	if (!kshim_world.jhelper || !current->mm)
		return false;
	if (kshim_world.max_threads < 1 ||
	    kshim_world.max_threads > SONDE_JHELPER_MAX_THREADS ||
	    kshim_world.max_interps < 1 ||
	    kshim_world.max_interps > SONDE_JHELPER_MAX_INTERPS)
		KSHIM_BUG("a jstack() helper past jhelper.c's limits");
	w->off = &kshim_world.pyoff;
	w->runtime = kshim_world.runtime;
	w->tid = kshim_world.tid;
	w->max_threads = kshim_world.max_threads;
	w->max_interps = kshim_world.max_interps;
	w->id = 0;
	return true;
}

void sonde_env_jdrop(struct sonde_vm_ctx *ctx)
{
	kshim_world.jdrops++;
}

/* jhelper.c's: the world's helper is not the state's to free */
void sonde_jhelpers_free(struct sonde_state *st)
{
}

/*
 * ustack.c's (not in this build: the world's user stacks are
 * sonde_env_stack()'s above, and no session gives SONDE_IOC_UTAB
 * tables): a state has none to free.
 */
void sonde_utabs_free(struct sonde_state *st)
{
	u32 i;

	for (i = 0; i < SONDE_UTAB_MAX_PIDS; i++)
		if (st->utabs[i])
			KSHIM_BUG("a user stack table in a fuzzed state");
}

/*
 * anon.c's (not in this build: no fuzzed session starts or claims an
 * anonymous enabling): a state has no anonymous file to free.
 */
void sonde_anon_release(struct sonde_state *st)
{
	if (st->anon_file || st->anon_prev)
		KSHIM_BUG("an anonymous enabling in a fuzzed state");
}

/* ---- the providers probe.c lists: names only, nothing to arm ---- */

const struct sonde_provider sonde_syscall_provider = { .name = "syscall" };
const struct sonde_provider sonde_profile_provider = { .name = "profile" };
const struct sonde_provider sonde_fbt_provider = { .name = "fbt" };
const struct sonde_provider sonde_tp_provider = { .name = "tracepoint" };
const struct sonde_provider sonde_sched_provider = { .name = "sched" };
const struct sonde_provider sonde_proc_provider = { .name = "proc" };
const struct sonde_provider sonde_io_provider = { .name = "io" };
const struct sonde_provider sonde_lockstat_provider = { .name = "lockstat" };
const struct sonde_provider sonde_cpc_provider = { .name = "cpc" };
const struct sonde_provider sonde_ip_provider = { .name = "ip" };
const struct sonde_provider sonde_tcp_provider = { .name = "tcp" };
const struct sonde_provider sonde_udp_provider = { .name = "udp" };

/* prov_fbt.c's memory of descriptions offered in full: nothing offered */
u32 sonde_fbt_offered(const struct sonde_probe_desc *desc)
{
	return 0;
}

void sonde_fbt_offer_done(const struct sonde_offer_ent *ents, u32 n)
{
}

void sonde_uprobes_destroy(struct sonde_state *st)
{
}

/* prov_uprobe.c's rendezvous: the shim places none */
void sonde_rdvs_close(struct sonde_state *st)
{
}

void sonde_rdvs_destroy(struct sonde_state *st)
{
}

/* prov_profile.c's: the shim's profile provider makes no probes */
void sonde_profile_release(struct sonde_state *st)
{
}

/* prov_cpc.c's: nor does its cpc provider */
void sonde_cpc_release(struct sonde_state *st)
{
}

bool sonde_uprobe_func_entry(const struct sonde_probe *p)
{
	return false;
}

/* destruct.c's LOAD check: panic() and breakpoint() are refused, as a
 * module whose kernel_destructive parameter is off refuses them. */
int sonde_destruct_check(const struct sonde_image *img,
			 struct sonde_vlog *log)
{
	u32 i;

	for (i = 0; i < img->ninsns; i++)
		if (img->insns[i].op == SONDE_OP_CALL &&
		    SONDE_SUBR_KERNEL_DESTRUCTIVE(img->insns[i].imm)) {
			sonde_vlog(log, "insn %u: %s() is refused: the sonde module's kernel_destructive parameter is off\n",
				   i, sonde_subr_name(img->insns[i].imm));
			return -EACCES;
		}
	return 0;
}

/* destruct.c's actions on the world: raise() and stop() signal no one,
 * chill() at most SONDE_CHILL_CALL_MAX, copyout() writes only the user window and
 * never a kernel thread's; panic() and breakpoint() never get here. */
u32 sonde_env_destruct(struct sonde_vm_ctx *ctx, u32 subr, u64 arg,
		       const void *src, u32 size)
{
	u8 *p;

	if (!kshim_irqs_off)
		KSHIM_BUG("a destructive action with interrupts on");
	switch (subr) {
	case SONDE_SUBR_raise:
		return arg >= 65 ? SONDE_FLT_ILLOP : 0;
	case SONDE_SUBR_stop:
		return 0;
	case SONDE_SUBR_chill:
		if (arg > SONDE_CHILL_CALL_MAX)
			return SONDE_FLT_ILLOP;
		/* the kernel spins arg ns: a unit a ns */
		SONDE_WORK(arg);
		return 0;
	case SONDE_SUBR_copyout:
	case SONDE_SUBR_copyoutstr:
		if (!current->mm)
			return SONDE_FLT_BADADDR;
		SONDE_WORK(SONDE_COST_FAULT);
		p = (u8 *)shim_window(ctx->env, true, arg, size);
		if (!p)
			return SONDE_FLT_BADADDR;
		memcpy(p, src, size);
		return 0;
	}
	KSHIM_BUG("a kernel-wide destructive action reached the world");
	return SONDE_FLT_ILLOP;
}

/* env.c's progenyof(): the world's process descends from itself and
 * from init. */
u64 sonde_env_progenyof(struct sonde_vm_ctx *ctx, s64 pid)
{
	/* the kernel walks up to SONDE_PROGENY_MAX parents, a few loads
	 * each: what a process 1024 deep costs */
	SONDE_WORK((u64)SONDE_PROGENY_MAX * 8);
	return pid == (s64)task_tgid_nr(current) || pid == 1;
}
