// SPDX-License-Identifier: GPL-2.0
/*
 * bench_worst.c - the worst firing the kernel accepts, for every kind of
 * work the cost table prices, measured in the guest (`make bench-worst`).
 *
 * The kinds are the rows of vm/cost.c: every opcode (SONDE_OPS), every
 * built-in variable (SONDE_BUILTINS) and every subroutine (SONDE_SUBRS).
 * This file's own tables below are built by expanding those X-macros,
 * each entry naming the row this file defines for it, so an opcode,
 * built-in or subroutine added without saying how its worst image is
 * built does not compile (and neither does a row for one that does not
 * exist: an unused static is an error under -Werror).
 *
 * For each kind: a clause whose predicate is `pid == this process`, a
 * preamble that puts the kind's worst operands in registers (strings of
 * strsize - 1 bytes, a needle that defeats the search, the whole scratch
 * as a buffer, a kernel address), then repetitions of the kind.  The
 * repetitions grow, in the clause and then in enablings of the same
 * clause on the one probe (at most SONDE_MAX_PROBE_ECBS), and a bisection
 * finds the largest count LOAD still accepts: one more and LOAD refuses
 * it, E2BIG, the firing budget (or another limit, which the report
 * names).  That image is armed on syscall::getppid:entry and getppid()
 * is timed, less the untraced call: how long one firing keeps a CPU with
 * interrupts off.  A reference row repeats the project's slowest kind
 * before this table existed, 177 enablings of copyin(60000) recorded, in
 * the same boot: the worst row is reported as a ratio to it.
 *
 * Prints figures and asserts nothing (bench/worst-firing.md, docs/vm.md).
 * Runs as root in the test guest with sonde.ko loaded.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sonde.h"

#define INSN(o, d, s, t, i) \
	((struct sonde_insn){ .op = (o), .rd = (d), .rs = (s), .rt = (t), .imm = (i) })
#define MAXI		SONDE_MAX_INSNS
#define PRED_LEN	4
#define STRSIZE		4096
#define MB		(1u << 20)

/* ---- the user memory the probe's arguments point to ------------------- */

/*
 * getppid(arg0 hay, arg1 needle, arg2 a counter, arg3 seven 4 KB strings,
 * arg4 a mode, arg5 a buffer of BIGBUF bytes): the syscall ignores them,
 * the probe reads them.  Every page is touched first: a probe's copy
 * cannot fault a page in, it errors, and would time a firing that
 * skipped its work.
 */
#define BIGBUF		(4 * MB)
static char hay[STRSIZE], needle[STRSIZE], keys[7][STRSIZE];
static char bigbuf[BIGBUF];
static __u32 self_pid, probe, begin_probe;

/* ---- an image under construction -------------------------------------- */

struct bw {
	struct sonde_insn code[MAXI];
	__u32 ncode;
	struct sonde_opt opts[SONDE_MAX_OPTS];
	__u32 nopts;
	struct sonde_var_desc var;
	int has_var;
	struct sonde_agg_desc agg;
	int has_agg;
	__u32 keys[SONDE_MAX_AGG_KEYS];
	__u32 nkeys;
	__u32 rec;		/* the clause's record bytes */
	__u64 scratch;		/* scratchsize */
	__u64 scr_pre;		/* scratch the preamble takes */
	__u64 scr_rep;		/* scratch one repetition takes */
	__u64 specsize, nspec, bufsize, aggsize, dynvarsize;
	int destructive;
	int spec;		/* BEGIN claims speculation 1 */
	int spec_end;		/* a clause on mode 2 commits (or discards) */
};

static struct bw bw;
static __u8 image[24 << 20] __attribute__((aligned(8)));
static struct sonde_ecb ecbs[SONDE_MAX_PROBE_ECBS + 2];

static void emit(struct sonde_insn in)
{
	if (bw.ncode < MAXI)
		bw.code[bw.ncode++] = in;
}

/* rd = subroutine @id of @n arguments from rs on */
static void call(int rd, int rs, int n, int id)
{
	emit(INSN(SONDE_OP_CALL, rd, n ? rs : 0, n, id));
}

/* rd = copyinstr(argN), strsize bytes */
static void ustr(int rd, int argb)
{
	emit(INSN(SONDE_OP_LDB, 15, 0, 0, argb));
	call(rd, 15, 1, SONDE_SUBR_copyinstr);
	bw.scr_pre += STRSIZE;
}

/* rd = copyinstr(arg3 + 4096 i): the i-th of the seven strings */
static void ukey(int rd, int i)
{
	emit(INSN(SONDE_OP_LDB, 15, 0, 0, SONDE_B_arg3));
	emit(INSN(SONDE_OP_MOVI, 14, 0, 0, STRSIZE * i));
	emit(INSN(SONDE_OP_ADD, 15, 15, 14, 0));
	call(rd, 15, 1, SONDE_SUBR_copyinstr);
	bw.scr_pre += STRSIZE;
}

/* rd = alloca(size) */
static void buf(int rd, __u32 size)
{
	emit(INSN(SONDE_OP_MOVI, 14, 0, 0, size));
	call(rd, 14, 1, SONDE_SUBR_alloca);
	bw.scr_pre += (size + 7) & ~7u;
}

static void movi(int rd, __s32 v)
{
	emit(INSN(SONDE_OP_MOVI, rd, 0, 0, v));
}

static void ldb(int rd, int b)
{
	emit(INSN(SONDE_OP_LDB, rd, 0, 0, b));
}

/* ---- a kind's row: its preamble, one repetition, how it is run --------- */

struct kind;
typedef void (*pre_fn)(const struct kind *k);
typedef void (*rep_fn)(const struct kind *k);

#define F_ECB		0x01	/* one repetition an enabling */
#define F_ONCE		0x02	/* measure the first firing after GO */
#define F_DESTR		0x04	/* the destructive option */
#define F_KDESTR	0x08	/* kernel_destructive set at LOAD */
#define F_KDESTR_OFF	0x10	/* ... and cleared again after GO */
#define F_CHILD		0x20	/* measured in a child that stop() stops */
#define F_FILL		0x40	/* mode 1 fills a speculation, 2 ends it */

struct kind {
	const char *cls;	/* "op", "builtin", "subr", "ref" */
	const char *name;
	int id;
	pre_fn pre;
	rep_fn rep;
	int nargs;		/* subroutines: arguments from r1 on */
	unsigned int flags;
	const char *note;	/* what the measured firing does not reach */
};

