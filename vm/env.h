/* SPDX-License-Identifier: GPL-2.0 */
/*
 * env.h - the VM's host port: every function the VM calls in the world it
 * runs in, and the key functions it gives the worlds to implement them.
 *
 * One implementation file per world, bound at link time (plain calls, no
 * function pointers in probe context):
 *
 *	kmod/env.c		the kernel (sonde.ko)
 *	userland/tests/vm_env.c	userland: the VM corpus, the compiler's
 *				tests, the fuzzer and the microbenchmark
 *
 * Callers: vm/interp.c and vm/subr.c from sonde_vm_run(), and the kernel's
 * fused predicates (kmod/fire.c, sonde_env_builtin() only).
 *
 * Context, every hook: the firing's, in the kernel probe context -
 * interrupts off, preemption off, this CPU's in-probe guard held, never in
 * NMI.  A hook must not sleep, allocate, or take a lock it could wait on
 * without bound, and its time must be bounded by its arguments (sizes the
 * verifier capped).  The world's firing state is @ctx->env.  The kernel's
 * TESTRUN ioctl runs the VM the same way from process context, with
 * interrupts off and the guard held.
 */
#ifndef _SONDE_ENV_H
#define _SONDE_ENV_H

#include "vm.h"

struct sonde_key;	/* an aggregation key, below */

/* ---- what the VM calls -------------------------------------------------- */

/**
 * sonde_env_builtin() - the value of a built-in variable at this firing
 * @ctx: the firing
 * @id: SONDE_B_*
 * @fault: set to a SONDE_FLT_* code when the world cannot give the value,
 *         which ends the clause
 *
 * Context: probe context (see the top of this file).
 * Return: the value; strings as a pointer to a NUL-terminated copy (in
 * the firing's scratch, or static) cast to u64.
 */
u64 sonde_env_builtin(struct sonde_vm_ctx *ctx, u32 id, u32 *fault);

/**
 * sonde_env_load() - a fault-safe load of 1, 2, 4 or 8 bytes
 * @ctx: the firing
 * @user: from user memory rather than kernel memory
 * @addr: the address
 * @size: the bytes
 * @val: the value, zero-extended
 *
 * Never faults, never sleeps.
 *
 * Context: probe context (see the top of this file).
 * Return: 0, or -EFAULT for an address that cannot be read without
 * faulting.
 */
int sonde_env_load(struct sonde_vm_ctx *ctx, bool user, u64 addr, u32 size,
		   u64 *val);

/**
 * sonde_env_agg() - aggregate into the firing CPU's table
 * @ctx: the firing
 * @aggid: the aggregation
 * @key: the key tuple
 * @x: the value
 * @incr: the weight (quantize()'s and friends' optional argument), else 1
 *
 * sonde_agg_apply() on this CPU's entry.  A full table is a drop for the
 * world to count, never a fault.
 *
 * Context: probe context (see the top of this file).
 */
void sonde_env_agg(struct sonde_vm_ctx *ctx, u32 aggid,
		   const struct sonde_key *key, s64 x, s64 incr);

/**
 * sonde_env_exit() - exit() was called
 * @ctx: the firing
 * @status: its argument; the first call wins
 *
 * Context: probe context (see the top of this file).
 */
void sonde_env_exit(struct sonde_vm_ctx *ctx, s64 status);

/**
 * sonde_env_dload() - read a dynamic variable (thread-local, array element)
 * @ctx: the firing
 * @var: the variable
 * @key: the key tuple, empty for a thread-local scalar (the world adds the
 *       thread)
 * @key_size: bytes of @key
 * @out: the value; zeroed when the element does not exist
 * @size: bytes of the value
 *
 * Context: probe context (see the top of this file).
 */
void sonde_env_dload(struct sonde_vm_ctx *ctx, u32 var, const void *key,
		     u32 key_size, void *out, u32 size);

/**
 * sonde_env_dstore() - set or delete a dynamic variable
 * @ctx: the firing
 * @var: the variable
 * @key: the key tuple, empty for a thread-local scalar
 * @key_size: bytes of @key
 * @val: the value; NULL deletes the element
 * @size: bytes of the value
 *
 * A full pool is the world's drop to count, not a fault.
 *
 * Context: probe context (see the top of this file).
 */
void sonde_env_dstore(struct sonde_vm_ctx *ctx, u32 var, const void *key,
		      u32 key_size, const void *val, u32 size);

