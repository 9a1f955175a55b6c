/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vm.h - the sonde VM: verified program images, the interpreter and the
 * hooks each world (kernel module, userland) provides.
 *
 * vm/ is freestanding C compiled twice: into sonde.ko and into libsonde
 * (the compiler's self-check, tests, fuzzing, benchmarks).  It never
 * allocates, never prints (the verifier writes into a caller's buffer) and
 * calls its environment only through the host port of env.h, which the
 * kernel implements in kmod/env.c and userland in its test world
 * (userland/tests/vm_env.c).  sonde_vm_run() is called in probe context:
 * interrupts off, no sleeping, bounded work.
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

	SONDE_WORK(n / 8 + 1);

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
	/* each section's elements and count: opts and nopts, ecbs and
	 * necbs... keys (of aggregations and arrays), strtab (nstrtab
	 * bytes), acts (SONDE_SECTS, uapi/sonde.h) */
#define SONDE_IMG_SECT_(NAME, id, type, field, max, what)		\
	const type *field;						\
	u32 n##field;
	SONDE_SECTS(SONDE_IMG_SECT_)
#undef SONDE_IMG_SECT_
	/* options in force (defaults filled in) */
	u64 opt[SONDE_NKOPTS];
	u32 strsize;
	/* derived sizes */
	u32 max_rec_size;	/* largest clause rec_size */
	u32 max_key_size;	/* largest aggregation or array key, bytes */
	/*
	 * A firing's scratch space: the key being built (max_key_size
	 * bytes, from 0), the table of a string search when the program
	 * calls index(), rindex() or strstr() (strsize u16s, from
	 * ALIGN(max_key_size, 8)), then strings and buffers from
	 * scratch_base on: a run starts with scratch_used = scratch_base.
	 */
	u32 scratch_base;
	u32 global_size;	/* bytes of global scalar storage */
	u32 local_size;		/* bytes of clause-local storage per CPU */
	u32 max_var_size;	/* largest SONDE_T_BYTES variable */
	u32 vflags;		/* SONDE_VERIFY_* it was verified with */
};

/*
 * Verification flags.  CONFIDENTIAL: the kernel is locked down for
 * confidentiality, so the program may read no kernel memory and let no
 * kernel address reach the consumer: no kernel loads or stringof(), no
 * curthread, no kernel stacks (recorded or as keys), and a register read
 * as a number must be an integer on every path (a string's value is its
 * kernel address); -EPERM otherwise.
 */
#define SONDE_VERIFY_CONFIDENTIAL	0x1

/**
 * sonde_var_val_size() - bytes of a variable's value
 * @img: a verified image (its strsize)
 * @type: the variable's type (struct sonde_var_desc.type)
 *
 * Return: 8 for an integer or a buffer, strsize for a string, the
 * struct's or array's size for SONDE_T_BYTES.
 */
u32 sonde_var_val_size(const struct sonde_image *img, u32 type);

/**
 * sonde_vars_layout() - where each global and clause-local scalar lives
 * @img: a verified image
 * @off: filled, one offset per variable (dynamic variables get 0)
 *
 * The areas' sizes are img->global_size and img->local_size.
 *
 * Context: any; no state, no allocation.
 */
void sonde_vars_layout(const struct sonde_image *img, u32 *off);

/**
 * sonde_keytype_size() - bytes of a key component
 * @img: a verified image (its strsize)
 * @t: the component's type: SONDE_T_INT, SONDE_T_STR or a stack
 *
 * Return: its bytes in a key.
 */
u32 sonde_keytype_size(const struct sonde_image *img, u32 t);

/**
 * sonde_key_size() - bytes of a key tuple
 * @img: a verified image
 * @keys_off: the tuple's first type in the KEYS section
 * @nkeys: its components
 *
 * Return: the tuple's bytes.
 */
u32 sonde_key_size(const struct sonde_image *img, u32 keys_off, u32 nkeys);

/**
 * sonde_agg_key_size() - bytes of an aggregation's key in snapshots
 * @img: a verified image
 * @aggid: the aggregation
 *
 * Return: the bytes (see struct sonde_agg_desc).
 */
u32 sonde_agg_key_size(const struct sonde_image *img, u32 aggid);

/**
 * sonde_agg_val_size() - bytes of an aggregation's value
 * @ad: the aggregation's descriptor
 *
 * Return: 8 for count() .. max(), more for avg(), stddev() and the
 * histograms.
 */
u32 sonde_agg_val_size(const struct sonde_agg_desc *ad);

/**
 * sonde_agg_init() - the value of a fresh aggregation entry
 * @ad: the aggregation's descriptor
 * @val: sonde_agg_val_size() bytes to fill
 *
 * min() starts at the largest value, max() at the smallest, the rest at 0.
 *
 * Context: probe context in the kernel; bounded by the value's size.
 */
void sonde_agg_init(const struct sonde_agg_desc *ad, s64 *val);

/**
 * sonde_agg_apply() - apply one aggregating call to a value
 * @ad: the aggregation's descriptor
 * @val: the entry's value
 * @x: the argument
 * @incr: the weight (quantize()'s and friends' optional argument), else 1
 *
 * Context: probe context in the kernel; bounded.
 */
void sonde_agg_apply(const struct sonde_agg_desc *ad, s64 *val, s64 x, s64 incr);

/**
 * sonde_agg_merge() - merge one CPU's delta into an accumulated value
 * @ad: the aggregation's descriptor
 * @acc: the consumer's value
 * @delta: a snapshot's value of one CPU
 *
 * Context: userland (the consumer).
 */
void sonde_agg_merge(const struct sonde_agg_desc *ad, s64 *acc, const s64 *delta);

/**
 * sonde_quantize_bucket() - quantize()'s bucket of a value
 * @v: the value
 *
 * Return: the bucket, DTrace's power-of-two layout.
 */
int sonde_quantize_bucket(s64 v);

/**
 * sonde_quantize_bucket_val() - the value that labels a quantize() bucket
 * @b: the bucket
 *
 * Return: its lower bound.
 */
s64 sonde_quantize_bucket_val(int b);

/**
 * sonde_lquantize_levels() - lquantize()'s levels between base and limit
 * @ad: the aggregation's descriptor (base, limit, step)
 *
 * Return: the levels, without the underflow and overflow buckets.
 */
u32 sonde_lquantize_levels(const struct sonde_agg_desc *ad);

/**
 * sonde_llquantize_nbuckets() - llquantize()'s buckets
 * @ad: the aggregation's descriptor (factor, low, high, steps)
 *
 * Return: every bucket, underflow and overflow included.
 */
u32 sonde_llquantize_nbuckets(const struct sonde_agg_desc *ad);

/**
 * sonde_llquantize_zerobucket() - llquantize()'s bucket of |value| < factor^low
 * @ad: the aggregation's descriptor (factor, low, high, steps)
 *
 * The buckets above it are the positive values' magnitudes, up to the
 * last one, value >= factor^(high + 1); those below it mirror them for
 * negative values, down to bucket 0, value <= -factor^(high + 1).
 *
 * Return: the bucket, half the buckets rounded down.
 */
u32 sonde_llquantize_zerobucket(const struct sonde_agg_desc *ad);

/*
 * DTrace's rules for llquantize(expr, factor, low, high, nsteps), checked
 * in DTrace's order (illumos dt_cc.c, dt_compile_agg()): E(name, what).
 * The compiler reports them with DTrace's tags (D_LLQUANT_<name>), the
 * image verifier refuses an image that breaks one.  Together they make
 * every bucket index sonde_agg_apply() computes fall inside the value:
 * each order of magnitude from low to high is cut into min(nsteps,
 * factor^(o+1)) buckets of equal width, which needs nsteps to divide
 * every power of the factor at least as large as itself (FACTOREVEN),
 * and factor^(high + 2) must fit in 64 bits (MAGTOOBIG).
 */
#define SONDE_LLQ_RULES(E)						\
	E(FACTORVAL, "argument #1 (factor) must be an unsigned 16-bit quantity") \
	E(LOWVAL, "argument #2 (low magnitude) must be an unsigned 16-bit quantity") \
	E(HIGHVAL, "argument #3 (high magnitude) must be an unsigned 16-bit quantity") \
	E(NSTEPVAL, "argument #4 (linear steps per magnitude) must be an unsigned 16-bit quantity") \
	E(FACTORSMALL, "factor (argument #1) must be two or more")	\
	E(MAGRANGE, "high magnitude (argument #3) must be greater than low magnitude (argument #2)") \
	E(FACTORNSTEPS, "factor (argument #1) must be less than or equal to the number of linear steps per magnitude (argument #4)") \
	E(FACTOREVEN, "factor (argument #1) must evenly divide the number of steps per magnitude (argument #4), and the number of steps per magnitude must evenly divide a power of the factor") \
	E(MAGTOOBIG, "factor (argument #1) raised to the power of the high magnitude (argument #3) plus 1 overflows 64 bits")

#define SONDE_LLQ_ENUM_(name, what) SONDE_LLQ_##name,
enum sonde_llq_rule { SONDE_LLQ_OK, SONDE_LLQ_RULES(SONDE_LLQ_ENUM_) };
#undef SONDE_LLQ_ENUM_

/**
 * sonde_llquantize_check() - llquantize() parameters by DTrace's rules
 * @params: factor, low, high, nsteps (an aggregation's params[0..3])
 *
 * Context: any; no state, no allocation.
 * Return: the first rule they break (SONDE_LLQ_*), or SONDE_LLQ_OK.
 */
int sonde_llquantize_check(const s64 *params);

/**
 * sonde_llquantize_rule_what() - DTrace's words for an llquantize() rule
 * @rule: SONDE_LLQ_* (its tag is D_LLQUANT_<name>)
 *
 * Return: the text, "" for SONDE_LLQ_OK or no rule.
 */
const char *sonde_llquantize_rule_what(int rule);
/* Most buckets a valid llquantize() value may have (the image verifier's
 * limit: a value is at most 512 KB). */
#define SONDE_LLQ_MAX_BUCKETS	65536

/*
 * The verifier log: a caller's buffer; @needed grows past @size when the
 * buffer is too small so the caller can report what it would have needed.
 * A rejection also says where it is, for a caller that maps it back to
 * its source without reading the text (the compiler: a line; libsonde:
 * struct sonde_load_err): @at has SONDE_VLOG_AT_* for each of @clause
 * and @pc that the rejection names.  Start with all zeroes.
 */
struct sonde_vlog {
	char *buf;
	u32 size;
	u32 needed;	/* bytes written or wanted, including the NUL */
	u32 at;		/* SONDE_VLOG_AT_*: what the rejection names */
	u32 clause;	/* the clause, with SONDE_VLOG_AT_CLAUSE */
	u32 pc;		/* the instruction, from the start of the clause's
			 * predicate or actions, with SONDE_VLOG_AT_INSN */
};

#define SONDE_VLOG_AT_CLAUSE	0x1	/* @clause is set */
#define SONDE_VLOG_AT_INSN	0x2	/* @pc is set */
#define SONDE_VLOG_AT_PRED	0x4	/* @pc is in the predicate, not the
					 * actions */

/**
 * sonde_vlog() - append one line to the verifier log
 * @log: the caller's buffer; log->needed grows past its size when it is
 *       too small, so the caller can say what it would have needed
 * @fmt: printf format of the line
 *
 * Context: any; writes only into @log.
 */
__attribute__((format(printf, 2, 3)))
void sonde_vlog(struct sonde_vlog *log, const char *fmt, ...);

/**
 * sonde_vlog_at() - say where the rejection being logged is
 * @log: the caller's log, or NULL
 * @at: SONDE_VLOG_AT_* naming which of @clause and @pc to set (and
 *      SONDE_VLOG_AT_PRED for an instruction of a predicate)
 * @clause: the clause's index
 * @pc: the instruction's index in the clause's predicate or actions
 *
 * Context: any; writes only into @log.
 */
void sonde_vlog_at(struct sonde_vlog *log, u32 at, u32 clause, u32 pc);

/**
 * sonde_image_verify() - verify a program image
 * @image: the image bytes (kept by the caller: @img points into them)
 * @size: their count
 * @img: filled: the sections, and derived sizes
 * @log: one line naming what was wrong, on failure
 *
 * Checks the header, sections, options, ECBs, clauses, every instruction
 * (sonde_verify_prog()) and the aggregation and variable descriptors.
 * Probe ids are not checked (the kernel does).  Bounded by the image's
 * size, which is capped.
 *
 * Context: any; process context in the kernel (LOAD).
 * Return: 0, or -EINVAL (malformed), -E2BIG (over a limit), -EACCES
 * (forbidden).
 */
int sonde_image_verify(const void *image, u32 size, struct sonde_image *img,
		       struct sonde_vlog *log);
/**
 * sonde_image_verify_flags() - sonde_image_verify() with verification flags
 * @image: the image bytes (kept by the caller: @img points into them)
 * @size: their count
 * @img: filled: the sections, and derived sizes
 * @flags: SONDE_VERIFY_* (the kernel's lockdown level)
 * @log: one line naming what was wrong, on failure
 *
 * Context: any; process context in the kernel (LOAD).
 * Return: as sonde_image_verify(); -EPERM for what @flags refuse.
 */
int sonde_image_verify_flags(const void *image, u32 size,
			     struct sonde_image *img, u32 flags,
			     struct sonde_vlog *log);

/**
 * struct sonde_anon_view - an anonymous enabling's file, parsed
 * (sonde_anon_parse()); every pointer is into the caller's file.
 * @hdr:       its header
 * @prog:      the program image, @prog_size bytes (not verified yet)
 * @probes:    @nprobes full probe names; enabling i's probe_id is an
 *             index into them from 1
 * @args:      the command's arguments, @args_size bytes of strings
 */
struct sonde_anon_view {
	const struct sonde_anon_hdr *hdr;
	const void *prog;
	u32 prog_size;
	const struct sonde_probe_desc *probes;
	u32 nprobes;
	const char *args;
	u32 args_size;
};

/**
 * sonde_crc32() - CRC-32 of IEEE 802.3, as zlib's crc32()
 * @crc: 0, or the CRC of the bytes before @buf
 * @buf: the bytes
 * @len: their count
 *
 * Context: any.
 * Return: the CRC of everything so far.
 */
u32 sonde_crc32(u32 crc, const void *buf, size_t len);

/**
 * sonde_anon_parse() - check an anonymous enabling's file and find its parts
 * @file: the file's bytes (kept by the caller: @v points into them)
 * @size: their count
 * @v: filled on success, zeroed on failure
 * @log: one line naming what was wrong, on failure
 *
 * Checks the size, magic, versions, checksum, reserved fields, the
 * sections' bounds, alignment and overlap, the probe names and the
 * arguments' end.  The program image is left to sonde_image_verify().
 *
 * Context: any; never allocates.
 * Return: 0, -EINVAL (malformed: truncated, corrupt), -E2BIG (over a
 * limit), -EPROTO (a file version or ABI version this code does not read).
 */
int sonde_anon_parse(const void *file, size_t size,
		     struct sonde_anon_view *v, struct sonde_vlog *log);

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
	u32 gen;		/* the scratch's generation, 1 to
				 * SONDE_HND_GEN_MAX: differs from every
				 * other run's that shares this scratch and
				 * may still hold a handle (a per-CPU count
				 * bumped each time scratch_used is reset);
				 * 0: no handle is valid (htob faults) */
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
	/* strtok(): where the next token starts and where its copy of the
	 * string ends (both in this run's scratch); set by sonde_vm_run() */
	const char *strtok_pos, *strtok_end;
};