/* Repetitions of the generic shapes (rd r3/r4, operands r1, r2). */
static void r_none(const struct kind *k) { (void)k; }
static void r_plain(const struct kind *k) { emit(INSN(k->id, 0, 0, 0, 0)); }
static void r_dst(const struct kind *k) { emit(INSN(k->id, 3, 1, 2, 0)); }
static void r_ds(const struct kind *k) { emit(INSN(k->id, 3, 1, 0, 0)); }
static void r_movi(const struct kind *k) { emit(INSN(k->id, 3, 0, 0, 5)); }
static void r_ldc(const struct kind *k) { emit(INSN(k->id, 3, 0, 0, 0)); }
static void r_exit(const struct kind *k) { emit(INSN(k->id, 0, 1, 0, 0)); }
static void r_j(const struct kind *k) { emit(INSN(k->id, 0, 0, 0, 0)); }
static void r_sj(const struct kind *k) { emit(INSN(k->id, 0, 1, 0, 0)); }
static void r_emit(const struct kind *k) { emit(INSN(k->id, 0, 1, 0, 0)); }
static void r_scmp(const struct kind *k) { emit(INSN(k->id, 4, 1, 2, 0)); }
static void r_stm(const struct kind *k) { emit(INSN(k->id, 0, 1, 2, 0)); }
static void r_varld(const struct kind *k) { emit(INSN(k->id, 3, 0, 0, 0)); }
static void r_varst(const struct kind *k) { emit(INSN(k->id, 0, 1, 0, 0)); }
static void r_dvkld(const struct kind *k) { emit(INSN(k->id, 10, 1, 0, 0)); }
static void r_dvkst(const struct kind *k) { emit(INSN(k->id, 0, 1, 9, 0)); }
static void r_call(const struct kind *k) { call(4, 1, k->nargs, k->id); }

static void r_ldb_stackdepth(const struct kind *k)
{
	emit(INSN(k->id, 3, 0, 0, SONDE_B_stackdepth));
}

static void r_builtin(const struct kind *k)
{
	ldb(3, k->id);
}

static void r_stack(const struct kind *k)
{
	emit(INSN(k->id, 0, 0, 255, 0));
}

static void r_jstack(const struct kind *k)
{
	emit(INSN(k->id, 0, 0, 255, SONDE_SOL_IMM(0, STRSIZE)));
}

static void r_emitm(const struct kind *k)
{
	emit(INSN(k->id, 0, 1, 0, SONDE_SOL_IMM(0, 65528)));
}

/* a new key every time: r8 doubles */
static void r_agg(const struct kind *k)
{
	emit(INSN(k->id, 0, 1, 0, 0));
	emit(INSN(SONDE_OP_ADD, 8, 8, 8, 0));
}

static void r_call_call(const struct kind *k)
{
	(void)k;
	call(4, 0, 0, SONDE_SUBR_rand);
}

/* Preambles. */
static void p_none(const struct kind *k) { (void)k; }

static void p_int(const struct kind *k)
{
	(void)k;
	movi(1, 7);
	movi(2, 3);
}

static void p_zero(const struct kind *k)
{
	(void)k;
	movi(1, 0);
}

static void p_str2(const struct kind *k)
{
	(void)k;
	ustr(1, SONDE_B_arg0);
	ustr(2, SONDE_B_arg0);
}

static void p_kmp(const struct kind *k)
{
	(void)k;
	ustr(1, SONDE_B_arg0);
	ustr(2, SONDE_B_arg1);
}

static void p_hay(const struct kind *k)
{
	(void)k;
	ustr(1, SONDE_B_arg0);
}

static void p_kaddr(const struct kind *k)
{
	(void)k;
	ldb(1, SONDE_B_curthread);
}

static void p_uaddr(const struct kind *k)
{
	(void)k;
	ldb(1, SONDE_B_arg5);
}

static void p_buf64(const struct kind *k)
{
	(void)k;
	buf(1, 64);
	movi(2, 7);
}

/* r1 = the handle of a 64-byte buffer of this run (htob succeeds) */
static void p_hnd64(const struct kind *k)
{
	p_buf64(k);
	emit(INSN(SONDE_OP_BTOH, 1, 1, 0, 0));
}

static void p_emit(const struct kind *k)
{
	(void)k;
	movi(1, 7);
	bw.rec = 8;
}

static void p_emits(const struct kind *k)
{
	(void)k;
	ustr(1, SONDE_B_arg0);
	bw.rec = STRSIZE;
}

static void p_emitm(const struct kind *k)
{
	(void)k;
	buf(1, 65528);
	bw.rec = 65528;
}

static void p_stack(const struct kind *k)
{
	(void)k;
	bw.rec = 8 * 255;
}

static void p_jstack(const struct kind *k)
{
	(void)k;
	bw.rec = (SONDE_JSTACK_SIZE(255, STRSIZE) + 7) & ~7u;
}

/* r1..r7 the seven strings, r8 arg2 (an integer): a key of 8 */
static void strings7(void)
{
	int i;

	for (i = 0; i < 7; i++)
		ukey(1 + i, i);
	ldb(8, SONDE_B_arg2);
	for (i = 0; i < 7; i++)
		bw.keys[i] = SONDE_T_STR;
	bw.keys[7] = SONDE_T_INT;
	bw.nkeys = 8;
}

static void p_agg(const struct kind *k)
{
	(void)k;
	strings7();
	bw.agg = (struct sonde_agg_desc){ .fn = SONDE_AGG_count, .nkeys = 8 };
	bw.has_agg = 1;
	bw.aggsize = 64 * MB;
}

/* A string variable of @scope, stored once first. */
static void p_var(const struct kind *k, __u32 scope, int st)
{
	(void)k;
	bw.var = (struct sonde_var_desc){ .scope = scope, .type = SONDE_T_STR };
	bw.has_var = 1;
	ustr(1, SONDE_B_arg0);
	emit(INSN(st, 0, 1, 0, 0));
	if (k->rep == r_varld)
		bw.scr_rep = STRSIZE;
}

static void p_gvar(const struct kind *k) { p_var(k, SONDE_VAR_GLOBAL, SONDE_OP_STG); }
static void p_lvar(const struct kind *k) { p_var(k, SONDE_VAR_LOCAL, SONDE_OP_STL); }
static void p_tvar(const struct kind *k) { p_var(k, SONDE_VAR_TLS, SONDE_OP_STT); }

/* a[7 strings, an integer] = a string, of @scope, stored once first */
static void p_dvk(const struct kind *k, __u32 scope, int st)
{
	strings7();
	ustr(9, SONDE_B_arg0);
	bw.var = (struct sonde_var_desc){ .scope = scope, .type = SONDE_T_STR,
					  .nkeys = 8 };
	bw.has_var = 1;
	emit(INSN(st, 0, 1, 9, 0));
	bw.dynvarsize = 64 * MB;
	if (k->rep == r_dvkld)
		bw.scr_rep = STRSIZE;
}

static void p_gdvk(const struct kind *k) { p_dvk(k, SONDE_VAR_GLOBAL, SONDE_OP_STGA); }
static void p_tdvk(const struct kind *k) { p_dvk(k, SONDE_VAR_TLS, SONDE_OP_STTA); }

/* Subroutines' operands, r1 on. */

