/* SPDX-License-Identifier: GPL-2.0 */
/*
 * program.h - a compiled D program as libsonde holds it: what the compiler
 * produces, what the consumer reads records and aggregations with, and what
 * sonde_program_image() serialises into the kernel's program image.
 *
 * The kernel only ever sees the image (uapi/sonde.h); everything here that
 * is not in the image (formats, D types, action kinds, source positions)
 * is the consumer's own knowledge, which is why records carry raw values
 * only.
 */
#ifndef _SONDE_PROGRAM_H
#define _SONDE_PROGRAM_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdbool.h>

#include "sonde.h"

/* A D value's type as the consumer prints it. */
#define SONDE_DT_INT	0	/* signed integer of @size bytes */
#define SONDE_DT_UINT	1	/* unsigned integer of @size bytes */
#define SONDE_DT_STR	2	/* string, strsize bytes NUL-padded */
#define SONDE_DT_KSTACK	3	/* stack(): @size / 8 kernel PCs, 0-padded */
#define SONDE_DT_USTACK	4	/* ustack(): @size / 8 user PCs, 0-padded */
#define SONDE_DT_BYTES	5	/* @size bytes of memory (a copyin() buffer
				 * traced, tracemem()) */
#define SONDE_DT_JSTACK	6	/* jstack(): a struct sonde_jstack of
				 * SONDE_DT_JFRAMES(kind) frames, @size =
				 * SONDE_JSTACK_SIZE(frames, strsize);
				 * the kind is SONDE_DT_JKIND(frames) */
#define SONDE_DT_JKIND(frames)	(SONDE_DT_JSTACK | ((frames) << 8))
#define SONDE_DT_JFRAMES(kind)	(((kind) >> 8) & 0xff)
#define SONDE_DT_SYM	7	/* an aggregation key of sym(), func(),
				 * mod(), usym(), ufunc(), umod(), uaddr():
				 * the kind is SONDE_DT_SKIND(the action,
				 * SONDE_A_SYM..SONDE_A_UADDR); @size 8 for
				 * the kernel's (the address), 16 for the
				 * user's (the pid, then the address) */
#define SONDE_DT_SKIND(act)	(SONDE_DT_SYM | ((act) << 8))
#define SONDE_DT_SACT(kind)	(((kind) >> 8) & 0xff)

struct sonde_dtype {
	uint32_t kind;		/* SONDE_DT_* */
	uint32_t size;		/* bytes: 1, 2, 4, 8; strsize for strings;
				 * any for SONDE_DT_BYTES */
};

/* Is @t an object (SONDE_DT_BYTES) of 1, 2, 4 or 8 bytes?  DTrace's
 * dt_print_datum() and dt_aggregate_keycmp() switch on a record's size,
 * so such a struct key prints and sorts as the integer of that size. */
static inline bool sonde_dt_bytes_int(struct sonde_dtype t)
{
	return t.kind == SONDE_DT_BYTES && (t.size == 1 || t.size == 2 ||
					    t.size == 4 || t.size == 8);
}

/* Is @t a sym() (or func(), mod(), usym() ...) key? */
static inline bool sonde_dt_is_sym(struct sonde_dtype t)
{
	return (t.kind & 0xff) == SONDE_DT_SYM;
}

/* Is @t a jstack()?  Its frames and bytes of names. */
static inline bool sonde_dt_is_jstack(struct sonde_dtype t)
{
	return (t.kind & 0xff) == SONDE_DT_JSTACK;
}

static inline uint32_t sonde_dt_jstrsize(struct sonde_dtype t)
{
	return t.size -
	       (uint32_t)SONDE_JSTACK_SIZE(SONDE_DT_JFRAMES(t.kind), 0);
}

/* One value a clause's actions emit into its record. */
struct sonde_recfield {
	uint32_t offset;	/* bytes into the record data */
	struct sonde_dtype type;
};