/**
 * sonde_vm_run() - run a verified predicate or actions program
 * @ctx: the firing: registers, record, scratch, variables, world
 * @off: the program's first instruction
 * @len: its instructions
 * @ret: the value of its final ret
 *
 * No checks the verifier already made: forward branches only, so at most
 * @len instructions run.  Each call out of the VM is a hook of env.h.
 *
 * Context: probe context in the kernel (interrupts off, bounded).
 * Return: 0, or -EFAULT with ctx->fault, fault_pc (relative to @off) and
 * fault_addr set.
 */
int sonde_vm_run(struct sonde_vm_ctx *ctx, u32 off, u32 len, u64 *ret);

/**
 * sonde_jstack_take() - jstack(): the user stack and interpreter frames
 * @ctx: the firing
 * @dst: SONDE_JSTACK_SIZE(@frames, @strsize) bytes: a struct sonde_jstack
 *       and what follows it (uapi sonde.h); need not be aligned
 * @frames: native PCs and interpreter frames, at most each (1..255)
 * @strsize: bytes for the frames' names
 *
 * Context: probe context; bounded (see vm/jstack.c).
 * Return: the bytes written, from @dst; the rest is untouched.
 */
u32 sonde_jstack_take(struct sonde_vm_ctx *ctx, u8 *dst, u32 frames,
		      u32 strsize);

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