/* the second half of hay twice: 2047 bytes each, strsize - 2 joined */
static void p_s_join(const struct kind *k)
{
	int r;

	(void)k;
	for (r = 1; r <= 2; r++) {
		ldb(15, SONDE_B_arg0);
		movi(14, STRSIZE / 2);
		emit(INSN(SONDE_OP_ADD, 15, 15, 14, 0));
		call(r, 15, 1, SONDE_SUBR_copyinstr);
		bw.scr_pre += STRSIZE;
	}
}

static void p_s_hayint(const struct kind *k, __s32 v)
{
	(void)k;
	ustr(1, SONDE_B_arg0);
	movi(2, v);
}

static void p_s_chr(const struct kind *k) { p_s_hayint(k, 'b'); }
static void p_s_strchar(const struct kind *k) { p_s_hayint(k, STRSIZE - 2); }

static void p_s_substr(const struct kind *k)
{
	(void)k;
	ustr(1, SONDE_B_arg0);
	movi(2, 0);
	movi(3, STRSIZE);
}

/* keys[0] "/a/a/a...": every byte a component's edge */
static void p_s_path(const struct kind *k)
{
	(void)k;
	ukey(1, 0);
}

static void p_s_lltostr(const struct kind *k)
{
	(void)k;
	movi(1, -1);	/* 64 ones in base 2 */
	movi(2, 2);
}

/* keys[1] "111...": a number as long as a string can be */
static void p_s_strtoll(const struct kind *k)
{
	(void)k;
	ukey(1, 1);
	movi(2, 10);
}

static void p_s_copyinstr(const struct kind *k)
{
	(void)k;
	ldb(1, SONDE_B_arg0);
	movi(2, STRSIZE);
}

static void p_s_int(const struct kind *k)
{
	(void)k;
	movi(1, 0x1234);
}

/* the whole scratch from user memory, an enabling each */
static void p_s_copyin(const struct kind *k)
{
	(void)k;
	bw.scratch = 4 * MB;
	ldb(1, SONDE_B_arg5);
	movi(2, (__s32)bw.scratch - 8);
}

static void p_s_alloca(const struct kind *k)
{
	(void)k;
	bw.scratch = 4 * MB;
	movi(1, (__s32)bw.scratch - 8);
}

/* copyinto(arg5, the scratch, a buffer of the scratch) */
static void p_s_copyinto(const struct kind *k)
{
	(void)k;
	bw.scratch = 4 * MB;
	buf(3, (__u32)bw.scratch - 8);
	ldb(1, SONDE_B_arg5);
	movi(2, (__s32)bw.scratch - 8);
}

/* inet_ntop(AF_INET6, a kernel address): two loads, the longest form */
static void p_s_ntop(const struct kind *k)
{
	(void)k;
	movi(1, 10);
	ldb(2, SONDE_B_curthread);
}

/* a pid that is no ancestor: the walk goes to the root */
static void p_s_progeny(const struct kind *k)
{
	(void)k;
	movi(1, 0x7ffffff0);
}

static void p_s_speculation(const struct kind *k)
{
	(void)k;
	bw.nspec = 256;
}

/* speculate(1) and a 64 KB record, an enabling each: BEGIN claimed it */
static void p_s_speculate(const struct kind *k)
{
	(void)k;
	bw.spec = 1;
	bw.specsize = 64 * MB;
	movi(1, 1);
	bw.rec = 65536;
}

/* mode 1 fills speculation 1 (64 KB records), mode 2 commits or
 * discards it: the repetition is the speculation's size in MB */
static void p_s_commit(const struct kind *k)
{
	(void)k;
	bw.spec = 1;
	bw.spec_end = 1;
	bw.rec = 65536;
}

static void p_s_raise(const struct kind *k)
{
	(void)k;
	movi(1, SIGWINCH);	/* ignored by default */
}

static void p_s_chill(const struct kind *k)
{
	(void)k;
	movi(1, 1000000);	/* SONDE_CHILL_CALL_MAX */
}

/* the whole scratch to user memory */
static void p_s_copyout(const struct kind *k)
{
	(void)k;
	bw.scratch = 4 * MB;
	buf(1, (__u32)bw.scratch - 8);
	ldb(2, SONDE_B_arg5);
	movi(3, (__s32)bw.scratch - 8);
}

static void p_s_copyoutstr(const struct kind *k)
{
	(void)k;
	ustr(1, SONDE_B_arg0);
	ldb(2, SONDE_B_arg5);
	movi(3, STRSIZE);
}

/* a buffer of strsize - 1 bytes without a NUL */
static void p_s_bufstr(const struct kind *k)
{
	(void)k;
	ldb(9, SONDE_B_arg0);
	movi(10, STRSIZE - 1);
	call(1, 9, 2, SONDE_SUBR_copyin);
	bw.scr_pre += STRSIZE;
}

/* strtok(hay, needle) first, then strtok(NULL, needle) repeated */
static void p_s_strtok_next(const struct kind *k)
{
	(void)k;
	ustr(2, SONDE_B_arg0);
	ustr(3, SONDE_B_arg1);
	call(5, 2, 2, SONDE_SUBR_strtok);
	bw.scr_pre += STRSIZE;
	emit(INSN(SONDE_OP_MOV, 1, 3, 0, 0));
}

static void p_s_uargs(const struct kind *k)
{
	(void)k;
	ldb(1, SONDE_B_arg0);
	movi(2, STRSIZE - 1);
}

/* the whole scratch from kernel memory (the direct map after the task) */
static void p_s_kcopy(const struct kind *k)
{
	(void)k;
	bw.scratch = 1 * MB;
	ldb(1, SONDE_B_curthread);
	movi(2, (__s32)bw.scratch - 8);
}

/* bcopy(curthread, a buffer of the scratch, the scratch): kcopy()'s
 * copy into a buffer */
static void p_s_bcopy(const struct kind *k)
{
	(void)k;
	bw.scratch = 1 * MB;
	buf(2, (__u32)bw.scratch - 8);
	ldb(1, SONDE_B_curthread);
	movi(3, (__s32)bw.scratch - 8);
}

/* link_ntop(ARPHRD_INFINIBAND, a kernel address): three loads, the
 * longest form */
static void p_s_link_ntop(const struct kind *k)
{
	(void)k;
	movi(1, 32);
	ldb(2, SONDE_B_curthread);
}

/*
 * The opcodes' rows: W(name, preamble, repetition, flags, note).
 */
