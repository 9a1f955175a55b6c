// SPDX-License-Identifier: GPL-2.0
/*
 * cost.c - what one instruction may cost and what lockdown refuses of
 * it: one row an opcode, a built-in variable and a subroutine.
 *
 * Each row gives the worst-case cost of its instruction, built-in or
 * subroutine (docs/vm.md, "Bounded time") as an expression of the
 * instruction's operands and the image's sizes, and what confidentiality
 * lockdown says of it (NULL: nothing; else why it is refused).  The rows
 * are tied to the instruction set's own X-macros (uapi/sonde_isa.h) by
 * name: the tables below are built by expanding SONDE_OPS, SONDE_BUILTINS
 * and SONDE_SUBRS, and each entry names the function its row defines, so
 * an opcode, built-in or subroutine added without a row does not compile,
 * and neither does a row for one that does not exist (an unused static
 * function is an error under -Werror).  There is no default: the
 * verifier prices and checks an instruction from its row only.
 *
 * The units: about one simple step (a byte compared or copied by a
 * loop); memcpy() and memset() move 8 bytes a unit; every instruction is
 * charged SONDE_COST_DISPATCH more for its dispatch; SONDE_COST_FAULT an
 * access through a fault-safe copy that may fault; SONDE_COST_FRAME a
 * kernel stack frame unwound, SONDE_COST_UFRAME a user one (a search of
 * the process's unwind table and two fault-safe reads); SONDE_COST_SPIN one bounded wait for a raw
 * spinlock.  What depends on a register's value at run time (a copy's
 * size, a loop's count) is charged for the most the subroutine does with
 * any value: the scratch there is, the limits the world applies.
 *
 * Context: any (LOAD in the kernel, the compiler, the tests); no state,
 * no allocation.
 */
#include "vm_impl.h"

/* What a row sees: the image (its options), the instruction, the CPUs. */
struct sonde_cost_in {
	const struct sonde_image *img;
	const struct sonde_insn *in;
	u32 ncpus;
	u64 s;		/* strsize */
	u64 scratch;	/* the scratch a firing has, bytes */
};

/*
 * jstack() of @frames frames and @strsize bytes of names (vm/jstack.c):
 * the native unwind; the search for the thread's state, at most
 * SONDE_JHELPER_MAX_INTERPS interpreters and SONDE_JHELPER_MAX_THREADS
 * thread states of two fault-safe loads each (the helper's own limits,
 * given after LOAD, are at most these); at most twice @frames frame
 * steps of eight loads and two names (the seen-list search and three
 * loads each); the names' bytes copied once and moved down once.
 */
static u64 sonde_jstack_cost(u32 frames, u32 strsize)
{
	u64 name = 16 + 3 * SONDE_COST_FAULT;

	return (u64)frames * SONDE_COST_UFRAME + SONDE_COST_FAULT +
	       (4 + 2 * (u64)SONDE_JHELPER_MAX_INTERPS +
		2 * (u64)SONDE_JHELPER_MAX_THREADS) * SONDE_COST_FAULT +
	       2 * (u64)frames * (8 * SONDE_COST_FAULT + 2 * name) +
	       strsize + SONDE_JSTACK_SIZE(frames, strsize) / 8;
}

/* Building (and hashing, comparing, storing) a key tuple: each string up
 * to strsize bytes, each stack its frames, each struct its bytes.  Key
 * types were checked by the image verifier; an unknown one costs as the
 * largest component there is. */