/**
 * sonde_fastpred_find() - recognise a fused predicate
 * @img: a verified image
 * @off: the predicate's first instruction
 * @len: its instructions
 * @fp: filled; fp->op = 0 when the predicate is not of the fused forms
 *
 * Context: any (LOAD in the kernel).
 */
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

/*
 * A fused action: the verified actions program is up to
 * SONDE_FASTACT_MAXLDB built-in loads, one aggregation and `ret` of a
 * register no load wrote (`@[execname] = count()`, `@ = quantize(arg2)`,
 * `@ = count()`).  The world runs it without the interpreter: the loads,
 * the aggregation's registers that no load wrote as zero, the same key
 * build and update the agg instruction does.  Anything that would fault
 * (a built-in, a NULL string key) leaves it undone and says so; the
 * interpreter then runs the program and reports the fault.
 */
#define SONDE_FASTACT_MAXLDB	4
struct sonde_fastact {
	u32 agg;		/* the agg instruction's index in img->insns */
	u16 zero;		/* registers the agg reads that no load wrote */
	u8 fused;		/* 0: the program is not of the fused form */
	u8 nldb;
	u8 rd[SONDE_FASTACT_MAXLDB];
	u16 builtin[SONDE_FASTACT_MAXLDB];	/* SONDE_B_* */
};