/**
 * sonde_env_copystr() - copy a NUL-terminated string
 * @ctx: the firing
 * @user: from user memory rather than kernel memory
 * @addr: the string
 * @dst: where it goes, always NUL-terminated
 * @size: bytes of @dst: at most @size - 1 are copied
 *
 * Reads nothing past the NUL.
 *
 * Context: probe context (see the top of this file).
 * Return: the length, or -EFAULT.
 */
int sonde_env_copystr(struct sonde_vm_ctx *ctx, bool user, u64 addr,
		      char *dst, u32 size);

/**
 * sonde_env_copyin() - copyin(): copy user memory
 * @ctx: the firing
 * @addr: the user address
 * @dst: where it goes (the firing's scratch)
 * @size: bytes
 *
 * Context: probe context (see the top of this file).
 * Return: 0, or -EFAULT (then @dst holds garbage).
 */
int sonde_env_copyin(struct sonde_vm_ctx *ctx, u64 addr, void *dst,
		     u32 size);

/**
 * sonde_env_kcopy() - kcopy(): copy kernel memory, as much as can be
 * @ctx: the firing
 * @addr: the kernel address
 * @dst: where it goes (the firing's scratch)
 * @size: bytes
 *
 * A few fault-safe copies (a page at most each), not one a word: the
 * firing budget charges kcopy() as a copy (vm/cost.c).  When one faults
 * the world stops there; the caller then finds the first word that
 * faults with sonde_env_load(), in the SONDE_KCOPY_SCAN bytes from the
 * returned count.
 *
 * Context: probe context (see the top of this file).
 * Return: the bytes copied from @addr before the copy that faulted, @size
 * when none did.
 */
u32 sonde_env_kcopy(struct sonde_vm_ctx *ctx, u64 addr, void *dst,
		    u32 size);

/* How far past sonde_env_kcopy()'s count the fault may lie: its copies'
 * size, a page. */
#define SONDE_KCOPY_SCAN	4096

/**
 * sonde_env_ureg() - uregs[]: a user register of the firing thread
 * @ctx: the firing
 * @reg: SONDE_UREG_* (< SONDE_NUREGS)
 * @val: the register
 *
 * Context: probe context (see the top of this file).
 * Return: 0, or -EFAULT when the thread has no user context (a kernel
 * thread).
 */
int sonde_env_ureg(struct sonde_vm_ctx *ctx, u32 reg, u64 *val);

/**
 * sonde_env_stack() - the kernel or user stack at the probe
 * @ctx: the firing
 * @user: the user stack rather than the kernel one
 * @pcs: the program counters, innermost first
 * @n: room in @pcs
 *
 * Context: probe context (see the top of this file).
 * Return: how many were stored.
 */
u32 sonde_env_stack(struct sonde_vm_ctx *ctx, bool user, u64 *pcs, u32 n);

/*
 * The interpreter a firing's thread runs, as jstack() walks it: a helper
 * the consumer gave (struct sonde_jhelper), with its runtime's address in
 * this process.
 */
struct sonde_jwalk {
	const struct sonde_pyoffsets *off;	/* the runtime's layout */
	u64 runtime;		/* its address in the process */
	u64 tid;		/* the thread's id as the process knows it */
	u32 pid;		/* the process; set even when there is no helper */
	u32 max_threads;	/* thread states looked at, at most */
	u32 max_interps;	/* interpreters looked at, at most */
	u16 id;			/* the helper's number */
};

/**
 * sonde_env_jhelper() - the helper for the firing's process, if any
 * @ctx: the firing
 * @w: filled: w->pid always (0 in a kernel thread), the rest when a
 *     helper applies
 *
 * Context: probe context (see the top of this file).
 * Return: true when a helper applies to the process.
 */
bool sonde_env_jhelper(struct sonde_vm_ctx *ctx, struct sonde_jwalk *w);

/**
 * sonde_env_jdrop() - count a jstack() walk that memory ended early
 * @ctx: the firing
 *
 * Context: probe context (see the top of this file).
 */
void sonde_env_jdrop(struct sonde_vm_ctx *ctx);

/**
 * sonde_env_spec() - the speculation subroutines
 * @ctx: the firing
 * @subr: SONDE_SUBR_speculation (a free id or 0 in @ret), _speculate (the
 *        clause's record becomes speculative: ctx->spec), _commit or
 *        _discard (the speculation ends)
 * @id: the speculation, for all but speculation()
 * @ret: speculation()'s id, else 0
 *
 * Context: probe context (see the top of this file).
 * Return: 0 or a SONDE_FLT_* code.
 */
u32 sonde_env_spec(struct sonde_vm_ctx *ctx, u32 subr, u64 id, u64 *ret);