static u64 sonde_keys_cost(const struct sonde_image *img, u32 keys_off,
			   u32 nkeys)
{
	u64 cost = 0;
	u32 k;

	for (k = 0; k < nkeys; k++) {
		u32 t = img->keys[keys_off + k];

		switch (SONDE_KEY_KIND(t)) {
		case SONDE_T_INT:
			cost += 1;
			break;
		case SONDE_T_STR:
			cost += img->strsize;
			break;
		case SONDE_T_KSTACK:
			cost += (u64)SONDE_KEY_FRAMES(t) * SONDE_COST_FRAME +
				SONDE_COST_FAULT;
			break;
		case SONDE_T_USTACK:
			cost += (u64)SONDE_KEY_FRAMES(t) * SONDE_COST_UFRAME +
				SONDE_COST_FAULT;
			break;
		case SONDE_T_JSTACK:
			cost += sonde_jstack_cost(SONDE_KEY_FRAMES(t),
						  SONDE_KEY_JSTRSIZE(t));
			break;
		case SONDE_T_BYTES:
			/* a struct copied from scratch, as a variable's */
			cost += SONDE_TYPE_SIZE(t) / 8 + 4;
			break;
		default:
			/* not reached: sonde_image_verify() refuses it */
			cost += sonde_jstack_cost(255, 4096);
		}
	}
	return cost;
}

/* An aggregating call: the key built, hashed, compared along a bounded
 * chain and stored, a new entry's value initialised, the update
 * (llquantize's loop over at most 64 magnitudes). */
static u64 sonde_agg_cost(const struct sonde_cost_in *c)
{
	const struct sonde_agg_desc *ad = &c->img->aggs[c->in->imm];
	u64 ksize = sonde_key_size(c->img, ad->keys_off, ad->nkeys);

	return sonde_keys_cost(c->img, ad->keys_off, ad->nkeys) +
	       (SONDE_CHAIN_MAX + 2) * ksize + sonde_agg_val_size(ad) / 8 + 64;
}

/* A global or clause-local variable: a struct copied to or from scratch,
 * a string's bytes, or a word. */
static u64 sonde_var_cost(const struct sonde_cost_in *c)
{
	const struct sonde_var_desc *vd = &c->img->vars[c->in->imm];

	if (SONDE_TYPE_KIND(vd->type) == SONDE_T_BYTES)
		return SONDE_TYPE_SIZE(vd->type) / 8 + 4;
	return vd->type == SONDE_T_STR ? c->s : 1;
}

/* A dynamic variable (thread-local, array element): the key padded and
 * hashed with the thread key, the bucket's, the free list's and the
 * thread table's locks, a bounded chain of whole-key compares, one of the
 * thread's leader among others (kmod/dynvar.c), the value copied. */
static u64 sonde_dvar_cost(const struct sonde_cost_in *c)
{
	const struct sonde_var_desc *vd = &c->img->vars[c->in->imm];
	u64 ksize = sonde_key_size(c->img, vd->keys_off, vd->nkeys) + 8;
	u64 cost = sonde_keys_cost(c->img, vd->keys_off, vd->nkeys) +
		   (SONDE_CHAIN_MAX + 3) * ksize + SONDE_CHAIN_MAX + 1 +
		   3 * SONDE_COST_SPIN;

	if (SONDE_TYPE_KIND(vd->type) == SONDE_T_BYTES)
		return cost + 2 * (SONDE_TYPE_SIZE(vd->type) / 8 + 4);
	return cost + (vd->type == SONDE_T_STR ? 2 * c->s : 8);
}

/* commit() and discard(): every CPU's speculation buffer, copied to the
 * principal buffer as long as it has room. */
static u64 sonde_commit_cost(const struct sonde_cost_in *c)
{
	u64 spec = (u64)c->ncpus * c->img->opt[SONDE_OPT_specsize];

	if (spec > c->img->opt[SONDE_OPT_bufsize])
		spec = c->img->opt[SONDE_OPT_bufsize];
	return SONDE_COST_SPIN + spec / 8 + 4 * (u64)c->ncpus;
}

/* A copy of up to the whole scratch, in one fault-safe copy. */
#define SCRATCH_COPY	(c->scratch / 8 + SONDE_COST_FAULT)
/*
 * The same to or from user memory: copy_{from,to}_user_nofault() move
 * bytes at half memcpy()'s rate where the CPU has no fast string moves
 * (bench-worst measured 2 ns a byte under TCG, against 0.2 for the
 * kernel's own memcpy()), so 4 bytes a unit.
 */