/*
 * The actions of a clause, in one table: X(NAME, code, "D name", flags)
 * makes SONDE_A_NAME = code, and every other list of actions (their
 * names in -S and in JSON, the compiler's lookup of the consumer-side
 * actions, the consumer's walk) is derived from it.  A duplicate code
 * fails to compile (program.c's name table).  What each records:
 *
 *   TRACE	trace(expr): one field
 *   PRINTF	printf(fmt, ...): nfields fields
 *   PRINTA	printa([fmt,] @a...): naggs aggregations, no field of its own
 *   EXIT	exit(n): one field, the status
 *   STACK	stack([n]): one SONDE_DT_KSTACK field
 *   USTACK	ustack([n]): nfields = 2, the pid (SONDE_DT_INT, 4 bytes)
 *		then the SONDE_DT_USTACK field, so the consumer can
 *		symbolise the PCs
 *   JSTACK	jstack([n[, strsize]]): one SONDE_DT_JSTACK field (the pid
 *		is in it)
 *   TRACEMEM	tracemem(buf, n): one SONDE_DT_BYTES field, a hex dump;
 *		tracemem(buf, n, dynsize): nfields = 2, dynsize (an integer)
 *		then the n bytes, of which the first dynsize are printed
 *   PRINT	print(ptr): nfields = 2, the address (SONDE_DT_UINT, 8 bytes;
 *		0 for a copyin() buffer) then the object's bytes
 *		(SONDE_DT_BYTES); ptype describes its type
 *   SYSTEM, FREOPEN  system(fmt, ...), freopen(fmt, ...): as PRINTF;
 *		the consumer runs the command, or sends its output to the
 *		file (freopen(""): back to the first output); destructive
 *   FTRUNCATE	ftruncate(): the consumer empties its output file
 *   SYM, MOD	sym(addr) (func()), mod(addr): one 8-byte field, a kernel
 *		address the consumer names
 *   USYM, UMOD, UADDR	usym(addr) (ufunc()), umod(addr), uaddr(addr):
 *		nfields = 2, the pid (SONDE_DT_INT, 4 bytes) then the user
 *		address (8 bytes)
 *
 * SONDE_AF_CONSUMER: the action acts on the consumer's aggregations or
 * options when its record is consumed, with its aggregation in
 * aggids[0] (SETOPT: none, fmt holds "name" or "name=value") and one
 * 8-byte record field, so the record tells the consumer when to act:
 * TRUNC's n (or a placeholder when n is omitted), NORMALIZE's n, a
 * placeholder for the others.
 */
#define SONDE_AF_CONSUMER	0x1

#define SONDE_ACTIONS(X)						\
	X(TRACE,	 1, "trace",	   0)				\
	X(PRINTF,	 2, "printf",	   0)				\
	X(PRINTA,	 3, "printa",	   0)				\
	X(EXIT,		 4, "exit",	   0)				\
	X(STACK,	 5, "stack",	   0)				\
	X(USTACK,	 6, "ustack",	   0)				\
	X(CLEAR,	 7, "clear",	   SONDE_AF_CONSUMER)		\
	X(TRUNC,	 8, "trunc",	   SONDE_AF_CONSUMER)		\
	X(NORMALIZE,	 9, "normalize",   SONDE_AF_CONSUMER)		\
	X(DENORMALIZE,	10, "denormalize", SONDE_AF_CONSUMER)		\
	X(SETOPT,	11, "setopt",	   SONDE_AF_CONSUMER)		\
	X(TRACEMEM,	12, "tracemem",	   0)				\
	X(JSTACK,	13, "jstack",	   0)				\
	X(SYM,		14, "sym",	   0)				\
	X(MOD,		15, "mod",	   0)				\
	X(USYM,		16, "usym",	   0)				\
	X(UMOD,		17, "umod",	   0)				\
	X(UADDR,	18, "uaddr",	   0)				\
	X(SYSTEM,	19, "system",	   0)				\
	X(FREOPEN,	20, "freopen",	   0)				\
	X(FTRUNCATE,	21, "ftruncate",   SONDE_AF_CONSUMER)		\
	X(PRINT,	22, "print",	   0)

#define SONDE_A_ENUM_(name, code, str, flags) SONDE_A_##name = code,
enum sonde_action_kind { SONDE_ACTIONS(SONDE_A_ENUM_) };
#undef SONDE_A_ENUM_

/* The D name of action @kind ("?" for none), its SONDE_AF_* flags (0
 * for none), and the action of D name @name (0 for none). */
