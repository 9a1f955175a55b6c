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
 * fused predicates (kmod/probe.c, sonde_env_builtin() only).
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

/*
 * Value of built-in @id (SONDE_B_*).  Strings return a pointer to a
 * NUL-terminated copy (in the firing's scratch, or static) cast to u64;
 * a built-in the world cannot give returns 0 with *@fault set to a
 * SONDE_FLT_* code, which ends the clause.
 */
u64 sonde_env_builtin(struct sonde_vm_ctx *ctx, u32 id, u32 *fault);

/*
 * Fault-safe load of @size (1, 2, 4, 8) bytes at @addr of user (@user)
 * or kernel memory into *@val; 0, or -EFAULT for any address that cannot
 * be read without faulting.  Never faults, never sleeps.
 */
int sonde_env_load(struct sonde_vm_ctx *ctx, bool user, u64 addr, u32 size,
		   u64 *val);

/*
 * Aggregate @x (and @incr, lquantize's and friends' weight) into
 * aggregation @aggid under @key (sonde_agg_apply() on this CPU's value).
 * A full table is a drop for the world to count, never a fault.
 */
void sonde_env_agg(struct sonde_vm_ctx *ctx, u32 aggid,
		   const struct sonde_key *key, s64 x, s64 incr);

/* exit(@status) was called; the first call wins. */
void sonde_env_exit(struct sonde_vm_ctx *ctx, s64 status);

/*
 * Dynamic variables (thread-locals, associative arrays).  @key is the
 * key tuple, @key_size bytes (empty for a thread-local scalar: the world
 * adds the thread).  dload copies the value (@size bytes) to @out, or
 * zeroes @out when the element does not exist; dstore sets it, or deletes
 * it when @val is NULL.  A full pool is the world's drop to count, not a
 * fault.
 */
void sonde_env_dload(struct sonde_vm_ctx *ctx, u32 var, const void *key,
		     u32 key_size, void *out, u32 size);
void sonde_env_dstore(struct sonde_vm_ctx *ctx, u32 var, const void *key,
		      u32 key_size, const void *val, u32 size);

/*
 * Copy a NUL-terminated string of at most @size - 1 bytes from @addr in
 * user (@user) or kernel memory into @dst, always terminated; returns its
 * length or -EFAULT.  Reads nothing past the NUL.
 */
int sonde_env_copystr(struct sonde_vm_ctx *ctx, bool user, u64 addr,
		      char *dst, u32 size);

/*
 * copyin(): copy @size bytes of user memory at @addr to @dst; 0 or
 * -EFAULT (then @dst holds garbage).
 */
int sonde_env_copyin(struct sonde_vm_ctx *ctx, u64 addr, void *dst,
		     u32 size);

/*
 * uregs[]: user register @reg (< SONDE_NUREGS, SONDE_UREG_* numbering) of
 * the thread the probe fired in; 0, or -EFAULT when it has no user
 * context (a kernel thread).
 */
int sonde_env_ureg(struct sonde_vm_ctx *ctx, u32 reg, u64 *val);

/*
 * Up to @n program counters of the kernel (or, @user, the user) stack at
 * the probe, innermost first; returns how many were stored.
 */
u32 sonde_env_stack(struct sonde_vm_ctx *ctx, bool user, u64 *pcs, u32 n);

/*
 * Speculations: speculation() returns a free id or 0 in *@ret;
 * speculate(@id) makes the clause's record speculative (ctx->spec);
 * commit(@id) and discard(@id) end a speculation.  Returns 0 or a
 * SONDE_FLT_* code.
 */
u32 sonde_env_spec(struct sonde_vm_ctx *ctx, u32 subr, u64 id, u64 *ret);

/* rand(): a pseudo-random number (not for cryptography). */
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

/*
 * The one hash of keys, in both worlds and every table (aggregations,
 * dynamic variables, the consumer's merged aggregations): of @k's
 * significant bytes (equal tuples, equal hashes), or of @n bytes at @p,
 * @seed'ed.  Bounded by the key's size; probe context.
 */
u32 sonde_key_hash(const struct sonde_key *k, u32 seed);
u32 sonde_hash_bytes(const void *p, u32 n, u32 seed);
/* Does canonical key @stored (@k->size bytes) hold the tuple @k? */
bool sonde_key_equal(const struct sonde_key *k, const u8 *stored);
/* Write @k's canonical form (@k->size bytes, padding zeroed) to @dst. */
void sonde_key_store(const struct sonde_key *k, u8 *dst);

#endif /* _SONDE_ENV_H */