#define N_STACK	"the model charges 255 frames; the probe's stack is about 10"
#define N_FAULT	"charged a fault-safe access (a USDT argument in memory); a syscall's is a register"
#define WORST_OPS(W)							\
	W(NOP,	p_none,	r_plain, 0, NULL)				\
	W(RET,	p_none,	r_none, F_ECB, "an enabling that returns at once")	\
	W(EXIT,	p_zero,	r_exit, F_ONCE, "the first firing: the state then drains") \
	W(MOVI,	p_none,	r_movi, 0, NULL)				\
	W(LDC,	p_none,	r_ldc, 0, NULL)					\
	W(LDS,	p_none,	r_ldc, 0, NULL)					\
	W(LDB,	p_none,	r_ldb_stackdepth, 0, "stackdepth, the dearest built-in; " N_STACK) \
	W(MOV,	p_int,	r_ds, 0, NULL)					\
	W(LDUREG, p_zero, r_ds, 0, NULL)				\
	W(ADD,	p_int,	r_dst, 0, NULL)					\
	W(SUB,	p_int,	r_dst, 0, NULL)					\
	W(MUL,	p_int,	r_dst, 0, NULL)					\
	W(SDIV,	p_int,	r_dst, 0, NULL)					\
	W(UDIV,	p_int,	r_dst, 0, NULL)					\
	W(SREM,	p_int,	r_dst, 0, NULL)					\
	W(UREM,	p_int,	r_dst, 0, NULL)					\
	W(AND,	p_int,	r_dst, 0, NULL)					\
	W(OR,	p_int,	r_dst, 0, NULL)					\
	W(XOR,	p_int,	r_dst, 0, NULL)					\
	W(SHL,	p_int,	r_dst, 0, NULL)					\
	W(SHR,	p_int,	r_dst, 0, NULL)					\
	W(SAR,	p_int,	r_dst, 0, NULL)					\
	W(NEG,	p_int,	r_ds, 0, NULL)					\
	W(NOT,	p_int,	r_ds, 0, NULL)					\
	W(LNOT,	p_int,	r_ds, 0, NULL)					\
	W(SETEQ, p_int,	r_dst, 0, NULL)					\
	W(SETNE, p_int,	r_dst, 0, NULL)					\
	W(SETLT, p_int,	r_dst, 0, NULL)					\
	W(SETLE, p_int,	r_dst, 0, NULL)					\
	W(SETLTU, p_int, r_dst, 0, NULL)				\
	W(SETLEU, p_int, r_dst, 0, NULL)				\
	W(SCMP,	p_str2,	r_scmp, 0, "two equal strings of strsize - 1 bytes") \
	W(JA,	p_none,	r_j, 0, NULL)					\
	W(JZ,	p_int,	r_sj, 0, NULL)					\
	W(JNZ,	p_int,	r_sj, 0, NULL)					\
	W(LDK1,	p_kaddr, r_ds, 0, NULL)					\
	W(LDK2,	p_kaddr, r_ds, 0, NULL)					\
	W(LDK4,	p_kaddr, r_ds, 0, NULL)					\
	W(LDK8,	p_kaddr, r_ds, 0, NULL)					\
	W(LDU1,	p_uaddr, r_ds, 0, NULL)					\
	W(LDU2,	p_uaddr, r_ds, 0, NULL)					\
	W(LDU4,	p_uaddr, r_ds, 0, NULL)					\
	W(LDU8,	p_uaddr, r_ds, 0, NULL)					\
	W(EMIT1, p_emit, r_emit, 0, NULL)				\
	W(EMIT2, p_emit, r_emit, 0, NULL)				\
	W(EMIT4, p_emit, r_emit, 0, NULL)				\
	W(EMIT8, p_emit, r_emit, 0, NULL)				\
	W(EMITS, p_emits, r_emit, 0, NULL)				\
	W(EMITKSTACK, p_stack, r_stack, 0, N_STACK)			\
	W(EMITUSTACK, p_stack, r_stack, 0, "the model charges 255 frames; this process's user stack is a few") \
	W(EMITJSTACK, p_jstack, r_jstack, 0, "no interpreter in this process: the walk ends early") \
	W(AGG,	p_agg,	r_agg, 0, "count()[7 strings of 4095 bytes, a new integer]") \
	W(LDG,	p_gvar,	r_varld, 0, NULL)				\
	W(STG,	p_gvar,	r_varst, 0, NULL)				\
	W(LDL,	p_lvar,	r_varld, 0, NULL)				\
	W(STL,	p_lvar,	r_varst, 0, NULL)				\
	W(LDT,	p_tvar,	r_varld, 0, NULL)				\
	W(STT,	p_tvar,	r_varst, 0, NULL)				\
	W(LDGA,	p_gdvk,	r_dvkld, 0, "a[7 strings of 4095 bytes, an integer]; the model charges full hash chains") \
	W(STGA,	p_gdvk,	r_dvkst, 0, "as LDGA")				\
	W(LDTA,	p_tdvk,	r_dvkld, 0, "as LDGA, thread-local")		\
	W(STTA,	p_tdvk,	r_dvkst, 0, "as LDGA, thread-local")		\
	W(CALL,	p_none,	r_call_call, 0, "rand(): the call itself; every subroutine has its row below") \
	W(LDM1,	p_buf64, r_ds, 0, NULL)					\
	W(LDM2,	p_buf64, r_ds, 0, NULL)					\
	W(LDM4,	p_buf64, r_ds, 0, NULL)					\
	W(LDM8,	p_buf64, r_ds, 0, NULL)					\
	W(BADD,	p_buf64, r_dst, 0, NULL)				\
	W(EMITM, p_emitm, r_emitm, 0, NULL)				\
	W(STM1,	p_buf64, r_stm, 0, NULL)				\
	W(STM2,	p_buf64, r_stm, 0, NULL)				\
	W(STM4,	p_buf64, r_stm, 0, NULL)				\
	W(STM8,	p_buf64, r_stm, 0, NULL)				\
	W(BTOH,	p_buf64, r_ds, 0, NULL)					\
	W(HTOB,	p_hnd64, r_ds, 0, NULL)

/* The built-ins' rows: W(name, note); each repetition an LDB. */
#define WORST_BUILTINS(W)						\
	W(arg0, N_FAULT) W(arg1, N_FAULT) W(arg2, N_FAULT)		\
	W(arg3, N_FAULT) W(arg4, N_FAULT) W(arg5, N_FAULT)		\
	W(arg6, N_FAULT) W(arg7, N_FAULT) W(arg8, N_FAULT)		\
	W(arg9, N_FAULT)						\
	W(pid, NULL) W(tid, NULL) W(ppid, NULL) W(uid, NULL)		\
	W(gid, NULL) W(cpu, NULL) W(timestamp, NULL)			\
	W(vtimestamp, NULL) W(walltimestamp, NULL) W(id, NULL)		\
	W(epid, NULL) W(errno, NULL) W(curthread, NULL)			\
	W(stackdepth, N_STACK)						\
	W(ustackdepth, "the model charges 255 frames; this process's user stack is a few") \
	W(execname, NULL) W(probeprov, NULL) W(probemod, NULL)		\
	W(probefunc, NULL) W(probename, NULL)				\
	W(caller, NULL) W(ucaller, NULL) W(ipl, NULL)			\
	W(curcpu, NULL) W(cwd, "a working directory 127 levels deep, the walk's longest") W(root, "the root: one step")