const char *sonde_action_name(uint32_t kind);
uint32_t sonde_action_flags(uint32_t kind);
uint32_t sonde_action_lookup(const char *name);

/*
 * print(): the type of the object it prints, as the compiler knew it (the
 * consumer has no types): a tree of nodes in preorder, the order dtrace's
 * print() visits a type in (a struct, then each member and its own
 * members; an array, then its element's type once).
 */
#define SONDE_PT_INT	1	/* an integer: bits, SONDE_PTF_* */
#define SONDE_PT_ENUM	2	/* an enum: nvals names and values */
#define SONDE_PT_PTR	3
#define SONDE_PT_SOU	4	/* a struct or union: its members follow */
#define SONDE_PT_ARRAY	5	/* an array: its element's type follows */
#define SONDE_PT_OTHER	6	/* a float, a function: not shown */
#define SONDE_PTF_SIGNED 0x1
#define SONDE_PTF_CHAR	0x2	/* an integer named "char" */

struct sonde_ptnode {
	char *name;		/* the member's name, or NULL */
	char *type;		/* the type's C name */
	uint32_t kind;		/* SONDE_PT_* */
	uint32_t flags;		/* SONDE_PTF_* */
	uint32_t bitoff;	/* from the start of its parent (a member), 0 */
	uint32_t size;		/* bytes */
	uint32_t bits;		/* integers: the width (a bit-field's) */
	uint32_t nelems;	/* arrays: elements */
	uint32_t span;		/* nodes of this subtree, itself included */
	uint32_t nvals;		/* enums */
	char **vnames;
	int64_t *vals;
};

/* Free a print() type tree of @n nodes. */
void sonde_ptype_free(struct sonde_ptnode *v, uint32_t n);

struct sonde_action {
	uint32_t kind;		/* SONDE_A_* */
	uint32_t field;		/* first record field */
	uint32_t nfields;
	char *fmt;		/* printf / printa format, or NULL */
	uint32_t *aggids;	/* printa */
	uint32_t naggs;
	uint32_t line;		/* source position of the action */
	uint32_t col;
	/* its instructions, relative to the clause's act_off: a fault's pc
	 * names the action (DTrace's "action #N") */
	uint32_t pc_off, pc_len;
	struct sonde_ptnode *ptype;	/* print(): its type's tree */
	uint32_t nptype;
};

/* A probe description as written, and the probes it resolved to. */
struct sonde_pdesc {
	char *text;		/* "syscall::getppid:entry" */
	struct sonde_probe_desc desc;
	uint32_t line, col;	/* where it is written, for messages */
};

struct sonde_pclause {
	struct sonde_pdesc *descs;
	uint32_t ndescs;
	/* instruction ranges in sonde_program.insns */
	uint32_t pred_off, pred_len;
	uint32_t act_off, act_len;
	uint32_t rec_size;		/* bytes, multiple of 8 */
	uint32_t flags;			/* SONDE_CLAUSEF_* */
	struct sonde_recfield *fields;
	uint32_t nfields;
	struct sonde_action *acts;
	uint32_t nacts;
	uint32_t line;			/* where the clause starts */
};

struct sonde_pagg {
	char *name;			/* "calls" for @calls, "_" for @ */
	struct sonde_agg_desc desc;	/* as in the image; keys_off set by
					 * sonde_program_image() */
	struct sonde_dtype *keys;	/* nkeys key types as D sees them */
	/* nkeys names, each the variable every use of the aggregation keys
	 * by there (@x[execname, self->fd]: "execname", "fd"), else NULL:
	 * -O prometheus's labels; NULL when the compiler gave none */
	char **keynames;
	bool printed;			/* printa()ed at least once (consumer) */
	int64_t normal;			/* normalize() factor (consumer; 0, 1:
					 * none) */
};

/* A D variable. */
struct sonde_pvar {
	char *name;			/* "ts" for self->ts */
	struct sonde_var_desc desc;	/* keys_off set by sonde_program_image() */
	struct sonde_dtype type;	/* its D type */
	struct sonde_dtype *keys;	/* desc.nkeys key types (arrays) */
};

/* encoding: unset (DTrace's default), ascii or utf8 */
#define SONDE_ENCODING_UNSET	0
#define SONDE_ENCODING_ASCII	1
#define SONDE_ENCODING_UTF8	2