/**
 * sonde_fastact_find() - recognise a fused actions program
 * @img: a verified image
 * @off: the actions' first instruction
 * @len: their instructions
 * @fa: filled; fa->fused = 0 when the program is not of the fused form
 *
 * Context: any (LOAD in the kernel).
 */
void sonde_fastact_find(const struct sonde_image *img, u32 off, u32 len,
			struct sonde_fastact *fa);

/**
 * sonde_fastact_run() - run a fused actions program
 * @ctx: the firing, set up as for sonde_vm_run(); its registers are used
 * @fa: from sonde_fastact_find(), fa->fused set
 *
 * Does what sonde_vm_run() of the program does when nothing faults.
 *
 * Context: probe context in the kernel (interrupts off, bounded).
 * Return: 0 when done; -EAGAIN when something would fault: nothing was
 * aggregated, and sonde_vm_run() must run the program to report it.
 */
int sonde_fastact_run(struct sonde_vm_ctx *ctx, const struct sonde_fastact *fa);

/*
 * The worst-case cost of probe context, in units of about one simple
 * step: an instruction dispatched, a byte compared or copied by a loop;
 * memcpy() and memset() move 8 bytes a unit.  Per enabling fired (setup,
 * the record's reservation and commit), per access through a fault-safe
 * copy that may fault (the exception fixup), per stack frame unwound, per
 * bounded wait for a raw spinlock (SONDE_SPIN_MAX tries, then the update
 * is a drop), and the hash-chain entries a lookup visits at most (then,
 * too, a drop).
 */