/* The subroutines' rows: W(name, preamble, arguments, flags, note). */
#define WORST_SUBRS(W)							\
	W(strlen,	p_hay,	1, 0, NULL)				\
	W(strjoin,	p_s_join, 2, 0, "two strings of 2047 bytes")				\
	W(substr,	p_s_substr, 3, 0, NULL)				\
	W(index,	p_kmp,	2, 0, "\"aaa...ab\" in \"aaa...a\": the search's worst") \
	W(rindex,	p_kmp,	2, 0, "as index")			\
	W(strchr,	p_s_chr, 2, 0, "a character not there")		\
	W(strrchr,	p_s_chr, 2, 0, "a character not there")		\
	W(strstr,	p_kmp,	2, 0, "as index")			\
	W(basename,	p_s_path, 1, 0, "\"/a/a/a...\"")		\
	W(dirname,	p_s_path, 1, 0, "\"/a/a/a...\"")		\
	W(lltostr,	p_s_lltostr, 2, 0, "-1 in base 2")		\
	W(strtoll,	p_s_strtoll, 2, 0, "4095 digits")		\
	W(toupper,	p_hay,	1, 0, NULL)				\
	W(tolower,	p_hay,	1, 0, NULL)				\
	W(copyinstr,	p_s_copyinstr, 2, 0, NULL)			\
	W(stringof,	p_kaddr, 1, 0, "of curthread: the string ends early") \
	W(rand,		p_none,	0, 0, NULL)				\
	W(htons,	p_s_int, 1, 0, NULL)				\
	W(htonl,	p_s_int, 1, 0, NULL)				\
	W(htonll,	p_s_int, 1, 0, NULL)				\
	W(ntohs,	p_s_int, 1, 0, NULL)				\
	W(ntohl,	p_s_int, 1, 0, NULL)				\
	W(ntohll,	p_s_int, 1, 0, NULL)				\
	W(copyin,	p_s_copyin, 2, F_ECB, "the whole scratch (4 MB), an enabling each") \
	W(strtok,	p_kmp,	2, 0, NULL)				\
	W(alloca,	p_s_alloca, 1, F_ECB, "the whole scratch (4 MB), an enabling each") \
	W(copyinto,	p_s_copyinto, 3, 0, "the whole scratch (4 MB) again and again") \
	W(inet_ntoa,	p_kaddr, 1, 0, "of curthread's first bytes")	\
	W(inet_ntoa6,	p_kaddr, 1, 0, "of curthread's first bytes")	\
	W(inet_ntop,	p_s_ntop, 2, 0, "AF_INET6 of curthread's first bytes") \
	W(d_path,	p_kaddr, 1, 0, "of curthread: its first words are no mount and dentry, the walk faults early; cwd measures the walk") \
	W(progenyof,	p_s_progeny, 1, 0, "no such ancestor; the model charges 1024 parents, the guest has a few") \
	W(speculation,	p_s_speculation, 0, 0, "256 speculations, all claimed after the first firing") \
	W(speculate,	p_s_speculate, 1, F_ECB | F_ONCE, "a 64 KB record into the speculation, an enabling each") \
	W(commit,	p_s_commit, 1, F_FILL, "a full speculation (the repetition: its MB) committed") \
	W(discard,	p_s_commit, 1, F_FILL, "a full speculation (the repetition: its MB) discarded") \
	W(raise,	p_s_raise, 1, F_DESTR, "one signal pending at a time") \
	W(stop,		p_none,	0, F_DESTR | F_CHILD, "one signal pending at a time; includes the process's stop and SIGCONT") \
	W(chill,	p_s_chill, 1, F_DESTR, "1 ms a call") \
	W(copyout,	p_s_copyout, 3, F_DESTR, "the whole scratch (4 MB) again and again") \
	W(copyoutstr,	p_s_copyoutstr, 3, F_DESTR, NULL)		\
	W(panic,	p_none,	0, F_DESTR | F_KDESTR | F_KDESTR_OFF, "kernel_destructive cleared after GO: the call returns at its check") \
	W(breakpoint,	p_none,	0, F_DESTR | F_KDESTR, "one message pending at a time") \
	W(bufstr,	p_s_bufstr, 1, 0, NULL)				\
	W(strtok_next,	p_s_strtok_next, 1, 0, NULL)			\
	W(strchar,	p_s_strchar, 2, 0, NULL)			\
	W(uargs,	p_s_uargs, 2, 0, NULL)				\
	W(kcopy,	p_s_kcopy, 2, F_ECB, "the whole scratch (1 MB) of the direct map, an enabling each") \
	W(cleanpath,	p_hay,	1, 0, NULL)				\
	W(bcopy,	p_s_bcopy, 3, 0, "the whole scratch (1 MB) of the direct map, again and again") \
	W(link_ntop,	p_s_link_ntop, 2, 0, "ARPHRD_INFINIBAND of curthread's first bytes")

#define KIND_OP_(name, pre, rep, fl, note)				\
	static const struct kind worst_op_##name = {			\
		"op", #name, SONDE_OP_##name, pre, rep, 0, fl, note };
WORST_OPS(KIND_OP_)
#undef KIND_OP_
#define KIND_B_(name, note)						\
	static const struct kind worst_b_##name = {			\
		"builtin", #name, SONDE_B_##name, p_none, r_builtin, 0, 0, note };
WORST_BUILTINS(KIND_B_)
#undef KIND_B_
#define KIND_S_(name, pre, n, fl, note)					\
	static const struct kind worst_s_##name = {			\
		"subr", #name, SONDE_SUBR_##name, pre, r_call, n, fl, note };
WORST_SUBRS(KIND_S_)
#undef KIND_S_

/* Every row of the instruction set, in its order: a missing one is an
 * undeclared identifier. */
#define OP_ROW_(name, code, form, type, s, t)	&worst_op_##name,
#define B_ROW_(name, id, type, dtype)		&worst_b_##name,
#define S_ROW_(name, id, min, max, type, args)	&worst_s_##name,
static const struct kind *const kinds[] = {
	SONDE_OPS(OP_ROW_)
	SONDE_BUILTINS(B_ROW_)
	SONDE_SUBRS(S_ROW_)
};
#undef OP_ROW_
#undef B_ROW_
#undef S_ROW_

/* The result type of subroutine @id, from its row. */
static int subr_type(int id)
{
#define S_TYPE_(name, sid, min, max, type, args)			\
	if (id == sid)							\
		return SONDE_T_##type;
	SONDE_SUBRS(S_TYPE_)
#undef S_TYPE_
	return SONDE_T_NONE;
}

static int builtin_type(int id)
{
#define B_TYPE_(name, bid, type, dtype)				\
	if (id == bid)							\
		return SONDE_T_##type;
	SONDE_BUILTINS(B_TYPE_)
#undef B_TYPE_
	return SONDE_T_NONE;
}