/* Consumer-side options. */
struct sonde_uopts {
	bool quiet;
	uint64_t switchrate_ns;		/* default 1 s */
	uint64_t aggrate_ns;		/* default 1 s */
	bool aggsortkey, aggsortrev;
	int aggsortpos, aggsortkeypos;
	/* DTrace's boolean display options, for the consumer: flowindent
	 * (indent entry/return), rawbytes (tracemem-style hex dumps of
	 * strings), zdefs (descriptions may match no probe: the resolver),
	 * aggzoom (bars scaled to the largest), aggpack (quantize() and
	 * lquantize() on one line), agghist (count/sum/avg/stddev as
	 * histograms), aggpercpu (each CPU's value too) */
	bool flowindent, rawbytes, zdefs, aggzoom, aggpack, aggpercpu;
	bool agghist;
	uint8_t encoding;		/* SONDE_ENCODING_*: bars' characters */
	/* compile-time: frames of stack() / ustack() without an argument,
	 * and of stack keys (DTrace's stackframes, 20, and ustackframes,
	 * 100);
	 * jstack()'s frames and bytes of names (jstackframes 50,
	 * jstackstrsize 512) */
	uint32_t stackframes, ustackframes;
	uint32_t jstackframes, jstackstrsize;
	/* maxframes: every stack's frames at most this many (default and
	 * most 255; DTrace's is the kernel's perf_event_max_stack) */
	uint32_t maxframes;
	/* statusrate (1 s), cleanrate (accepted, no cleaner to pace) */
	uint64_t statusrate_ns, cleanrate_ns;
	uint32_t stackindent;		/* stack() frames' indent, 14 */
	/* droptags ("[DTRACEDROP_...] " before drop messages), empty (a
	 * program with no clause), errtags (always on), defaultargs
	 * (missing $N are 0 / ""), noresolve (user addresses in hex),
	 * quietresize (no "lowered to" notices), temporal (records in
	 * time order across CPUs), bufresize=manual (a kernel that cannot
	 * have the sizes fails) */
	bool droptags, empty, errtags, defaultargs, noresolve, quietresize;
	bool temporal, bufresize_manual;
	/* mangled (compile-time, as macOS DTrace's): user symbols' C++
	 * names printed as they are in the symbol table, not demangled */
	bool mangled;
};

/* A kernel option set by the script or the command line. */
struct sonde_kopt_set {
	bool set;
	uint64_t value;
};

struct sonde_program {
	struct sonde_pclause *clauses;
	uint32_t nclauses;
	struct sonde_insn *insns;
	uint32_t ninsns;
	uint32_t *insn_line;		/* source line of each instruction */
	uint64_t *consts;
	uint32_t nconsts;
	char *strtab;
	uint32_t strtab_len;
	struct sonde_pagg *aggs;
	uint32_t naggs;
	struct sonde_pvar *vars;
	uint32_t nvars;
	struct sonde_kopt_set kopts[SONDE_NKOPTS];
	struct sonde_uopts uopts;
	/* filled when probes are resolved (libsonde), indexed by EPID - 1 */
	struct sonde_ecb *ecbs;
	uint32_t necbs;
	struct sonde_probe_info *ecb_probe;	/* the probe of each ECB */
	/* the image sonde_program_verify() checked (malloc'd, image_size
	 * bytes), NULL before: sonde_program_load() sends it with the
	 * options and enablings @p has then (sonde_program_image_bind()) */
	void *image;
	size_t image_size;
};

/* Free @a's keynames (each, and the array). */
static inline void sonde_pagg_free_keynames(struct sonde_pagg *a)
{
	uint32_t k;

	if (!a->keynames)
		return;
	for (k = 0; k < a->desc.nkeys; k++)
		free(a->keynames[k]);
	free(a->keynames);
	a->keynames = NULL;
}

/* Effective value of kernel option @id (the set value or the default). */
uint64_t sonde_program_kopt(const struct sonde_program *p, uint32_t id);

/*
 * The buffer sizes DTrace takes below the kernel's least (SONDE_KOPTS'
 * min): D takes any, the image carries the kernel's least (Linux
 * dtrace's principal buffers are whole pages too), and LOAD refuses, as
 * dtrace's EDT_BUFTOOSMALL, a size that does not hold the program's
 * largest record, aggregation entry or dynamic variable
 * (sonde_program_load()).
 */
