// SPDX-License-Identifier: GPL-2.0
/*
 * verify.c - the instruction verifier: one linear pass over a predicate
 * or actions program that proves what the interpreter then trusts.
 *
 *  - every opcode is defined and every field its form does not use is 0;
 *  - every register index is < SONDE_NREGS, every table index in range;
 *  - branches go forward and land inside the program, which ends in ret,
 *    so a run executes at most len instructions;
 *  - record emission stays inside the clause's record; predicates emit
 *    nothing, aggregate nothing and do not exit;
 *  - registers are typed (integer / string reference / buffer) along
 *    every path: an instruction that dereferences a string requires a
 *    register that is a string on every path reaching it, one that reads
 *    a buffer's bytes a buffer on every path, and one that reads a value
 *    as a number a register that is not a buffer on any path: integers
 *    cannot be turned into pointers, and a buffer's kernel address never
 *    becomes a number (a record, a key, a variable, a branch).
 *
 * Types: per register four bits, "is a string", "is an integer", "is a
 * buffer" and "is not a buffer"; at a join the states are ANDed, so a
 * register that is a string on one path and an integer on another is
 * neither and cannot be used as a string (but is still not a buffer), and
 * one that is a buffer on one path only is neither a buffer nor usable as
 * a number.
 * Rejections are one line naming the program and instruction, and return
 * -EINVAL (malformed) or -EACCES (well formed but not allowed here).
 *
 * Branch targets not yet reached are kept in a small fixed table (so the
 * verifier needs no memory proportional to the program); a program with
 * more than SONDE_VERIFY_MAXPEND branches in flight at one point is
 * rejected with -E2BIG.  Process context (LOAD); never allocates.
 */
#include "vm_impl.h"

#define TY_UNREACHED	(~0ULL)
#define TY_STR(r)	(1ULL << (r))
#define TY_INT(r)	(1ULL << ((r) + 16))
#define TY_BUF(r)	(1ULL << ((r) + 32))
#define TY_NB(r)	(1ULL << ((r) + 48))	/* not a buffer */
#define TY_ALL(r)	(TY_STR(r) | TY_INT(r) | TY_BUF(r) | TY_NB(r))
#define TY_ALLINT	0xffff0000ffff0000ULL	/* every register an integer */
#define SONDE_VERIFY_MAXPEND 32

struct sonde_vprog {
	const struct sonde_image *img;
	const struct sonde_insn *insns;
	u32 len;
	u32 rec_size;		/* 0 for a predicate */
	bool pred;
	const char *what;	/* "clause 2 predicate" */
	struct sonde_vlog *log;
	struct {
		u32 pc;
		u64 ty;
	} pend[SONDE_VERIFY_MAXPEND];	/* branches not yet reached */
	u32 npend;
};