/* The reference: the slowest kind before this table, 177 enablings of
 * copyin(60000) and its record (the old bench's `copyin`). */
static void p_ref(const struct kind *k)
{
	(void)k;
	ldb(1, SONDE_B_arg5);
	movi(2, 60000);
	call(3, 1, 2, SONDE_SUBR_copyin);
	emit(INSN(SONDE_OP_EMITM, 0, 3, 0, SONDE_SOL_IMM(0, 60000)));
	bw.rec = 60000;
	bw.scratch = 0;		/* the default scratch, as then */
	bw.scr_pre = 0;
}

static const struct kind ref_kind = {
	"ref", "copyin(60000)", 0, p_ref, r_none, 0, F_ECB,
	"the slowest kind before the table, 177 enablings then: measured at the enablings accepted now, scaled to 177"
};
#define REF_ECBS	177

/* ---- building and loading ---------------------------------------------- */

static __u32 ilen;

static void sect(int s, const void *data, __u32 elem, __u32 count)
{
	struct sonde_prog_hdr *h = (void *)image;

	h->sects[s].off = count ? ilen : 0;
	h->sects[s].count = count;
	memcpy(image + ilen, data, (size_t)elem * count);
	ilen += (elem * count + 7) & ~7u;
}

static void opt(__u32 id, __u64 v)
{
	bw.opts[bw.nopts++] = (struct sonde_opt){ .id = id, .value = v };
}

/* The repetitions one clause can hold: instructions, scratch. */
static __u32 per_clause(const struct kind *k, __u32 pre_len)
{
	__u32 n0 = bw.ncode, per;

	k->rep(k);
	per = bw.ncode - n0;
	bw.ncode = n0;
	per = per ? (MAXI - 64 - pre_len) / per : MAXI;
	if (bw.scr_rep) {
		__u64 scr = bw.scratch ? bw.scratch : 16 * STRSIZE;
		__u64 room = scr > bw.scr_pre ? scr - bw.scr_pre : 0;

		if (room / bw.scr_rep < per)
			per = (__u32)(room / bw.scr_rep);
	}
	return per ? per : 1;
}

/*
 * Build and LOAD kind @k with @reps repetitions on @fd: 0 or the errno,
 * the log in @log.  @per_out: the repetitions in its clause.
 */
static int build_load(int fd, const struct kind *k, __u32 reps, char *log,
		      __u32 logsz, __u32 *per_out)
{
	struct sonde_prog_hdr *h = (void *)image;
	struct sonde_clause cl[3];
	struct sonde_load ld;
	__u64 consts[1] = { self_pid };
	__u32 necbs, per, i, pre_len, ncl = 1;

	memset(&bw, 0, sizeof(bw));
	bw.scratch = 4 * MB;
	bw.bufsize = 16 * MB;
	/* predicate: pid == this process */
	ldb(1, SONDE_B_pid);
	emit(INSN(SONDE_OP_LDC, 2, 0, 0, 0));
	emit(INSN(SONDE_OP_SETEQ, 3, 1, 2, 0));
	emit(INSN(SONDE_OP_RET, 0, 3, 0, 0));
	k->pre(k);
	if (!strcmp(k->cls, "subr") && subr_type(k->id) == SONDE_T_STR)
		bw.scr_rep = STRSIZE;
	if (!strcmp(k->cls, "builtin") && builtin_type(k->id) == SONDE_T_STR)
		bw.scr_rep = 64;
	pre_len = bw.ncode - PRED_LEN;
	if (k->flags & F_FILL) {
		/* the repetition is the speculation's MB; mode 1 fills */
		bw.specsize = (__u64)reps * MB;
		bw.bufsize = 2 * bw.specsize + MB;
		necbs = 1;
		per = 0;
		emit(INSN(SONDE_OP_LDB, 5, 0, 0, SONDE_B_arg4));
		movi(6, 1);
		emit(INSN(SONDE_OP_SETNE, 7, 5, 6, 0));
		emit(INSN(SONDE_OP_JNZ, 0, 7, 0, 2));
		call(8, 6, 1, SONDE_SUBR_speculate);
		emit(INSN(SONDE_OP_EMIT8, 0, 5, 0, 65528));
	} else if (k->flags & F_ECB) {
		necbs = reps;
		per = 1;
	} else {
		__u32 cap = per_clause(k, pre_len);

		necbs = (reps + cap - 1) / cap;
		per = (reps + necbs - 1) / necbs;
	}
	if (necbs > SONDE_MAX_PROBE_ECBS)
		return E2BIG;
	for (i = 0; i < per; i++)
		k->rep(k);
	if (k->id == SONDE_SUBR_speculate && !strcmp(k->cls, "subr"))
		emit(INSN(SONDE_OP_EMIT8, 0, 1, 0, 65528));
	emit(INSN(SONDE_OP_RET, 0, 0, 0, 0));
	memset(cl, 0, sizeof(cl));
	cl[0] = (struct sonde_clause){ .pred_off = 0, .pred_len = PRED_LEN,
				       .act_off = PRED_LEN,
				       .act_len = bw.ncode - PRED_LEN,
				       .rec_size = bw.rec };
	for (i = 0; i < necbs; i++)
		ecbs[i] = (struct sonde_ecb){ probe, 0 };
	if (bw.spec) {
		/* BEGIN claims speculation 1 */
		cl[ncl].act_off = bw.ncode;
		call(1, 0, 0, SONDE_SUBR_speculation);
		emit(INSN(SONDE_OP_RET, 0, 0, 0, 0));
		cl[ncl].act_len = 2;
		ecbs[necbs++] = (struct sonde_ecb){ begin_probe, ncl++ };
		if (!bw.specsize)
			bw.specsize = 64 * MB;
		bw.nspec = 1;
	}
	if (bw.spec_end) {
		/* mode 2 commits or discards speculation 1 */
		cl[ncl].act_off = bw.ncode;
		emit(INSN(SONDE_OP_LDB, 5, 0, 0, SONDE_B_arg4));
		movi(6, 2);
		emit(INSN(SONDE_OP_SETNE, 7, 5, 6, 0));
		emit(INSN(SONDE_OP_JNZ, 0, 7, 0, 2));
		movi(6, 1);
		call(8, 6, 1, k->id);
		emit(INSN(SONDE_OP_RET, 0, 0, 0, 0));
		cl[ncl].act_len = 7;
		ecbs[necbs++] = (struct sonde_ecb){ probe, ncl++ };
	}
	if (bw.ncode >= MAXI)
		return E2BIG;
	memset(image, 0, 4096);
	h->magic = SONDE_PROG_MAGIC;
	h->hdr_size = sizeof(*h);
	h->abi_version = SONDE_ABI_VERSION;
	ilen = sizeof(*h);
	opt(SONDE_OPT_strsize, STRSIZE);
	if (bw.scratch)
		opt(SONDE_OPT_scratchsize, bw.scratch);
	/*
	 * A ring buffer, whole from GO on and never full: every measured
	 * firing writes all its records (a switch buffer grows in the
	 * background and drops what finds it full).
	 */
	opt(SONDE_OPT_bufpolicy, SONDE_BUFPOLICY_RING);
	opt(SONDE_OPT_bufsize, bw.bufsize);
	if (bw.aggsize)
		opt(SONDE_OPT_aggsize, bw.aggsize);
	if (bw.dynvarsize)
		opt(SONDE_OPT_dynvarsize, bw.dynvarsize);
	if (bw.specsize)
		opt(SONDE_OPT_specsize, bw.specsize);
	if (bw.nspec)
		opt(SONDE_OPT_nspec, bw.nspec);
	if (k->flags & F_DESTR)
		opt(SONDE_OPT_destructive, 1);
	sect(SONDE_SECT_OPTS, bw.opts, sizeof(bw.opts[0]), bw.nopts);
	sect(SONDE_SECT_ECBS, ecbs, sizeof(ecbs[0]), necbs);
	sect(SONDE_SECT_CLAUSES, cl, sizeof(cl[0]), ncl);
	sect(SONDE_SECT_INSNS, bw.code, sizeof(bw.code[0]), bw.ncode);
	sect(SONDE_SECT_CONSTS, consts, 8, 1);
	sect(SONDE_SECT_STRTAB, "x", 1, 2);
	if (bw.has_agg)
		sect(SONDE_SECT_AGGS, &bw.agg, sizeof(bw.agg), 1);
	if (bw.nkeys)
		sect(SONDE_SECT_KEYS, bw.keys, sizeof(bw.keys[0]), bw.nkeys);
	if (bw.has_var)
		sect(SONDE_SECT_VARS, &bw.var, sizeof(bw.var), 1);
	memset(&ld, 0, sizeof(ld));
	ld.prog = (__u64)(unsigned long)image;
	ld.prog_size = ilen;
	ld.log_level = 1;
	ld.log_buf = (__u64)(unsigned long)log;
	ld.log_size = logsz;
	memset(log, 0, logsz);
	if (per_out)
		*per_out = per;
	return ioctl(fd, SONDE_IOC_LOAD, &ld) ? errno : 0;
}