static inline bool sonde_kopt_raised(uint32_t id)
{
	return id == SONDE_OPT_bufsize || id == SONDE_OPT_aggsize ||
	       id == SONDE_OPT_dynvarsize || id == SONDE_OPT_specsize;
}

/*
 * Serialise @p into a program image (malloc'd, *@image, *@size bytes).
 * Returns 0 or -errno.
 */
int sonde_program_image(const struct sonde_program *p, void **image,
			size_t *size);

/*
 * The image LOAD takes (malloc'd, *@image, *@size bytes): p->image, the
 * one sonde_program_verify() checked, with the two sections that change
 * after verification made from @p as it is now: the options (bufresize
 * lowers sizes; the destructive option as set) and the enablings (probes
 * resolved since).  Every other section is copied, not serialised again.
 * 0, -EINVAL when @p has no verified image, -E2BIG, -ENOMEM.
 */
int sonde_program_image_bind(const struct sonde_program *p, void **image,
			     size_t *size);

/* ---- load.c: verification, and why a program does not load ---------- */

/* What refused a program: struct sonde_load_err's @kind. */
#define SONDE_LOADERR_IMAGE	1	/* the image could not be built */
#define SONDE_LOADERR_VERIFY	2	/* the verifier (vm/, in userland)
					 * refused it: a compiler's bug, or a
					 * caller's hand-made program */
#define SONDE_LOADERR_DESTRUCTIVE 3	/* destructive actions are not
					 * allowed: the destructive option is
					 * off (no @reason), or the module
					 * refuses them (its kernel_destructive
					 * parameter; @reason its log line) */
#define SONDE_LOADERR_KERNEL	4	/* the module refused LOAD: @reason
					 * its log line, "" when it gave none */
#define SONDE_LOADERR_BUFSIZE	5	/* a buffer size below the kernel's
					 * least does not hold what the
					 * program puts there (dtrace's
					 * EDT_BUFTOOSMALL); @reason says
					 * which and how big */

/* No clause or instruction (struct sonde_load_err's @clause, @pc). */
#define SONDE_LOADERR_NOWHERE	UINT32_MAX

/**
 * struct sonde_load_err - why sonde_program_verify() or
 * sonde_program_load() failed, for the compiler and the command alike:
 * no caller reads the verifier's or the module's text to find out.
 * @err:    the -errno returned
 * @kind:   SONDE_LOADERR_*, 0 when nothing failed
 * @clause: the clause refused, or SONDE_LOADERR_NOWHERE
 * @pc:     the instruction refused, from the start of the clause's
 *          predicate (@pred) or actions, or SONDE_LOADERR_NOWHERE
 * @pred:   @pc is in the predicate
 * @reason: one line, no newline, as the verifier or the module wrote it
 *          ("clause 0 actions: insn 3: ..."); "" when neither said why
 */
struct sonde_load_err {
	int err;
	uint32_t kind;
	uint32_t clause;
	uint32_t pc;
	bool pred;
	char reason[512];
};

struct sonde_image;

/**
 * sonde_program_verify() - serialise @p and verify it in userland
 * @p: the program; p->image is set to the verified image on success
 * @img: if not NULL, the verifier's view of it (vm/vm.h), pointing into
 *       p->image
 * @e: if not NULL, why it failed
 *
 * The image is checked by the verifier the module runs (vm/image.c,
 * vm/verify.c) with destructive actions allowed: whether they are is the
 * loader's to say, with the options of the moment.  The compiler calls
 * it once (dc_compile()'s self-check); sonde_program_load() calls it for
 * a program that was never verified, and loads p->image.
 *
 * Return: 0; -ENOMEM or -E2BIG (SONDE_LOADERR_IMAGE); the verifier's
 * -EINVAL, -E2BIG or -EACCES (SONDE_LOADERR_VERIFY, with the clause and
 * instruction when the rejection names them).
 */
int sonde_program_verify(struct sonde_program *p, struct sonde_image *img,
			 struct sonde_load_err *e);

void sonde_program_free(struct sonde_program *p);

#endif /* _SONDE_PROGRAM_H */