/**
 * sonde_env_progenyof() - progenyof(): is the current process @pid or one
 * of its descendants
 * @ctx: the firing
 * @pid: the process id
 *
 * A walk up the parent chain, bounded by the world.
 *
 * Context: probe context (see the top of this file).
 * Return: 1 or 0.
 */
u64 sonde_env_progenyof(struct sonde_vm_ctx *ctx, s64 pid);

/**
 * sonde_env_dpath() - d_path(), cwd, root: the name of a kernel struct path
 * @ctx: the firing
 * @path: the kernel address of a struct path (mount and dentry)
 * @r: the result, @size bytes (strsize) of scratch
 * @size: its size
 *
 * The path from the current process's root, as the kernel's d_path()
 * writes it, walked up the dentries' parents and across mounts through
 * fault-safe loads, without the kernel's locks (a rename racing with the
 * walk can give a name that never existed, never a fault): at most
 * SONDE_DPATH_MAX_STEPS steps; a path longer than @size - 1 bytes or
 * than the steps keeps its last components after "...".
 *
 * Context: probe context (see the top of this file).
 * Return: 0, or -EFAULT when a load of the walk faults.
 */
int sonde_env_dpath(struct sonde_vm_ctx *ctx, u64 path, char *r, u32 size);

/**
 * sonde_env_destruct() - a destructive action
 * @ctx: the firing
 * @subr: SONDE_SUBR_raise (@arg the signal), _stop, _chill (@arg ns),
 *        _copyout and _copyoutstr (@arg the user address, @src and
 *        @size the bytes, already checked to be VM memory), _panic,
 *        _breakpoint
 * @arg: see @subr
 * @src: see @subr, else NULL
 * @size: see @subr, else 0
 *
 * The image verifier let the call through only with the destructive
 * option; the world applies its own limits (DTrace's: chill() at most
 * 500 ms a second per CPU, a signal queue of one; copyout() only into
 * the current process, never a kernel thread's; panic() and breakpoint()
 * only when the world allows them).
 *
 * Context: probe context (see the top of this file); bounded by @size
 * and, for chill(), by the world's limit.
 * Return: 0 or a SONDE_FLT_* code.
 */
u32 sonde_env_destruct(struct sonde_vm_ctx *ctx, u32 subr, u64 arg,
		       const void *src, u32 size);

/**
 * sonde_env_rand() - rand(): a pseudo-random number, not for cryptography
 * @ctx: the firing
 *
 * Context: probe context (see the top of this file).
 * Return: the number.
 */
u64 sonde_env_rand(struct sonde_vm_ctx *ctx);

/* ---- what the VM gives the worlds (key.c) -------------------------------- */

/*
 * An aggregation key as the VM builds it: the tuple's layout, @size bytes
 * at @data, of which only the @nseg segments were written.  The rest is a
 * string's padding past its NUL: zero by definition, in the canonical key
 * sonde_key_store() writes, but not written per firing (with the default
 * strsize of 256, padding, hashing and comparing it was most of the cost
 * of a firing that aggregates by execname).  Equal tuples have equal
 * segments.
 */
struct sonde_key {
	const u8 *data;
	u32 size;
	u32 nseg;
	struct {
		u32 off, len;
	} seg[SONDE_MAX_AGG_KEYS];
};

/**
 * sonde_key_hash() - the hash of a key the VM built
 * @k: the key: only its written segments count (equal tuples, equal hashes)
 * @seed: mixed in (the aggregation or variable)
 *
 * Context: probe context; bounded by the key's size.
 * Return: the hash.
 */
u32 sonde_key_hash(const struct sonde_key *k, u32 seed);

/**
 * sonde_hash_bytes() - the same hash of @n flat bytes
 * @p: the bytes
 * @n: their count
 * @seed: mixed in
 *
 * Context: probe context; bounded by the key's size.
 * Return: the hash.
 */
u32 sonde_hash_bytes(const void *p, u32 n, u32 seed);

/**
 * sonde_key_equal() - does a stored key hold the tuple @k
 * @k: the key the VM built
 * @stored: a canonical key of @k->size bytes (sonde_key_store())
 *
 * Context: probe context; bounded by the key's size.
 * Return: true when they are the same tuple.
 */
bool sonde_key_equal(const struct sonde_key *k, const u8 *stored);

/**
 * sonde_key_store() - write @k's canonical form
 * @k: the key the VM built
 * @dst: @k->size bytes: the segments, padding zeroed
 *
 * Context: probe context; bounded by the key's size.
 */
void sonde_key_store(const struct sonde_key *k, u8 *dst);

#endif /* _SONDE_ENV_H */
