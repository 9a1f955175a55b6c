/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vm.h - the sonde VM: verified program images, the interpreter and the
 * hooks each world (kernel module, userland) provides.
 *
 * vm/ is freestanding C compiled twice: into sonde.ko and into libsonde
 * (the compiler's self-check, tests, fuzzing, benchmarks).  It never
 * allocates, never prints (the verifier writes into a caller's buffer) and
 * calls its environment only through the sonde_env_*() functions below,
 * which the kernel implements in kmod/env.c and userland in its test
 * environment.  sonde_vm_run() is called in probe context: interrupts off,
 * no sleeping, bounded work.
 */
#ifndef _SONDE_VM_H
#define _SONDE_VM_H

#include "vm_types.h"
#include "sonde.h"

/*
 * Zero @n bytes at @p with plain stores, for what probe context must
 * clear (a new key's string tails, a new aggregation's value, this->
 * variables).  Never memset(): in the kernel that is `rep stosb`, which
 * TCG runs one emulated block per byte, and bench/hotpath-check.sh
 * refuses memset() calls in the firing path.  The stores are volatile so
 * that the compiler cannot turn the loop back into one.
 */
static inline void sonde_zero(void *p, u32 n)
{
	u8 *b = (u8 *)p;

	for (; n && ((unsigned long)b & 7); n--)
		*(volatile u8 *)b++ = 0;
	for (; n >= 8; n -= 8, b += 8)
		*(volatile u64 *)b = 0;
	for (; n; n--)
		*(volatile u8 *)b++ = 0;
}

/*
 * A verified program image, pointing into the caller's copy of the image
 * bytes.  Filled by sonde_image_verify(); after it returned 0, every index
 * and range in here has been checked.
 */
struct sonde_image {
	const struct sonde_prog_hdr *hdr;
	u32 size;
	const struct sonde_opt *opts;
	u32 nopts;
	const struct sonde_ecb *ecbs;
	u32 necbs;
	const struct sonde_clause *clauses;
	u32 nclauses;
	const struct sonde_insn *insns;
	u32 ninsns;
	const u64 *consts;
	u32 nconsts;
	const char *strtab;
	u32 strtab_len;
	const struct sonde_agg_desc *aggs;
	u32 naggs;
	const u32 *aggkeys;	/* the KEYS section: aggregations and arrays */
	u32 naggkeys;
	const struct sonde_var_desc *vars;
	u32 nvars;
	const u32 *acts;	/* the ACTS section */
	u32 nacts;
	/* options in force (defaults filled in) */
	u64 opt[SONDE_NKOPTS];
	u32 strsize;
	/* derived sizes */
	u32 max_rec_size;	/* largest clause rec_size */
	u32 max_key_size;	/* largest aggregation or array key, bytes */
	u32 global_size;	/* bytes of global scalar storage */
	u32 local_size;		/* bytes of clause-local storage per CPU */
};

/*
 * Where each global and clause-local scalar lives in its area: fills
 * @off[nvars] (dynamic variables get 0).  Sizes are img->global_size and
 * img->local_size.
 */
void sonde_vars_layout(const struct sonde_image *img, u32 *off);
/* Bytes of a key component of type @t (SONDE_T_INT, _STR, stacks). */
u32 sonde_keytype_size(const struct sonde_image *img, u32 t);
/* Bytes of a key tuple whose first type is KEYS[@keys_off]. */
u32 sonde_key_size(const struct sonde_image *img, u32 keys_off, u32 nkeys);

/* Bytes of an aggregation key / value in snapshots (see sonde_agg_desc). */
u32 sonde_agg_key_size(const struct sonde_image *img, u32 aggid);
u32 sonde_agg_val_size(const struct sonde_agg_desc *ad);
/* Initial value of a fresh aggregation entry. */
void sonde_agg_init(const struct sonde_agg_desc *ad, s64 *val);
/* Apply one aggregating call to a value. */
void sonde_agg_apply(const struct sonde_agg_desc *ad, s64 *val, s64 x, s64 incr);
/* Merge a delta into an accumulated value (userland). */
void sonde_agg_merge(const struct sonde_agg_desc *ad, s64 *acc, const s64 *delta);
int sonde_quantize_bucket(s64 v);
s64 sonde_quantize_bucket_val(int b);
u32 sonde_lquantize_levels(const struct sonde_agg_desc *ad);
u32 sonde_llquantize_nbuckets(const struct sonde_agg_desc *ad);

/*
 * The verifier log: a caller's buffer; @needed grows past @size when the
 * buffer is too small so the caller can report what it would have needed.
 */
struct sonde_vlog {
	char *buf;
	u32 size;
	u32 needed;	/* bytes written or wanted, including the NUL */
};

__attribute__((format(printf, 2, 3)))
void sonde_vlog(struct sonde_vlog *log, const char *fmt, ...);

/*
 * Verify an image: header, sections, options, ECBs, clauses, every
 * instruction, aggregation descriptors.  Returns 0 or a negative errno
 * (EINVAL malformed, E2BIG over a limit, EACCES forbidden) with one line in
 * @log naming what was wrong.  Probe ids are not checked (the kernel does).
 */
int sonde_image_verify(const void *image, u32 size, struct sonde_image *img,
		       struct sonde_vlog *log);

/*
 * One program run: the state of a firing, shared by the predicate and the
 * actions of a clause.  Set up by the caller; regs are cleared by the VM.
 */
struct sonde_vm_ctx {
	u64 regs[SONDE_NREGS];
	const struct sonde_image *img;
	void *env;		/* the world's firing state */
	u8 *rec;		/* record data (rec_size bytes), or NULL */
	u32 rec_size;
	u32 scratch_used;
	char *scratch;		/* per-CPU scratch for strings and keys */
	u32 scratch_size;
	u32 fault;		/* SONDE_FLT_* when a run returned -EFAULT */
	u32 fault_pc;
	u64 fault_addr;
	u32 epid;
	u32 clause;
	u8 *globals;		/* global scalars (img->global_size bytes) */
	u8 *locals;		/* this CPU's clause-locals (img->local_size) */
	const u32 *var_off;	/* from sonde_vars_layout() */
	u64 *stackbuf;		/* 255 frames, for stack keys */
	u32 spec;		/* speculate(id) was called: the record's
				 * speculation, else 0 */
};

/*
 * Run @len instructions from @off (a verified predicate or actions range).
 * Returns 0 and the value of the final ret in *@ret, or -EFAULT with
 * ctx->fault, fault_pc (relative to @off) and fault_addr set.
 */
int sonde_vm_run(struct sonde_vm_ctx *ctx, u32 off, u32 len, u64 *ret);

/*
 * A fused predicate: the verified program is `ldb rA, B; movi|ldc rB, K;
 * set<op> rC, rA, rB (either order); ret rC` (`/pid == 123/`,
 * `/arg0 > 5/`) or `ldb rA, B; ret rA` (`/arg0/`), with B an integer
 * built-in.  The world evaluates it with one sonde_env_builtin() call and
 * one comparison instead of a run of the interpreter; a built-in that
 * faults falls back to the interpreter, which then reports the fault.
 */
struct sonde_fastpred {
	u8 op;		/* SONDE_OP_SET*, SONDE_OP_RET for "is nonzero";
			 * 0: not fused */
	u8 swap;	/* the constant is the left operand */
	u16 builtin;	/* SONDE_B_* */
	u64 k;
};

/* Recognise a fused predicate in verified @img (fp->op = 0 if not). */
void sonde_fastpred_find(const struct sonde_image *img, u32 off, u32 len,
			 struct sonde_fastpred *fp);

/* The fused predicate's verdict on built-in value @v. */
static inline u64 sonde_fastpred_eval(const struct sonde_fastpred *fp,
				      u64 v)
{
	u64 a = fp->swap ? fp->k : v, b = fp->swap ? v : fp->k;

	switch (fp->op) {
	case SONDE_OP_SETEQ:
		return a == b;
	case SONDE_OP_SETNE:
		return a != b;
	case SONDE_OP_SETLT:
		return (s64)a < (s64)b;
	case SONDE_OP_SETLE:
		return (s64)a <= (s64)b;
	case SONDE_OP_SETLTU:
		return a < b;
	case SONDE_OP_SETLEU:
		return a <= b;
	default:	/* SONDE_OP_RET */
		return v;
	}
}

/* Scratch bytes a firing needs for @img (the caller allocates them). */
u32 sonde_vm_scratch_size(const struct sonde_image *img);

/*
 * Environment hooks, implemented once per world.  All run in probe context
 * in the kernel.
 */
/* Value of built-in @id (SONDE_B_*); strings return a NUL-terminated
 * pointer cast to u64, or 0 with *fault set. */
u64 sonde_env_builtin(struct sonde_vm_ctx *ctx, u32 id, u32 *fault);
/* Fault-safe load of @size (1, 2, 4, 8) bytes; 0 or -EFAULT. */
int sonde_env_load(struct sonde_vm_ctx *ctx, bool user, u64 addr, u32 size,
		   u64 *val);
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

/* Hash of @k's significant bytes (equal tuples, equal hashes), @seed'ed. */
u32 sonde_key_hash(const struct sonde_key *k, u32 seed);
/* Does canonical key @stored (@k->size bytes) hold the tuple @k? */
bool sonde_key_equal(const struct sonde_key *k, const u8 *stored);
/* Write @k's canonical form (@k->size bytes, padding zeroed) to @dst. */
void sonde_key_store(const struct sonde_key *k, u8 *dst);

/* Aggregate @x (and @incr) into aggregation @aggid under @key. */
void sonde_env_agg(struct sonde_vm_ctx *ctx, u32 aggid,
		   const struct sonde_key *key, s64 x, s64 incr);
/* exit(@status) was called. */
void sonde_env_exit(struct sonde_vm_ctx *ctx, s64 status);
/*
 * Dynamic variables (thread-locals, associative arrays).  @key is the
 * key tuple (empty for a thread-local scalar: the world adds the thread).
 * dload copies the value (@size bytes) to @out, or zeroes it when the
 * element does not exist; dstore sets it, or deletes it when @val is
 * NULL.  A full pool is the world's drop to count, not a fault.
 */
void sonde_env_dload(struct sonde_vm_ctx *ctx, u32 var, const void *key,
		     u32 key_size, void *out, u32 size);
void sonde_env_dstore(struct sonde_vm_ctx *ctx, u32 var, const void *key,
		      u32 key_size, const void *val, u32 size);
/*
 * Copy a NUL-terminated string of at most @size - 1 bytes from @addr in
 * user (or kernel) memory into @dst, always terminated; returns its length
 * or -EFAULT.
 */
int sonde_env_copystr(struct sonde_vm_ctx *ctx, bool user, u64 addr,
		      char *dst, u32 size);
/*
 * copyin(): copy @size bytes of user memory at @addr to @dst; 0 or
 * -EFAULT (then @dst holds garbage).  Never sleeps.
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
 * Speculations: speculation() returns a free id or 0; speculate(id) makes
 * the clause's record speculative (ctx->spec); commit(id) and discard(id)
 * end a speculation.  Returns 0 or a fault code.
 */
u32 sonde_env_spec(struct sonde_vm_ctx *ctx, u32 subr, u64 id, u64 *ret);
/* A pseudo-random number (not for cryptography). */
u64 sonde_env_rand(struct sonde_vm_ctx *ctx);

/* Names, for the assembler, disassembler and messages. */
const char *sonde_op_name(u32 op);
int sonde_op_form(u32 op);	/* SONDE_FORM_*, or -1 if not an opcode */
const char *sonde_builtin_name(u32 id);
int sonde_builtin_type(u32 id);	/* SONDE_T_*, or -1 if unknown */
const char *sonde_aggfn_name(u32 fn);
const char *sonde_subr_name(u32 id);
/* Subroutine signature: -1 if unknown. */
int sonde_subr_sig(u32 id, u32 *min, u32 *max, const char **args);
const char *sonde_fault_name(u32 fault);

/* Disassemble one instruction into @buf; returns the length written. */
int sonde_disasm(const struct sonde_insn *insn, u32 pc, const char *strtab,
		 u32 strtab_len, char *buf, u32 size);

#endif /* _SONDE_VM_H */