#define SONDE_COST_ECB		64
/*
 * On top of its row, every instruction is charged SONDE_COST_DISPATCH
 * (the interpreter's fetch, decode and indirect jump), and a subroutine
 * call SONDE_COST_CALL more (its dispatch, the arguments' checks, its
 * result's scratch).  `make bench-worst` measured a plain instruction at
 * about five times a memcpy() unit's time, under TCG as on hardware; the
 * dispatch priced as one unit let 4 million of them through one firing,
 * four times the time of the dearest copy (bench/worst-firing.md).
 */
#define SONDE_COST_DISPATCH	4
#define SONDE_COST_CALL		16
#define SONDE_COST_FAULT	256
#define SONDE_COST_FRAME	64
/*
 * One user frame (kmod/ustack.c): a binary search over the process's
 * table (at most 10 steps over SONDE_UTAB_MAX_MAPS mappings and 20 over
 * SONDE_UTAB_MAX_ROWS rows, 2 units a step) and two fault-safe reads
 * (the return address and the saved RBP).
 */
#define SONDE_COST_UFRAME	(30 * 2 + 2 * SONDE_COST_FAULT)
#define SONDE_SPIN_MAX		1024
#define SONDE_COST_SPIN		(4 * SONDE_SPIN_MAX)
#define SONDE_CHAIN_MAX		16
/* Parents progenyof() walks at most: deeper trees answer no. */
#define SONDE_PROGENY_MAX	1024
/*
 * What d_path() of a path at most strsize @s long costs: the path's and
 * the root's mount and dentry, then at most SONDE_DPATH_MAX_STEPS steps of at most
 * four fault-safe copies (the mount's root; the dentry's parent; its
 * name and length; the name's bytes, or a mount's parent and
 * mountpoint), the bytes written backwards and moved to the front.
 */