/* The caller (image.c) adds the clause to the place. */
#define vreject(v, pc, err, fmt, ...)					\
	({								\
		sonde_vlog((v)->log, "%s: insn %u: " fmt "\n", (v)->what, \
			   (u32)(pc), ##__VA_ARGS__);			\
		sonde_vlog_at((v)->log, SONDE_VLOG_AT_INSN, 0, (u32)(pc)); \
		(err);							\
	})

static int sonde_check_reg(struct sonde_vprog *v, u32 pc, const char *field,
			   u32 reg)
{
	if (reg >= SONDE_NREGS)
		return vreject(v, pc, -EINVAL, "register %s r%u out of range",
			       field, reg);
	return 0;
}

static int sonde_check_zero(struct sonde_vprog *v, u32 pc, const char *field,
			    s64 val)
{
	if (val)
		return vreject(v, pc, -EINVAL,
			       "unused field %s must be zero", field);
	return 0;
}

static int sonde_need_str(struct sonde_vprog *v, u32 pc, u64 ty, u32 reg)
{
	if (!(ty & TY_STR(reg)))
		return vreject(v, pc, -EACCES,
			       "r%u is not a string on every path", reg);
	return 0;
}

/* @reg is read as a number: it must not be a buffer on any path (nor,
 * under confidentiality lockdown, a string: its value is an address). */
static int sonde_need_nobuf(struct sonde_vprog *v, u32 pc, u64 ty, u32 reg)
{
	if (!(ty & TY_NB(reg)))
		return vreject(v, pc, -EACCES,
			       "r%u may be a buffer here, where a number is read",
			       reg);
	if ((v->img->vflags & SONDE_VERIFY_CONFIDENTIAL) &&
	    !(ty & TY_INT(reg)))
		return vreject(v, pc, -EPERM,
			       "r%u may be a string here, where a number is read: its kernel address is refused under kernel lockdown (confidentiality)",
			       reg);
	return 0;
}

/* @reg must be an integer on every path: neither a buffer nor a string
 * (htob: a handle made of a string's address would reveal part of it in
 * the fault htob reports) */
static int sonde_need_int(struct sonde_vprog *v, u32 pc, u64 ty, u32 reg)
{
	if (!(ty & TY_INT(reg)))
		return vreject(v, pc, -EACCES,
			       "r%u is not an integer on every path", reg);
	return 0;
}

static int sonde_need_buf(struct sonde_vprog *v, u32 pc, u64 ty, u32 reg)
{
	if (!(ty & TY_BUF(reg)))
		return vreject(v, pc, -EACCES,
			       "r%u is not a buffer on every path", reg);
	return 0;
}

/* @reg must be of operand kind @kind (SONDE_K_*). */
static int sonde_need_kind(struct sonde_vprog *v, u32 pc, u64 ty, u32 reg,
			   int kind)
{
	switch (kind) {
	case SONDE_K_I:
		return sonde_need_nobuf(v, pc, ty, reg);
	case SONDE_K_S:
		return sonde_need_str(v, pc, ty, reg);
	case SONDE_K_B:
		return sonde_need_buf(v, pc, ty, reg);
	case SONDE_K_P:
		return sonde_need_int(v, pc, ty, reg);
	case SONDE_K_N:
	case SONDE_K_A:
		return 0;
	}
	/* a kind the opcode table does not use */
	return vreject(v, pc, -EINVAL, "operand kind %d unknown", kind);
}

/* A value of variable or key type @t (SONDE_T_INT / _STR / _BUF) in
 * @reg. */
static int sonde_need_type(struct sonde_vprog *v, u32 pc, u64 ty, u32 reg,
			   u32 t)
{
	return sonde_need_kind(v, pc, ty, reg,
			       t == SONDE_T_STR ? SONDE_K_S :
			       t == SONDE_T_BUF ||
			       SONDE_TYPE_KIND(t) == SONDE_T_BYTES ? SONDE_K_B :
			       SONDE_K_I);
}

/* Check the operand fields of @in against its form. */
static int sonde_check_form(struct sonde_vprog *v, u32 pc,
			    const struct sonde_insn *in, int form)
{
	bool d = false, s = false, t = false, i = false;
	int err;

	switch (form) {
	case SONDE_FORM_NONE:
		break;
	case SONDE_FORM_S:
		s = true;
		break;
	case SONDE_FORM_DI:
	case SONDE_FORM_DC:
	case SONDE_FORM_DSTR:
	case SONDE_FORM_DB:
	case SONDE_FORM_DV:
		d = i = true;
		break;
	case SONDE_FORM_DS:
		d = s = true;
		break;
	case SONDE_FORM_DST:
		d = s = t = true;
		break;
	case SONDE_FORM_J:
		i = true;
		break;
	case SONDE_FORM_SJ:
	case SONDE_FORM_SO:
	case SONDE_FORM_SV:
	case SONDE_FORM_SOL:
		s = i = true;
		break;
	case SONDE_FORM_SSI:
		s = t = i = true;
		break;
	case SONDE_FORM_DSI:
		d = s = i = true;
		break;
	case SONDE_FORM_AGG:
		s = t = i = true;
		break;
	case SONDE_FORM_CALL:
		d = s = t = i = true;
		break;
	case SONDE_FORM_DVK:
		d = s = i = true;
		break;
	case SONDE_FORM_SVK:
		s = t = i = true;
		break;
	case SONDE_FORM_STK:
	case SONDE_FORM_JSTK:
		i = true;	/* rt is a frame count, checked below */
		break;
	}
	if (d && (err = sonde_check_reg(v, pc, "rd", in->rd)))
		return err;
	if (s && (err = sonde_check_reg(v, pc, "rs", in->rs)))
		return err;
	/* CALL's rt is an argument count, checked with the signature */
	if (t && form != SONDE_FORM_CALL &&
	    (err = sonde_check_reg(v, pc, "rt", in->rt)))
		return err;
	if (!d && (err = sonde_check_zero(v, pc, "rd", in->rd)))
		return err;
	if (!s && (err = sonde_check_zero(v, pc, "rs", in->rs)))
		return err;
	if (!t && form != SONDE_FORM_STK && form != SONDE_FORM_JSTK &&
	    (err = sonde_check_zero(v, pc, "rt", in->rt)))
		return err;
	if (!i && (err = sonde_check_zero(v, pc, "imm", in->imm)))
		return err;
	return 0;
}

static int sonde_check_agg(struct sonde_vprog *v, u32 pc,
			   const struct sonde_insn *in, u64 ty)
{
	const struct sonde_image *img = v->img;
	const struct sonde_agg_desc *ad;
	u32 k, nval;
	int err;

	if (in->imm < 0 || (u32)in->imm >= img->naggs)
		return vreject(v, pc, -EINVAL, "aggregation %d out of range",
			       in->imm);
	ad = &img->aggs[in->imm];
	if (ad->nkeys == 0 && in->rs)
		return vreject(v, pc, -EINVAL,
			       "unused field rs must be zero (no keys)");
	if (in->rs + ad->nkeys > SONDE_NREGS)
		return vreject(v, pc, -EINVAL,
			       "key registers r%u..r%u out of range", in->rs,
			       in->rs + ad->nkeys - 1);
	for (k = 0; k < ad->nkeys; k++) {
		u32 kt = SONDE_KEY_KIND(img->keys[ad->keys_off + k]);

		if ((kt == SONDE_T_INT || kt == SONDE_T_STR ||
		     kt == SONDE_T_BYTES) &&
		    (err = sonde_need_type(v, pc, ty, in->rs + k, kt)))
			return err;
	}
	nval = ad->fn == SONDE_AGG_count ? 0 : 1;
	if (ad->flags & SONDE_AGGF_INCR)
		nval++;
	if (!nval && in->rt)
		return vreject(v, pc, -EINVAL,
			       "unused field rt must be zero (count)");
	if (nval && in->rt + nval > SONDE_NREGS)
		return vreject(v, pc, -EINVAL,
			       "value registers r%u..r%u out of range", in->rt,
			       in->rt + nval - 1);
	for (k = 0; k < nval; k++)
		if ((err = sonde_need_nobuf(v, pc, ty, in->rt + k)))
			return err;
	return 0;
}

/* The tuple rs.. of @nkeys components typed by KEYS[@keys_off]. */
static int sonde_check_keys(struct sonde_vprog *v, u32 pc, u32 rs,
			    u32 keys_off, u32 nkeys, u64 ty)
{
	const struct sonde_image *img = v->img;
	u32 k;
	int err;

	if (!nkeys && rs)
		return vreject(v, pc, -EINVAL,
			       "unused field rs must be zero (no keys)");
	if (rs + nkeys > SONDE_NREGS)
		return vreject(v, pc, -EINVAL,
			       "key registers r%u..r%u out of range", rs,
			       rs + nkeys - 1);
	for (k = 0; k < nkeys; k++) {
		u32 kt = SONDE_KEY_KIND(img->keys[keys_off + k]);

		if ((kt == SONDE_T_INT || kt == SONDE_T_STR ||
		     kt == SONDE_T_BYTES) &&
		    (err = sonde_need_type(v, pc, ty, rs + k, kt)))
			return err;
	}
	return 0;
}

/* Variable access: the opcode must match the variable's scope and shape. */
static int sonde_check_var(struct sonde_vprog *v, u32 pc,
			   const struct sonde_insn *in, u64 ty, int *rtype)
{
	const struct sonde_image *img = v->img;
	const struct sonde_var_desc *vd;
	u32 scope, array = 0, store = 0;

	switch (in->op) {
	case SONDE_OP_STG:
		store = 1;
		fallthrough;
	case SONDE_OP_LDG:
		scope = SONDE_VAR_GLOBAL;
		break;
	case SONDE_OP_STL:
		store = 1;
		fallthrough;
	case SONDE_OP_LDL:
		scope = SONDE_VAR_LOCAL;
		break;
	case SONDE_OP_STT:
		store = 1;
		fallthrough;
	case SONDE_OP_LDT:
		scope = SONDE_VAR_TLS;
		break;
	case SONDE_OP_STGA:
		store = 1;
		fallthrough;
	case SONDE_OP_LDGA:
		scope = SONDE_VAR_GLOBAL;
		array = 1;
		break;
	case SONDE_OP_STTA:
		store = 1;
		fallthrough;
	default:
		scope = SONDE_VAR_TLS;
		array = 1;
		break;
	}
	if (in->imm < 0 || (u32)in->imm >= img->nvars)
		return vreject(v, pc, -EINVAL, "variable %d out of range",
			       in->imm);
	vd = &img->vars[in->imm];
	if (vd->scope != scope || !!vd->nkeys != array)
		return vreject(v, pc, -EINVAL,
			       "variable %d is not a %s %s", in->imm,
			       scope == SONDE_VAR_GLOBAL ? "global" :
			       scope == SONDE_VAR_LOCAL ? "clause-local" :
			       "thread-local", array ? "array" : "scalar");
	/* a struct variable loads as a buffer */
	*rtype = store ? SONDE_T_NONE :
		 SONDE_TYPE_KIND(vd->type) == SONDE_T_BYTES ? SONDE_T_BUF :
		 (int)vd->type;
	if (store) {
		u32 r = array ? in->rt : in->rs;
		int err;

		/* a struct dynamic variable also takes an integer: 0
		 * deletes it, any other is a bad buffer at run time */
		if (SONDE_TYPE_KIND(vd->type) == SONDE_T_BYTES &&
		    (array || scope == SONDE_VAR_TLS) &&
		    !(ty & TY_BUF(r)))
			err = sonde_need_kind(v, pc, ty, r, SONDE_K_I);
		else
			err = sonde_need_type(v, pc, ty, r, vd->type);
		if (err)
			return err;
	}
	if (array)
		return sonde_check_keys(v, pc, in->rs, vd->keys_off,
					vd->nkeys, ty);
	return 0;
}

static int sonde_check_call(struct sonde_vprog *v, u32 pc,
			    const struct sonde_insn *in, u64 ty, int *rtype)
{
	const char *args;
	u32 min, max, a;
	int err;

	*rtype = in->imm < 0 ? -1 : sonde_subr_sig(in->imm, &min, &max, &args);
	if (*rtype < 0)
		return vreject(v, pc, -EINVAL, "unknown subroutine %d",
			       in->imm);
	if (in->rt < min || in->rt > max)
		return vreject(v, pc, -EINVAL,
			       "%s() takes %u to %u arguments, not %u",
			       sonde_subr_name(in->imm), min, max, in->rt);
	if (v->pred && in->imm >= SONDE_SUBR_FIRST_ACTION &&
	    in->imm < SONDE_SUBR_FIRST_INTERNAL)
		return vreject(v, pc, -EACCES,
			       "predicates cannot call %s()",
			       sonde_subr_name(in->imm));
	if (in->imm >= SONDE_SUBR_FIRST_DESTRUCTIVE &&
	    in->imm < SONDE_SUBR_FIRST_INTERNAL &&
	    !v->img->opt[SONDE_OPT_destructive])
		return vreject(v, pc, -EACCES,
			       "%s() is a destructive action: the destructive option is off",
			       sonde_subr_name(in->imm));
	if (!in->rt && in->rs)
		return vreject(v, pc, -EINVAL,
			       "unused field rs must be zero (no arguments)");
	if (in->rs + in->rt > SONDE_NREGS)
		return vreject(v, pc, -EINVAL,
			       "argument registers r%u..r%u out of range",
			       in->rs, in->rs + in->rt - 1);
	for (a = 0; a < in->rt; a++) {
		err = sonde_need_kind(v, pc, ty, in->rs + a,
				      args[a] == 's' ? SONDE_K_S :
				      args[a] == 'b' ? SONDE_K_B : SONDE_K_I);
		if (err)
			return err;
	}
	return 0;
}

/* Checks of one instruction beyond its form; returns its result type. */
static int sonde_check_insn(struct sonde_vprog *v, u32 pc,
			    const struct sonde_insn *in, u64 ty, int *rtype)
{
	const struct sonde_image *img = v->img;
	u32 size;
	int err;

	if (img->vflags & SONDE_VERIFY_CONFIDENTIAL) {
		/* what would read kernel memory or hand over its address:
		 * the instruction's row (vm/cost.c) says */
		const char *why = sonde_insn_confidential(img, in);

		if (why)
			return vreject(v, pc, -EPERM,
				       "%s: refused under kernel lockdown (confidentiality)",
				       why);
	}
	switch (in->op) {
	case SONDE_OP_LDC:
		if (in->imm < 0 || (u32)in->imm >= img->nconsts)
			return vreject(v, pc, -EINVAL,
				       "constant %d out of range", in->imm);
		break;
	case SONDE_OP_LDS:
		if (in->imm == SONDE_LDS_NULL)
			break;
		if (in->imm < 0 || (u32)in->imm >= img->nstrtab)
			return vreject(v, pc, -EINVAL,
				       "string offset %d out of range",
				       in->imm);
		break;
	case SONDE_OP_LDB:
		*rtype = in->imm < 0 ? -1 : sonde_builtin_type(in->imm);
		if (*rtype < 0)
			return vreject(v, pc, -EINVAL,
				       "unknown built-in variable %d", in->imm);
		break;
	case SONDE_OP_JA:
	case SONDE_OP_JZ:
	case SONDE_OP_JNZ:
		if (in->imm < 0)
			return vreject(v, pc, -EINVAL, "backward branch");
		if ((u64)pc + 1 + (u32)in->imm >= v->len)
			return vreject(v, pc, -EINVAL,
				       "branch target %llu past the end",
				       (unsigned long long)pc + 1 + in->imm);
		break;
	case SONDE_OP_EMIT1:
	case SONDE_OP_EMIT2:
	case SONDE_OP_EMIT4:
	case SONDE_OP_EMIT8:
	case SONDE_OP_EMITS:
		if (v->pred)
			return vreject(v, pc, -EACCES,
				       "predicates cannot record data");
		size = in->op == SONDE_OP_EMITS ? img->strsize :
		       1u << (in->op - SONDE_OP_EMIT1);
		if (in->imm < 0 || (u64)(u32)in->imm + size > v->rec_size)
			return vreject(v, pc, -EINVAL,
				       "record offset %d size %u outside the %u-byte record",
				       in->imm, size, v->rec_size);
		break;
	case SONDE_OP_EMITM:
		if (v->pred)
			return vreject(v, pc, -EACCES,
				       "predicates cannot record data");
		size = SONDE_SOL_LEN(in->imm);
		if (!size)
			return vreject(v, pc, -EINVAL, "a buffer of 0 bytes");
		if ((u64)SONDE_SOL_OFF(in->imm) + size > v->rec_size)
			return vreject(v, pc, -EINVAL,
				       "record offset %u size %u outside the %u-byte record",
				       SONDE_SOL_OFF(in->imm), size,
				       v->rec_size);
		break;
	case SONDE_OP_EMITKSTACK:
	case SONDE_OP_EMITUSTACK:
		if (v->pred)
			return vreject(v, pc, -EACCES,
				       "predicates cannot record data");
		if (!in->rt)
			return vreject(v, pc, -EINVAL,
				       "a stack of 0 frames");
		if (in->imm % 8)
			return vreject(v, pc, -EINVAL,
				       "stack at record offset %d is not 8-byte aligned",
				       in->imm);
		size = in->rt * 8u;
		if (in->imm < 0 || (u64)(u32)in->imm + size > v->rec_size)
			return vreject(v, pc, -EINVAL,
				       "record offset %d size %u outside the %u-byte record",
				       in->imm, size, v->rec_size);
		break;
	case SONDE_OP_EMITJSTACK:
		if (v->pred)
			return vreject(v, pc, -EACCES,
				       "predicates cannot record data");
		if (!in->rt)
			return vreject(v, pc, -EINVAL,
				       "a stack of 0 frames");
		size = SONDE_SOL_LEN(in->imm);
		if (size < 8 || size > SONDE_JSTACK_MAXSTR || size % 8)
			return vreject(v, pc, -EINVAL,
				       "jstack names of %u bytes: 8 to %u, a multiple of 8",
				       size, SONDE_JSTACK_MAXSTR);
		if (SONDE_SOL_OFF(in->imm) % 8)
			return vreject(v, pc, -EINVAL,
				       "stack at record offset %u is not 8-byte aligned",
				       SONDE_SOL_OFF(in->imm));
		size = SONDE_JSTACK_SIZE(in->rt, size);
		if ((u64)SONDE_SOL_OFF(in->imm) + size > v->rec_size)
			return vreject(v, pc, -EINVAL,
				       "record offset %u size %u outside the %u-byte record",
				       SONDE_SOL_OFF(in->imm), size,
				       v->rec_size);
		break;
	case SONDE_OP_AGG:
		if (v->pred)
			return vreject(v, pc, -EACCES,
				       "predicates cannot aggregate");
		return sonde_check_agg(v, pc, in, ty);
	case SONDE_OP_EXIT:
		if (v->pred)
			return vreject(v, pc, -EACCES,
				       "predicates cannot exit");
		break;
	case SONDE_OP_LDG ... SONDE_OP_STTA:
		return sonde_check_var(v, pc, in, ty, rtype);
	case SONDE_OP_CALL:
		return sonde_check_call(v, pc, in, ty, rtype);
	}
	err = sonde_need_kind(v, pc, ty, in->rs, sonde_op_kind_rs(in->op));
	if (!err)
		err = sonde_need_kind(v, pc, ty, in->rt,
				      sonde_op_kind_rt(in->op));
	return err;
}

/* The type state after @in, given the state @ty before it. */
static u64 sonde_apply_type(const struct sonde_insn *in, u64 ty, int rtype)
{
	u32 rd = in->rd, rs = in->rs;

	switch (rtype) {
	case SONDE_T_SAME:
		/* each bit of rs moves to rd's place */
		return (ty & ~TY_ALL(rd)) |
		       ((ty & TY_STR(rs)) ? TY_STR(rd) : 0) |
		       ((ty & TY_INT(rs)) ? TY_INT(rd) : 0) |
		       ((ty & TY_BUF(rs)) ? TY_BUF(rd) : 0) |
		       ((ty & TY_NB(rs)) ? TY_NB(rd) : 0);
	case SONDE_T_INT:
		return (ty & ~TY_ALL(rd)) | TY_INT(rd) | TY_NB(rd);
	case SONDE_T_STR:
		return (ty & ~TY_ALL(rd)) | TY_STR(rd) | TY_NB(rd);
	case SONDE_T_BUF:
		return (ty & ~TY_ALL(rd)) | TY_BUF(rd);
	}
	return ty;
}

/* Record @ty as one more path into @target. */
static int sonde_pend_add(struct sonde_vprog *v, u32 pc, u32 target, u64 ty)
{
	u32 i;

	for (i = 0; i < v->npend; i++) {
		if (v->pend[i].pc == target) {
			v->pend[i].ty &= ty;
			return 0;
		}
	}
	if (v->npend == SONDE_VERIFY_MAXPEND)
		return vreject(v, pc, -E2BIG,
			       "more than %u branches pending at once",
			       SONDE_VERIFY_MAXPEND);
	v->pend[v->npend].pc = target;
	v->pend[v->npend++].ty = ty;
	return 0;
}

/* The join of every pending path into @pc, removing them. */
static u64 sonde_pend_take(struct sonde_vprog *v, u32 pc, u64 ty)
{
	u32 i = 0;

	while (i < v->npend) {
		if (v->pend[i].pc == pc) {
			ty &= v->pend[i].ty;
			v->pend[i] = v->pend[--v->npend];
		} else {
			i++;
		}
	}
	return ty;
}

int sonde_verify_prog(const struct sonde_image *img, u32 off, u32 len,
		      bool pred, u32 rec_size, const char *what,
		      struct sonde_vlog *log)
{
	struct sonde_vprog v = {
		/* an empty image has no instructions: NULL + 0 is undefined */
		.img = img, .insns = len ? img->insns + off : NULL, .len = len,
		.rec_size = pred ? 0 : rec_size, .pred = pred, .what = what,
		.log = log,
	};
	u64 cur = TY_ALLINT;	/* registers start zeroed: integers */
	u32 pc;
	bool reached = true;
	int err;

	if (!len)
		return vreject(&v, 0, -EINVAL, "empty program");
	if (v.insns[len - 1].op != SONDE_OP_RET)
		return vreject(&v, len - 1, -EINVAL,
			       "program does not end with ret");

	for (pc = 0; pc < len; pc++) {
		const struct sonde_insn *in = &v.insns[pc];
		int form = sonde_op_form(in->op);
		int rtype = sonde_op_rtype(in->op);
		u64 ty, out;

		/* Unreached code never runs: any type is fine there. */
		ty = sonde_pend_take(&v, pc, reached ? cur : TY_UNREACHED);
		if (form < 0)
			return vreject(&v, pc, -EINVAL,
				       "invalid opcode 0x%02x", in->op);
		err = sonde_check_form(&v, pc, in, form);
		if (!err)
			err = sonde_check_insn(&v, pc, in, ty, &rtype);
		if (err)
			return err;
		out = sonde_apply_type(in, ty, rtype);
		if (in->op == SONDE_OP_JA || in->op == SONDE_OP_JZ ||
		    in->op == SONDE_OP_JNZ) {
			err = sonde_pend_add(&v, pc, pc + 1 + in->imm, out);
			if (err)
				return err;
		}
		reached = in->op != SONDE_OP_JA && in->op != SONDE_OP_RET;
		cur = out;
	}
	return 0;
}