/* ---- timing ------------------------------------------------------------- */

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void fire(long mode, long i)
{
	syscall(SYS_getppid, hay, needle, i + 1, keys, mode, bigbuf);
}

/* Median ns of @n getppid() calls. */
static double call_ns(int n, long mode)
{
	static double v[64];
	double t;
	int i, j;

	for (i = 0; i < n; i++) {
		t = now_ns();
		fire(mode, i);
		v[i] = now_ns() - t;
	}
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (v[j] < v[i]) {
				t = v[i];
				v[i] = v[j];
				v[j] = t;
			}
	return v[n / 2];
}

static __u32 probe_of(int fd, const char *prov, const char *func,
		      const char *name)
{
	struct sonde_probe_info pi[2];
	struct sonde_probes q;

	memset(&q, 0, sizeof(q));
	strcpy(q.desc.provider, prov);
	strcpy(q.desc.function, func);
	strcpy(q.desc.name, name);
	q.buf = (__u64)(unsigned long)pi;
	q.buf_count = 2;
	if (ioctl(fd, SONDE_IOC_PROBES, &q) || q.count != 1)
		return 0;
	return pi[0].id;
}

#define KDESTRUCTIVE	"/sys/module/sonde/parameters/kernel_destructive"

/* Set the module's kernel_destructive parameter: 0 when it reads back as
 * asked. */
static int kdestructive(int on)
{
	FILE *f = fopen(KDESTRUCTIVE, "w");
	int c;

	if (!f)
		return -1;
	fputs(on ? "1" : "0", f);
	if (fclose(f))
		return -1;
	f = fopen(KDESTRUCTIVE, "r");
	if (!f)
		return -1;
	c = fgetc(f);
	fclose(f);
	return c == (on ? 'Y' : 'N') ? 0 : -1;
}

struct result {
	__u32 reps, per;
	double ns;
	char flagged[96];	/* errors or drops: not the worst case */
	char limit[160];	/* what refused one more */
	char fail[200];
};

/* What refused one more repetition, from the LOAD log. */
static void limit_of(const char *log, int err, char *out, size_t n)
{
	if (strstr(log, "firing budget"))
		snprintf(out, n, "the firing budget");
	else if (err == E2BIG && !*log)
		snprintf(out, n, "%u enablings a probe", SONDE_MAX_PROBE_ECBS);
	else
		snprintf(out, n, "%s: %.*s", strerror(err),
			 (int)strcspn(log, "\n"), log);
}

static void run_kind(const struct kind *k, double base, struct result *res)
{
	static char log[8192];
	struct sonde_status st;
	struct sonde_stop stop;
	struct sonde_go go;
	__u32 lo = 1, hi;
	int fd, err;

	memset(res, 0, sizeof(*res));
	if (k->flags & F_KDESTR)
		kdestructive(1);
	hi = k->flags & F_FILL ? 64 :
	     k->flags & F_ECB ? SONDE_MAX_PROBE_ECBS + 1 :
	     SONDE_MAX_PROBE_ECBS * (MAXI - 64) + 1;
	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	err = build_load(fd, k, lo, log, sizeof(log), NULL);
	close(fd);
	if (err) {
		snprintf(res->fail, sizeof(res->fail), "refused at 1: %s: %.*s",
			 strerror(err), (int)strcspn(log, "\n"), log);
		goto out;
	}
	if (k->flags & F_ECB)
		snprintf(res->limit, sizeof(res->limit),
			 "%u enablings a probe", SONDE_MAX_PROBE_ECBS);
	else
		snprintf(res->limit, sizeof(res->limit), "none below %u", hi);
	while (hi - lo > 1) {
		__u32 mid = lo + (hi - lo) / 2;

		fd = open(SONDE_DEVICE_PATH, O_RDWR);
		err = build_load(fd, k, mid, log, sizeof(log), NULL);
		close(fd);
		if (err) {
			hi = mid;
			limit_of(log, err, res->limit, sizeof(res->limit));
		} else {
			lo = mid;
		}
	}
	res->reps = lo;
	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	err = build_load(fd, k, lo, log, sizeof(log), &res->per);
	if (err || ioctl(fd, SONDE_IOC_GO, &go)) {
		snprintf(res->fail, sizeof(res->fail), "could not arm: %s",
			 strerror(err ? err : errno));
		close(fd);
		goto out;
	}
	/* panic(): armed, then kernel_destructive cleared, so its call
	 * returns at the check it makes when it runs */
	if (k->flags & F_KDESTR_OFF && kdestructive(0)) {
		ioctl(fd, SONDE_IOC_STOP, &stop);
		close(fd);
		snprintf(res->fail, sizeof(res->fail),
			 "not run: kernel_destructive could not be cleared");
		goto out;
	}
	if (k->flags & F_FILL) {
		/* fill this CPU's speculation buffer, then one firing ends
		 * it: that firing is measured */
		double t;
		int f;

		for (f = 0; f < (int)(lo << 4) + 4; f++)
			fire(1, f);
		t = now_ns();
		fire(2, 0);
		res->ns = now_ns() - t - base;
	} else if (k->flags & F_ONCE) {
		res->ns = call_ns(1, 0) - base;
	} else {
		call_ns(3, 0);	/* warm */
		res->ns = call_ns(k == &worst_op_RET ? 31 : 11, 0) - base;
	}
	memset(&st, 0, sizeof(st));
	ioctl(fd, SONDE_IOC_STATUS, &st);
	ioctl(fd, SONDE_IOC_STOP, &stop);
	close(fd);
	/* a firing that faulted or dropped skipped its work (the fill
	 * overfills its speculation on purpose) */
	if (st.errors || st.drops || st.aggdrops || st.recdrops ||
	    st.dyndrops || (st.specdrops && !(k->flags & F_FILL)))
		snprintf(res->flagged, sizeof(res->flagged),
			 " (%llu errors, %llu drops: not its worst)",
			 (unsigned long long)st.errors,
			 (unsigned long long)(st.drops + st.aggdrops +
					      st.recdrops + st.dyndrops +
					      st.specdrops));
out:
	if (k->flags & F_KDESTR)
		kdestructive(0);
}