#define SONDE_DPATH_COST(s)						\
	((2 + 4 * (u64)SONDE_DPATH_MAX_STEPS) * SONDE_COST_FAULT + 2 * (s))
/*
 * The most one chill() may spin, ns (more is an illegal operation), and
 * what it is charged: a nanosecond a unit, so the chill()s of one firing
 * stay within the firing budget as everything else does.  DTrace's own
 * limit, 500 ms in any second on a CPU, applies as well.
 */
#define SONDE_CHILL_CALL_MAX	1000000ULL

/**
 * sonde_insn_cost() - the most one run of an instruction can cost
 * @img: a verified image
 * @in: the instruction
 * @ncpus: the machine's CPUs
 *
 * From the instruction's row of the cost table (vm/cost.c) only.
 *
 * Context: any; no state, no allocation.
 * Return: the cost, in units.
 */
u64 sonde_insn_cost(const struct sonde_image *img,
		    const struct sonde_insn *in, u32 ncpus);

/**
 * sonde_insn_confidential() - why confidentiality lockdown refuses an
 * instruction
 * @img: the image
 * @in: the instruction
 *
 * From the instruction's row of the cost table (vm/cost.c) only.
 *
 * Context: any; no state, no allocation.
 * Return: NULL, or one lower-case phrase saying why.
 */
const char *sonde_insn_confidential(const struct sonde_image *img,
				    const struct sonde_insn *in);