#define USER_COPY	(c->scratch / 4 + SONDE_COST_FAULT)

/* ---- subroutines: S(name, cost, under confidentiality lockdown) ------- */

#define SONDE_SUBR_COSTS(S)						\
	S(strlen,	c->s, NULL)					\
	S(strjoin,	2 * c->s, NULL)					\
	S(substr,	2 * c->s, NULL)					\
	/* two strnlen()s, the search table, the scan (KMP) */		\
	S(index,	6 * c->s, NULL)					\
	S(rindex,	6 * c->s, NULL)					\
	S(strchr,	2 * c->s, NULL)					\
	S(strrchr,	2 * c->s, NULL)					\
	S(strstr,	7 * c->s, NULL)					\
	S(basename,	3 * c->s, NULL)					\
	S(dirname,	3 * c->s, NULL)					\
	/* at most 64 digits (base 2), reversed */			\
	S(lltostr,	128, NULL)					\
	S(strtoll,	c->s, NULL)					\
	S(toupper,	c->s, NULL)					\
	S(tolower,	c->s, NULL)					\
	S(copyinstr,	c->s + SONDE_COST_FAULT, NULL)			\
	S(stringof,	c->s + SONDE_COST_FAULT,			\
	  "stringof() reads kernel memory")				\
	S(rand,		8, NULL)					\
	S(htons,	8, NULL)					\
	S(htonl,	8, NULL)					\
	S(htonll,	8, NULL)					\
	S(ntohs,	8, NULL)					\
	S(ntohl,	8, NULL)					\
	S(ntohll,	8, NULL)					\
	/* at most the scratch there is, then its tail zeroed */	\
	S(copyin,	USER_COPY + 2, NULL)				\
	/* the string, the delimiters' table, the scan */		\
	S(strtok,	3 * c->s + 32, NULL)				\
	/* at most the scratch there is, zeroed */			\
	S(alloca,	c->scratch / 8 + 4, NULL)			\
	/* into a buffer of at most the scratch there is; called again	\
	 * it copies again, so every call is charged in full */		\
	S(copyinto,	USER_COPY, NULL)				\
	/* one (IPv4) or two (IPv6) fault-safe loads, 40 characters */	\
	S(inet_ntoa,	SONDE_COST_FAULT + 64,				\
	  "inet_ntoa() reads kernel memory")				\
	S(inet_ntoa6,	2 * SONDE_COST_FAULT + 128,			\
	  "inet_ntoa6() reads kernel memory")				\
	S(inet_ntop,	2 * SONDE_COST_FAULT + 128,			\
	  "inet_ntop() reads kernel memory")				\
	S(d_path,	SONDE_DPATH_COST(c->s),				\
	  "d_path() reads kernel memory")				\
	/* at most SONDE_PROGENY_MAX parents, a few loads each */	\
	S(progenyof,	(u64)SONDE_PROGENY_MAX * 8, NULL)		\
	S(speculation,	4 * c->img->opt[SONDE_OPT_nspec], NULL)		\
	/* the record, appended to the speculation under its lock */	\
	S(speculate,	SONDE_COST_SPIN + c->img->max_rec_size / 8 + 4, NULL) \
	S(commit,	sonde_commit_cost(c), NULL)			\
	S(discard,	sonde_commit_cost(c), NULL)			\
	/* the signal queued through the CPU's irq_work */		\
	S(raise,	64, NULL)					\
	S(stop,		64, NULL)					\
	/* spins for its argument, at most SONDE_CHILL_CALL_MAX ns	\
	 * (more is an illegal operation), a nanosecond a unit */	\
	S(chill,	SONDE_CHILL_CALL_MAX, NULL)			\
	/* up to the scratch there is, to user memory */		\
	S(copyout,	USER_COPY, NULL)				\
	S(copyoutstr,	c->s + SONDE_COST_FAULT, NULL)			\
	S(panic,	64, NULL)					\
	S(breakpoint,	64, NULL)					\
	S(bufstr,	c->s, NULL)					\
	S(strtok_next,	3 * c->s + 32, NULL)				\
	S(strchar,	c->s, NULL)					\
	/* at most strsize - 1 user bytes, then a pass over them */	\
	S(uargs,	2 * c->s + SONDE_COST_FAULT, NULL)		\
	/* at most the scratch there is, in page-sized fault-safe	\
	 * copies, then its tail zeroed */				\
	S(kcopy,	SCRATCH_COPY + c->scratch / 128 + 2,		\
	  "kcopy() (a struct traced or printed) reads kernel memory")	\
	/* one pass over the string, a byte written for each read */	\
	S(cleanpath,	2 * c->s, NULL)					\
	/* kcopy()'s copy, into a buffer */				\
	S(bcopy,	SCRATCH_COPY + c->scratch / 128 + 2,		\
	  "bcopy() reads kernel memory")				\
	/* three fault-safe loads (20 bytes), 60 characters */		\
	S(link_ntop,	3 * SONDE_COST_FAULT + 128,			\
	  "link_ntop() reads kernel memory")