/* stop() stops the process it fires in: measured in a child, which the
 * parent continues each time it stops. */
static void run_child(const struct kind *k, double base, struct result *res)
{
	int p[2], status;
	pid_t pid;

	memset(res, 0, sizeof(*res));
	if (pipe(p)) {
		snprintf(res->fail, sizeof(res->fail), "pipe: %s",
			 strerror(errno));
		return;
	}
	pid = fork();
	if (pid == 0) {
		close(p[0]);
		self_pid = getpid();
		run_kind(k, base, res);
		if (write(p[1], res, sizeof(*res)) != sizeof(*res))
			_exit(1);
		_exit(0);
	}
	close(p[1]);
	while (pid > 0 && waitpid(pid, &status, WUNTRACED) == pid) {
		if (WIFSTOPPED(status)) {
			kill(pid, SIGCONT);
			continue;
		}
		break;
	}
	if (pid < 0 || read(p[0], res, sizeof(*res)) != sizeof(*res))
		snprintf(res->fail, sizeof(res->fail), "the child failed");
	close(p[0]);
}

/*
 * Write every page the probes read or write: present and private, so no
 * fault-safe copy finds one missing or shared copy-on-write (after the
 * fork of a child, copyout() would fault on every page).
 */
static void touch_user(void)
{
	size_t i;

	memset(bigbuf, 'c', sizeof(bigbuf));
	memset(hay, 'a', sizeof(hay) - 1);
	memset(needle, 'a', STRSIZE / 2 - 1);
	needle[STRSIZE / 2 - 1] = 'b';
	for (i = 0; i < 7; i++)
		memset(keys[i], 'k', sizeof(keys[i]) - 1);
	for (i = 0; i < STRSIZE - 1; i++) {
		keys[0][i] = i % 2 ? 'a' : '/';
		keys[1][i] = '1';
	}
}

/* Is kind @k one the command line names (all when it names none)? */
static int wanted(const struct kind *k, int argc, char **argv)
{
	int i;

	if (argc < 2)
		return 1;
	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], k->name))
			return 1;
	return 0;
}

/*
 * cwd's longest walk: a working directory SONDE_DPATH_MAX_STEPS - 1
 * levels deep (the last step reaches the root), of names as long as
 * strsize lets them be.
 */
static void deep_cwd(void)
{
	char name[STRSIZE / SONDE_DPATH_MAX_STEPS];
	int i;

	memset(name, 'd', sizeof(name) - 2);
	name[sizeof(name) - 2] = 0;
	if (chdir("/tmp") || (mkdir("sonde-bench-deep", 0700) && errno != EEXIST) ||
	    chdir("sonde-bench-deep"))
		return;
	for (i = 0; i < SONDE_DPATH_MAX_STEPS - 2; i++)
		if ((mkdir(name, 0700) && errno != EEXIST) || chdir(name))
			return;
}

int main(int argc, char **argv)
{
	const struct kind *worst_k = NULL;
	struct result res, ref;
	double base, worst = 0;
	size_t i;
	int fd;

	touch_user();
	deep_cwd();
	self_pid = getpid();
	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	if (fd < 0) {
		perror(SONDE_DEVICE_PATH);
		return 1;
	}
	probe = probe_of(fd, "syscall", "getppid", "entry");
	begin_probe = probe_of(fd, "dtrace", "", "BEGIN");
	close(fd);
	if (!probe || !begin_probe) {
		fprintf(stderr, "bench_worst: no syscall::getppid:entry or BEGIN probe\n");
		return 1;
	}
	/* every firing on one CPU: its speculation buffer fills */
	{
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(0, &set);
		sched_setaffinity(0, sizeof(set), &set);
	}
	base = call_ns(31, 0);
	printf("# untraced getppid(): %.0f ns; firing budget %u units, %u enablings a probe\n",
	       base, SONDE_FIRING_BUDGET, SONDE_MAX_PROBE_ECBS);
	printf("# class\tkind\trepetitions\tper clause\tms a firing\twhat refused one more\tnote\n");
	run_kind(&ref_kind, base, &ref);
	if (ref.reps)
		ref.ns = ref.ns * REF_ECBS / ref.reps;
	printf("ref\t%s\t%u\t%u\t%.3f\t%s\t%s\n", ref_kind.name, ref.reps,
	       ref.per, ref.ns / 1e6, ref.limit, ref_kind.note);
	fflush(stdout);
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		const struct kind *k = kinds[i];

		if (!wanted(k, argc, argv))
			continue;
		touch_user();
		if (k->flags & F_CHILD)
			run_child(k, base, &res);
		else
			run_kind(k, base, &res);
		if (*res.fail) {
			printf("%s\t%s\t-\t-\t-\t%s\t%s\n", k->cls, k->name,
			       res.fail, k->note ? k->note : "");
			fflush(stdout);
			continue;
		}
		printf("%s\t%s\t%u\t%u\t%.3f%s\t%s\t%s\n", k->cls, k->name,
		       res.reps, res.per, res.ns / 1e6, res.flagged, res.limit,
		       k->note ? k->note : "");
		fflush(stdout);
		if (res.ns > worst) {
			worst = res.ns;
			worst_k = k;
		}
	}
	if (worst_k)
		printf("# worst accepted firing: %.3f ms (%s %s), %.2f x the reference (%.3f ms)\n",
		       worst / 1e6, worst_k->cls, worst_k->name,
		       ref.ns > 0 ? worst / ref.ns : 0, ref.ns / 1e6);
	return 0;
}