/**
 * sonde_prog_cost() - the most one run of a verified program can cost
 * @img: a verified image (its options: strsize, specsize, nspec)
 * @off: the program's first instruction
 * @len: its instructions
 * @ncpus: the machine's CPUs (commit() copies every CPU's speculation
 *	buffer)
 *
 * Every instruction counts once: branches go forward, so there is no
 * loop.  docs/vm.md ("Bounded time") lists the weights.
 *
 * Context: any; no state, no allocation.
 * Return: the cost, in units.
 */
u64 sonde_prog_cost(const struct sonde_image *img, u32 off, u32 len,
		    u32 ncpus);

/**
 * sonde_clause_cost() - the most one firing of a clause can cost
 * @img: a verified image
 * @c: the clause
 * @ncpus: the machine's CPUs
 *
 * The enabling's setup, its record reserved, cleared and committed, the
 * predicate and the actions; not the ERROR clauses a fault runs (LOAD
 * adds those).
 *
 * Context: any; no state, no allocation.
 * Return: the cost, in units.
 */
u64 sonde_clause_cost(const struct sonde_image *img, u32 c, u32 ncpus);

/**
 * sonde_vm_scratch_size() - scratch bytes a firing of @img needs
 * @img: a verified image
 *
 * The key area and the search table (img->scratch_base), then strings.
 * The caller allocates them per CPU, at LOAD; a run starts with
 * ctx->scratch_used = img->scratch_base.
 *
 * Return: the bytes.
 */
u32 sonde_vm_scratch_size(const struct sonde_image *img);

/**
 * sonde_op_name() - an opcode's name, for the assembler, disassembler and
 * messages
 * @op: the opcode
 *
 * Return: its name, or NULL for no opcode.
 */
const char *sonde_op_name(u32 op);

/**
 * sonde_op_form() - an opcode's operand form
 * @op: the opcode
 *
 * Return: SONDE_FORM_*, or -1 for no opcode.
 */
int sonde_op_form(u32 op);

/**
 * sonde_builtin_name() - a built-in variable's name
 * @id: SONDE_B_*
 *
 * Return: its D name, or NULL.
 */
const char *sonde_builtin_name(u32 id);

/**
 * sonde_builtin_type() - a built-in variable's type
 * @id: SONDE_B_*
 *
 * Return: SONDE_T_*, or -1 for no built-in.
 */
int sonde_builtin_type(u32 id);

/**
 * sonde_aggfn_name() - an aggregating function's name
 * @fn: SONDE_AGG_*
 *
 * Return: its D name, or NULL.
 */
const char *sonde_aggfn_name(u32 fn);

/**
 * sonde_subr_name() - a subroutine's name
 * @id: SONDE_SUBR_*
 *
 * Return: its D name, or NULL.
 */
const char *sonde_subr_name(u32 id);

/**
 * sonde_subr_sig() - a subroutine's signature
 * @id: SONDE_SUBR_*
 * @min: its fewest arguments
 * @max: its most arguments
 * @args: their kinds, a letter each ('s' string, 'i' integer)
 *
 * Return: its result type SONDE_T_*, or -1 for no subroutine.
 */
int sonde_subr_sig(u32 id, u32 *min, u32 *max, const char **args);

/**
 * sonde_fault_name() - a fault's message, as DTrace words it
 * @fault: SONDE_FLT_*
 *
 * Return: "invalid address", ...; "unknown fault" for no fault code.
 */
const char *sonde_fault_name(u32 fault);

/**
 * sonde_disasm() - disassemble one instruction
 * @insn: the instruction
 * @pc: its index, for branch targets
 * @strtab: the string table, for string operands
 * @strtab_len: its bytes
 * @buf: the text, NUL-terminated
 * @size: bytes of @buf
 *
 * Context: userland (tests, -S).
 * Return: the length written.
 */
int sonde_disasm(const struct sonde_insn *insn, u32 pc, const char *strtab,
		 u32 strtab_len, char *buf, u32 size);

#endif /* _SONDE_VM_H */