#define SONDE_SUBR_COST_FN_(name, cost, conf)				\
	static u64 sonde_cost_subr_##name(const struct sonde_cost_in *c) \
	{								\
		return (cost);						\
	}								\
	static const char *const sonde_conf_subr_##name = (conf);
SONDE_SUBR_COSTS(SONDE_SUBR_COST_FN_)
#undef SONDE_SUBR_COST_FN_

struct sonde_cost_row {
	u64 (*cost)(const struct sonde_cost_in *c);
	const char *const *conf;
};

#define SONDE_SUBR_ROW_(name, id, min, max, type, args)			\
	[id] = { sonde_cost_subr_##name, &sonde_conf_subr_##name },
static const struct sonde_cost_row sonde_subr_rows[SONDE_SUBR_MAX] = {
	SONDE_SUBRS(SONDE_SUBR_ROW_)
};
#undef SONDE_SUBR_ROW_

/* ---- built-in variables: B(name, cost, under confidentiality) --------- */

#define SONDE_STACKDEPTH_COST	(255 * SONDE_COST_FRAME + SONDE_COST_FAULT)
#define SONDE_USTACKDEPTH_COST	(255 * SONDE_COST_UFRAME + SONDE_COST_FAULT)

/* An argument may be read from user memory at its first use (a USDT
 * probe's "8@-8(%rbp)"): a fault-safe access. */
#define SONDE_BUILTIN_COSTS(B)						\
	B(arg0,		SONDE_COST_FAULT, NULL)				\
	B(arg1,		SONDE_COST_FAULT, NULL)				\
	B(arg2,		SONDE_COST_FAULT, NULL)				\
	B(arg3,		SONDE_COST_FAULT, NULL)				\
	B(arg4,		SONDE_COST_FAULT, NULL)				\
	B(arg5,		SONDE_COST_FAULT, NULL)				\
	B(arg6,		SONDE_COST_FAULT, NULL)				\
	B(arg7,		SONDE_COST_FAULT, NULL)				\
	B(arg8,		SONDE_COST_FAULT, NULL)				\
	B(arg9,		SONDE_COST_FAULT, NULL)				\
	B(pid,		24, NULL)					\
	B(tid,		24, NULL)					\
	B(ppid,		24, NULL)					\
	B(uid,		24, NULL)					\
	B(gid,		24, NULL)					\
	B(cpu,		24, NULL)					\
	B(timestamp,	24, NULL)					\
	B(vtimestamp,	24, NULL)					\
	B(walltimestamp, 24, NULL)					\
	B(id,		24, NULL)					\
	B(epid,		24, NULL)					\
	B(errno,	24, NULL)					\
	B(curthread,	24, "curthread is a kernel address")		\
	/* the frames stack() would record, up to 255 */		\
	B(stackdepth,	SONDE_STACKDEPTH_COST, NULL)			\
	B(ustackdepth,	SONDE_USTACKDEPTH_COST, NULL)			\
	/* the command's 16 bytes copied into scratch */		\
	B(execname,	24, NULL)					\
	B(probeprov,	24, NULL)					\
	B(probemod,	24, NULL)					\
	B(probefunc,	24, NULL)					\
	B(probename,	24, NULL)					\
	/* two frames of the stack */					\
	B(caller,	2 * SONDE_COST_FRAME + SONDE_COST_FAULT,	\
	  "caller is a kernel address")					\
	B(ucaller,	2 * SONDE_COST_UFRAME + SONDE_COST_FAULT, NULL)	\
	B(ipl,		24, NULL)					\
	/* the process's fs_struct, then d_path() of its pwd or root */	\
	B(cwd,		SONDE_COST_FAULT + SONDE_DPATH_COST(c->s), NULL) \
	B(root,		SONDE_COST_FAULT + SONDE_DPATH_COST(c->s), NULL) \
	B(curcpu,	24, "curcpu is a kernel address")

#define SONDE_BUILTIN_COST_FN_(name, cost, conf)			\
	static u64 sonde_cost_b_##name(const struct sonde_cost_in *c)	\
	{								\
		return (cost);						\
	}								\
	static const char *const sonde_conf_b_##name = (conf);
SONDE_BUILTIN_COSTS(SONDE_BUILTIN_COST_FN_)
#undef SONDE_BUILTIN_COST_FN_

#define SONDE_BUILTIN_ROW_(name, id, type, dtype)			\
	[id] = { sonde_cost_b_##name, &sonde_conf_b_##name },
static const struct sonde_cost_row sonde_builtin_rows[SONDE_B_MAX] = {
	SONDE_BUILTINS(SONDE_BUILTIN_ROW_)
};
#undef SONDE_BUILTIN_ROW_

/* The row of the built-in or subroutine an instruction names; the
 * verifier checked the id before anything asks. */
static const struct sonde_cost_row *
sonde_cost_id_row(const struct sonde_cost_row *rows, u32 n, s32 id)
{
	static const struct sonde_cost_row none;

	if (id < 0 || (u32)id >= n || !rows[id].cost)
		return &none;
	return &rows[id];
}

static u64 sonde_builtin_cost(const struct sonde_cost_in *c)
{
	const struct sonde_cost_row *r =
		sonde_cost_id_row(sonde_builtin_rows, SONDE_B_MAX, c->in->imm);

	/* no row: the verifier refuses the id; charge as the dearest */
	return r->cost ? r->cost(c) : SONDE_USTACKDEPTH_COST;
}

static const char *sonde_builtin_conf(const struct sonde_cost_in *c)
{
	const struct sonde_cost_row *r =
		sonde_cost_id_row(sonde_builtin_rows, SONDE_B_MAX, c->in->imm);

	return r->conf ? *r->conf : NULL;
}

static u64 sonde_call_cost(const struct sonde_cost_in *c)
{
	const struct sonde_cost_row *r =
		sonde_cost_id_row(sonde_subr_rows, SONDE_SUBR_MAX, c->in->imm);

	/* no row: the verifier refuses the id; charge the whole budget */
	return r->cost ? r->cost(c) : SONDE_FIRING_BUDGET + 1ULL;
}

static const char *sonde_call_conf(const struct sonde_cost_in *c)
{
	const struct sonde_cost_row *r =
		sonde_cost_id_row(sonde_subr_rows, SONDE_SUBR_MAX, c->in->imm);

	return r->conf ? *r->conf : NULL;
}

/* ---- instructions: O(NAME, cost, under confidentiality lockdown) ------ */

#define SONDE_OP_COSTS(O)						\
	O(NOP,	1, NULL)						\
	O(RET,	1, NULL)						\
	O(EXIT,	8, NULL)						\
	O(MOVI,	1, NULL)						\
	O(LDC,	1, NULL)						\
	O(LDS,	1, NULL)						\
	O(LDB,	sonde_builtin_cost(c), sonde_builtin_conf(c))		\
	O(MOV,	1, NULL)						\
	/* the thread's saved user registers */				\
	O(LDUREG, 24, NULL)						\
	O(ADD,	1, NULL)						\
	O(SUB,	1, NULL)						\
	O(MUL,	1, NULL)						\
	O(SDIV,	2, NULL)						\
	O(UDIV,	2, NULL)						\
	O(SREM,	2, NULL)						\
	O(UREM,	2, NULL)						\
	O(AND,	1, NULL)						\
	O(OR,	1, NULL)						\
	O(XOR,	1, NULL)						\
	O(SHL,	1, NULL)						\
	O(SHR,	1, NULL)						\
	O(SAR,	1, NULL)						\
	O(NEG,	1, NULL)						\
	O(NOT,	1, NULL)						\
	O(LNOT,	1, NULL)						\
	O(SETEQ, 1, NULL)						\
	O(SETNE, 1, NULL)						\
	O(SETLT, 1, NULL)						\
	O(SETLE, 1, NULL)						\
	O(SETLTU, 1, NULL)						\
	O(SETLEU, 1, NULL)						\
	O(SCMP,	c->s, NULL)						\
	O(JA,	1, NULL)						\
	O(JZ,	1, NULL)						\
	O(JNZ,	1, NULL)						\
	O(LDK1,	SONDE_COST_FAULT, "a kernel memory read")		\
	O(LDK2,	SONDE_COST_FAULT, "a kernel memory read")		\
	O(LDK4,	SONDE_COST_FAULT, "a kernel memory read")		\
	O(LDK8,	SONDE_COST_FAULT, "a kernel memory read")		\
	O(LDU1,	SONDE_COST_FAULT, NULL)					\
	O(LDU2,	SONDE_COST_FAULT, NULL)					\
	O(LDU4,	SONDE_COST_FAULT, NULL)					\
	O(LDU8,	SONDE_COST_FAULT, NULL)					\
	O(EMIT1, 1, NULL)						\
	O(EMIT2, 1, NULL)						\
	O(EMIT4, 1, NULL)						\
	O(EMIT8, 1, NULL)						\
	O(EMITS, c->s, NULL)						\
	O(EMITKSTACK, (u64)c->in->rt * SONDE_COST_FRAME + SONDE_COST_FAULT, \
	  "stack() records kernel addresses")				\
	O(EMITUSTACK, (u64)c->in->rt * SONDE_COST_UFRAME + SONDE_COST_FAULT, \
	  NULL)								\
	O(EMITJSTACK, sonde_jstack_cost(c->in->rt, SONDE_SOL_LEN(c->in->imm)), \
	  NULL)								\
	O(AGG,	sonde_agg_cost(c), NULL)				\
	O(LDG,	sonde_var_cost(c), NULL)				\
	O(STG,	sonde_var_cost(c), NULL)				\
	O(LDL,	sonde_var_cost(c), NULL)				\
	O(STL,	sonde_var_cost(c), NULL)				\
	O(LDT,	sonde_dvar_cost(c), NULL)				\
	O(STT,	sonde_dvar_cost(c), NULL)				\
	O(LDGA,	sonde_dvar_cost(c), NULL)				\
	O(STGA,	sonde_dvar_cost(c), NULL)				\
	O(LDTA,	sonde_dvar_cost(c), NULL)				\
	O(STTA,	sonde_dvar_cost(c), NULL)				\
	O(CALL,	SONDE_COST_CALL + sonde_call_cost(c), sonde_call_conf(c)) \
	O(LDM1,	2, NULL)						\
	O(LDM2,	2, NULL)						\
	O(LDM4,	2, NULL)						\
	O(LDM8,	2, NULL)						\
	O(BADD,	1, NULL)						\
	O(EMITM, SONDE_SOL_LEN(c->in->imm) / 8 + 4, NULL)		\
	O(STM1,	2, NULL)						\
	O(STM2,	2, NULL)						\
	O(STM4,	2, NULL)						\
	O(STM8,	2, NULL)						\
	/* a subtraction and a compare; a compare and an addition */	\
	O(BTOH,	1, NULL)						\
	O(HTOB,	1, NULL)

#define SONDE_OP_COST_FN_(name, cost, conf)				\
	static u64 sonde_cost_op_##name(const struct sonde_cost_in *c)	\
	{								\
		return (cost);						\
	}								\
	static const char *sonde_conf_op_##name(const struct sonde_cost_in *c) \
	{								\
		return (conf);						\
	}
SONDE_OP_COSTS(SONDE_OP_COST_FN_)
#undef SONDE_OP_COST_FN_

struct sonde_op_row {
	u64 (*cost)(const struct sonde_cost_in *c);
	const char *(*conf)(const struct sonde_cost_in *c);
};

#define SONDE_OP_ROW_(name, code, form, type, s, t)			\
	[code] = { sonde_cost_op_##name, sonde_conf_op_##name },
static const struct sonde_op_row sonde_op_rows[SONDE_OP_MAX + 1] = {
	SONDE_OPS(SONDE_OP_ROW_)
};
#undef SONDE_OP_ROW_

static void sonde_cost_in_init(struct sonde_cost_in *c,
			       const struct sonde_image *img,
			       const struct sonde_insn *in, u32 ncpus)
{
	c->img = img;
	c->in = in;
	c->ncpus = ncpus;
	c->s = img->strsize;
	c->scratch = sonde_vm_scratch_size(img);
}

/**
 * sonde_insn_cost() - the most one run of an instruction can cost
 * @img: a verified image
 * @in: the instruction
 * @ncpus: the machine's CPUs
 *
 * From the instruction's row only (and, for ldb and call, its built-in's
 * or subroutine's), plus SONDE_COST_DISPATCH.  An opcode without a row,
 * which a verified image cannot hold, costs more than any firing may.
 *
 * Context: any; no state, no allocation.
 * Return: the cost, in units.
 */
u64 sonde_insn_cost(const struct sonde_image *img,
		    const struct sonde_insn *in, u32 ncpus)
{
	struct sonde_cost_in c;

	if (!sonde_op_rows[in->op].cost)
		return SONDE_FIRING_BUDGET + 1ULL;
	sonde_cost_in_init(&c, img, in, ncpus);
	return SONDE_COST_DISPATCH + sonde_op_rows[in->op].cost(&c);
}

/**
 * sonde_insn_confidential() - why confidentiality lockdown refuses an
 * instruction
 * @img: the image (its sections checked)
 * @in: the instruction (its form checked)
 *
 * From the instruction's row (and its built-in's or subroutine's).
 *
 * Context: any; no state, no allocation.
 * Return: NULL when it may run, else one lower-case phrase saying why not.
 */
const char *sonde_insn_confidential(const struct sonde_image *img,
				    const struct sonde_insn *in)
{
	struct sonde_cost_in c = { .img = img, .in = in };

	if (!sonde_op_rows[in->op].conf)
		return NULL;
	return sonde_op_rows[in->op].conf(&c);
}

u64 sonde_prog_cost(const struct sonde_image *img, u32 off, u32 len,
		    u32 ncpus)
{
	u64 cost = 0;
	u32 pc;

	for (pc = 0; pc < len; pc++)
		cost += sonde_insn_cost(img, &img->insns[off + pc], ncpus);
	return cost;
}

u64 sonde_clause_cost(const struct sonde_image *img, u32 c, u32 ncpus)
{
	const struct sonde_clause *cl = &img->clauses[c];

	/* the record is cleared when reserved, and an ERROR record may
	 * follow a fault */
	return SONDE_COST_ECB + cl->rec_size / 8 +
	       sonde_prog_cost(img, cl->pred_off, cl->pred_len, ncpus) +
	       sonde_prog_cost(img, cl->act_off, cl->act_len, ncpus);
}
