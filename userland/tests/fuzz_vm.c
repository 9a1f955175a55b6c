// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_vm.c - a libFuzzer target over the image verifier and the
 * interpreter, built with ASan and UBSan (`make fuzz`, `make unit-fuzz`).
 *
 * The property: every image sonde_image_verify() accepts runs, clause by
 * clause, to completion without a sanitizer report and without touching
 * memory outside its own state.  Every input is used twice:
 *
 *  (a) as a raw program image, copied into a malloc'd buffer of exactly
 *      its size (so ASan sees any read past the end) and verified: the
 *      verifier must survive arbitrary bytes;
 *  (b) as the choices of a generator that builds a well-formed image
 *      (options, aggregations, variables, constants, a string table, one
 *      or two clauses of mostly valid instructions with a register type
 *      model, so that many programs pass), then sometimes pokes a few of
 *      its bytes.
 *
 * Every accepted image runs in the vm_env world with its record, scratch,
 * global and clause-local areas malloc'd at exactly the sizes the image
 * asks for, so an out-of-bounds emit, key build or string copy is an ASan
 * report.  Register indices and table indices are checked against an
 * independent model of what the interpreter reads (ASan cannot see r[16]:
 * it is inside struct sonde_vm_ctx), and a fault must carry a code and a
 * pc that make sense for the instruction there.  A violated invariant is
 * __builtin_trap(): a crash the fuzzer reports.  Verifier rejections are
 * expected and ignored.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vm_env.h"
#include "program.h"

#define FZ_MAX_INSNS	160
#define FZ_MAX_STRTAB	8192	/* 8 strings of at most 600 bytes */

/* An invariant the verifier promised and the run broke. */
#define FZ_ASSERT(c)	do { if (!(c)) __builtin_trap(); } while (0)

/* ---- the input as a stream of choices; exhausted = zeros ---- */

struct fz_in {
	const u8 *p;
	size_t n;
};

static u8 fz_u8(struct fz_in *in)
{
	u8 v;

	if (!in->n)
		return 0;
	v = *in->p++;
	in->n--;
	return v;
}

static u32 fz_u32(struct fz_in *in)
{
	u32 v = fz_u8(in);

	v |= (u32)fz_u8(in) << 8;
	v |= (u32)fz_u8(in) << 16;
	return v | (u32)fz_u8(in) << 24;
}

static u64 fz_u64(struct fz_in *in)
{
	u64 lo = fz_u32(in);

	return lo | (u64)fz_u32(in) << 32;
}

/* 0 .. n-1 */
static u32 fz_below(struct fz_in *in, u32 n)
{
	if (n <= 1)
		return 0;
	if (n <= 256)
		return fz_u8(in) % n;
	return fz_u32(in) % n;
}

/* true with probability about pct / 100 */
static bool fz_chance(struct fz_in *in, u32 pct)
{
	return fz_below(in, 100) < pct;
}

static const s64 fz_edges64[] = {
	0, 1, 2, -1, -2, 7, 8, 31, 32, 63, 64, 65, 127, 128, 255, 256,
	0x7fffffff, -0x80000000LL, 0xffffffffLL, 0x100000000LL,
	INT64_MAX, INT64_MIN, INT64_MIN + 1, INT64_MAX - 1,
	(s64)MEM_KBASE, (s64)MEM_KBASE + 1, (s64)MEM_KBASE + 255,
	(s64)MEM_KBASE + 256, (s64)MEM_UBASE, (s64)MEM_UBASE + 8,
	(s64)MEM_UBASE + 255, (s64)MEM_UBASE - 1, 10, 16, 36, 37,
};

static const s32 fz_edges32[] = {
	0, 1, 2, -1, -2, 7, 8, 31, 32, 63, 64, 65, 255, 256, 511, 512,
	0x7fffffff, -0x7fffffff - 1, (s32)MEM_KBASE, (s32)MEM_KBASE + 255,
	(s32)MEM_UBASE, (s32)MEM_UBASE + 250, 10, 16, 36, 37, '/', 'a',
};

static s64 fz_val64(struct fz_in *in)
{
	u8 k = fz_u8(in);

	if (k < 160)
		return fz_edges64[k % ARRAY_SIZE(fz_edges64)];
	if (k < 200)
		return (s64)(k - 216);	/* -56 .. -17 */
	return (s64)fz_u64(in);
}

static s32 fz_val32(struct fz_in *in)
{
	u8 k = fz_u8(in);

	if (k < 150)
		return fz_edges32[k % ARRAY_SIZE(fz_edges32)];
	if (k < 220)
		return (s32)(k % 70) - 10;
	return (s32)fz_u32(in);
}

/* ---- the generated program ---- */

static const char *const fz_words[] = {
	"", "a", "hello", "/usr/lib/libc.so.6", "///", "a/b/", "/", "abc/",
	"-9223372036854775808", "9223372036854775807", "0x7fffffffffffffff",
	"-0x8000000000000000", "  +42", "zz", "Hello World", "entry",
	"18446744073709551615", "..", "x/y/z", "lo", "%s %d",
};

struct fz_prog {
	struct sonde_program p;
	struct sonde_pclause clauses[2];
	struct sonde_insn insns[FZ_MAX_INSNS];
	uint64_t consts[8];
	char strtab[FZ_MAX_STRTAB];
	u32 stroff[32];		/* starts of strings in strtab */
	u32 nstr;
	struct sonde_pagg aggs[4];
	struct sonde_dtype akeys[4][SONDE_MAX_AGG_KEYS];
	struct sonde_pvar vars[6];
	struct sonde_dtype vkeys[6][SONDE_MAX_AGG_KEYS];
	u32 strsize;
};

static void fz_strtab(struct fz_in *in, struct fz_prog *g)
{
	u32 n = fz_below(in, 8), len = 0, i;

	for (i = 0; i < n; i++) {
		u32 k = fz_below(in, ARRAY_SIZE(fz_words) + 1);
		u32 l;

		g->stroff[g->nstr++] = len;
		if (k == ARRAY_SIZE(fz_words)) {
			/* a long run of one letter: strings near strsize */
			l = fz_below(in, 600);
			memset(g->strtab + len, 'A' + fz_below(in, 26), l);
		} else {
			l = (u32)strlen(fz_words[k]);
			memcpy(g->strtab + len, fz_words[k], l);
		}
		len += l;
		g->strtab[len++] = 0;
	}
	/* an unterminated table, now and then: must be rejected */
	if (len && fz_chance(in, 2))
		g->strtab[len - 1] = 'X';
	g->p.strtab_len = len;
}

/* A key component: mostly integers and strings, sometimes a stack of
 * 1..255 frames (0 frames, rarely: rejected). */
static void fz_keytype(struct fz_in *in, struct sonde_dtype *t)
{
	u32 k = fz_below(in, 10);

	t->kind = k < 5 ? SONDE_DT_INT : k < 8 ? SONDE_DT_STR :
		  k < 9 ? SONDE_DT_KSTACK : SONDE_DT_USTACK;
	t->size = 8;
	if (t->kind == SONDE_DT_KSTACK || t->kind == SONDE_DT_USTACK)
		t->size = 8 * (fz_chance(in, 2) ? fz_below(in, 256) :
			       1 + fz_below(in, fz_chance(in, 20) ? 255 : 8));
}

static void fz_aggs(struct fz_in *in, struct fz_prog *g)
{
	u32 n = fz_below(in, 4), i, k;

	for (i = 0; i < n; i++) {
		struct sonde_pagg *a = &g->aggs[i];
		s64 *p = a->desc.params;

		a->keys = g->akeys[i];
		a->desc.fn = fz_chance(in, 3) ? fz_u8(in) % 12 :
			     1 + fz_below(in, SONDE_AGG_MAXFN);
		a->desc.nkeys = fz_chance(in, 5) ? fz_below(in, 10) :
				fz_below(in, 4);
		if (a->desc.nkeys > SONDE_MAX_AGG_KEYS)
			a->desc.nkeys = SONDE_MAX_AGG_KEYS;
		for (k = 0; k < a->desc.nkeys; k++)
			fz_keytype(in, &a->keys[k]);
		a->desc.flags = fz_chance(in, 30) ? SONDE_AGGF_INCR : 0;
		if (a->desc.fn == SONDE_AGG_lquantize) {
			p[0] = fz_chance(in, 10) ? fz_val64(in) :
			       (s64)fz_below(in, 2001) - 1000;
			p[2] = fz_chance(in, 10) ? fz_val64(in) :
			       1 + fz_below(in, 100);
			p[1] = fz_chance(in, 10) ? fz_val64(in) :
			       (s64)((u64)p[0] + (u64)p[2] *
				     (1 + fz_below(in, 300)));
		} else if (a->desc.fn == SONDE_AGG_llquantize) {
			p[0] = fz_chance(in, 10) ? fz_val64(in) :
			       2 + fz_below(in, 15);
			p[1] = fz_below(in, 8);
			/* high up to the edge where factor^(high+1) overflows */
			p[2] = p[1] + fz_below(in, fz_chance(in, 30) ? 64 : 6);
			p[3] = fz_chance(in, 10) ? fz_val64(in) :
			       (s64)((u64)p[0] * (1 + fz_below(in, 4)));
		} else if (fz_chance(in, 3)) {
			p[fz_below(in, 4)] = fz_val64(in);
		}
	}
	g->p.naggs = n;
}

static void fz_vars(struct fz_in *in, struct fz_prog *g)
{
	u32 n = fz_below(in, 7), i, k;

	for (i = 0; i < n; i++) {
		struct sonde_pvar *v = &g->vars[i];

		v->keys = g->vkeys[i];
		v->desc.scope = fz_chance(in, 2) ? fz_u8(in) % 4 :
				fz_below(in, 3);
		v->desc.type = fz_chance(in, 2) ? fz_u8(in) % 4 :
			       fz_chance(in, 40) ? SONDE_T_STR : SONDE_T_INT;
		if (v->desc.scope != SONDE_VAR_LOCAL && fz_chance(in, 40))
			v->desc.nkeys = 1 + fz_below(in, 3);
		for (k = 0; k < v->desc.nkeys; k++)
			fz_keytype(in, &v->keys[k]);
	}
	g->p.nvars = n;
}

static const u8 fz_ops[] = {
#define OP_CODE_(name, code, form, type, s, t) code,
	SONDE_OPS(OP_CODE_)
#undef OP_CODE_
};

static const u8 fz_builtins[] = {
#define B_ID_(name, id, type) id,
	SONDE_BUILTINS(B_ID_)
#undef B_ID_
};

static const u8 fz_subrs[] = {
#define S_ID_(name, id, min, max, type, args) id,
	SONDE_SUBRS(S_ID_)
#undef S_ID_
};

/* Generator's view of the registers: which surely hold strings or
 * buffers. */
struct fz_types {
	u32 str;	/* bit r: r holds a string on the straight-line path */
	u32 buf;	/* bit r: r holds a buffer (copyin()) */
};

static u32 fz_reg(struct fz_in *in)
{
	/* mostly valid, sometimes r16 / r17 (must be rejected) */
	return fz_chance(in, 3) ? 16 + fz_below(in, 2) : fz_below(in, 16);
}

/* A register among @set, mostly; sometimes any register. */
static u32 fz_setreg(struct fz_in *in, u32 set)
{
	u32 i, n = 0, pick;

	if (!set || fz_chance(in, 8))
		return fz_reg(in);
	for (i = 0; i < 16; i++)
		n += !!(set & (1u << i));
	pick = fz_below(in, n);
	for (i = 0; i < 16; i++)
		if ((set & (1u << i)) && !pick--)
			return i;
	return 0;
}

static u32 fz_strreg(struct fz_in *in, const struct fz_types *t)
{
	return fz_setreg(in, t->str);
}

static u32 fz_bufreg(struct fz_in *in, const struct fz_types *t)
{
	return fz_setreg(in, t->buf);
}

/* A base register for @n consecutive operands of kinds @kinds ('s' a
 * string, 'b' a buffer, anything else an integer). */
static u32 fz_tuple(struct fz_in *in, const struct fz_types *t, u32 n,
		    const char *kinds)
{
	u32 tries, r, k;

	if (!n)
		return 0;
	for (tries = 0; tries < 6; tries++) {
		r = fz_below(in, 17 - n);
		for (k = 0; k < n; k++)
			if ((kinds[k] == 's' && !(t->str & (1u << (r + k)))) ||
			    (kinds[k] == 'b' && !(t->buf & (1u << (r + k)))))
				break;
		if (k == n)
			return r;
	}
	return fz_chance(in, 5) ? fz_reg(in) : r;
}

/* rd now holds a value of SONDE_T_* @ty (INT, STR or BUF). */
static void fz_set_kind(struct fz_types *t, u32 rd, int ty)
{
	if (rd >= 16)
		return;
	t->str &= ~(1u << rd);
	t->buf &= ~(1u << rd);
	if (ty == SONDE_T_STR)
		t->str |= 1u << rd;
	else if (ty == SONDE_T_BUF)
		t->buf |= 1u << rd;
}

static void fz_set_type(struct fz_types *t, u32 rd, bool str)
{
	fz_set_kind(t, rd, str ? SONDE_T_STR : SONDE_T_INT);
}

/* Forms with a destination register: its operands and its new type. */
static void fz_insn_dest(struct fz_in *in, struct fz_prog *g,
			 struct fz_types *t, struct sonde_insn *o, u32 op,
			 int form)
{
	switch (form) {
	case SONDE_FORM_DI:
		o->rd = fz_reg(in);
		o->imm = fz_val32(in);
		fz_set_type(t, o->rd, false);
		break;
	case SONDE_FORM_DC:
		o->rd = fz_reg(in);
		o->imm = fz_chance(in, 5) ? fz_val32(in) :
			 (s32)fz_below(in, g->p.nconsts + 1);
		fz_set_type(t, o->rd, false);
		break;
	case SONDE_FORM_DSTR:
		o->rd = fz_reg(in);
		if (g->nstr && !fz_chance(in, 20))
			o->imm = (s32)g->stroff[fz_below(in, g->nstr)];
		else
			o->imm = fz_chance(in, 50) ?
				 (s32)fz_below(in, g->p.strtab_len + 1) :
				 fz_val32(in);
		fz_set_type(t, o->rd, true);
		break;
	case SONDE_FORM_DB:
		o->rd = fz_reg(in);
		o->imm = fz_chance(in, 5) ? fz_val32(in) :
			 fz_builtins[fz_below(in, sizeof(fz_builtins))];
		fz_set_type(t, o->rd, sonde_builtin_type(o->imm) ==
			    SONDE_T_STR);
		break;
	case SONDE_FORM_DS:
		o->rd = fz_reg(in);
		o->rs = fz_chance(in, 50) ? fz_strreg(in, t) :
			fz_chance(in, 30) ? fz_bufreg(in, t) : fz_reg(in);
		if (op == SONDE_OP_MOV && o->rs < 16)
			fz_set_kind(t, o->rd, (t->str & (1u << o->rs)) ?
				    SONDE_T_STR : (t->buf & (1u << o->rs)) ?
				    SONDE_T_BUF : SONDE_T_INT);
		else
			fz_set_type(t, o->rd, false);
		break;
	case SONDE_FORM_DST:
		o->rd = fz_reg(in);
		if (op == SONDE_OP_SCMP) {
			o->rs = fz_strreg(in, t);
			o->rt = fz_strreg(in, t);
		} else if (op == SONDE_OP_BADD) {
			o->rs = fz_bufreg(in, t);
			o->rt = fz_reg(in);
		} else {
			o->rs = fz_reg(in);
			o->rt = fz_reg(in);
		}
		fz_set_kind(t, o->rd, op == SONDE_OP_BADD ? SONDE_T_BUF :
			    SONDE_T_INT);
		break;
	}
}

/* Record stores: offsets mostly inside the record, sometimes at its edges. */
static void fz_insn_emit(struct fz_in *in, struct fz_prog *g,
			 struct fz_types *t, struct sonde_insn *o, u32 op,
			 int form, u32 rec_size)
{
	u32 size;

	switch (form) {
	case SONDE_FORM_SO:
		size = op == SONDE_OP_EMITS ? g->strsize :
		       1u << ((op - SONDE_OP_EMIT1) & 3);
		o->rs = op == SONDE_OP_EMITS ? fz_strreg(in, t) : fz_reg(in);
		if (fz_chance(in, 8))	/* the edges of the record */
			o->imm = (s32)(rec_size - size + fz_below(in, 3));
		else if (fz_chance(in, 4))
			o->imm = fz_val32(in);
		else if (rec_size >= size)
			o->imm = (s32)fz_below(in, rec_size - size + 1);
		break;
	case SONDE_FORM_SOL: {
		u32 off = 0;

		o->rs = fz_bufreg(in, t);
		size = fz_chance(in, 5) ? fz_u32(in) & 0xffff :
		       1 + fz_below(in, 40);
		if (fz_chance(in, 8) && rec_size >= size)
			off = rec_size - size + fz_below(in, 2);
		else if (fz_chance(in, 4))
			off = fz_u32(in) & 0xffff;
		else if (rec_size >= size)
			off = fz_below(in, rec_size - size + 1);
		o->imm = SONDE_SOL_IMM(off, size);
		break;
	}
	case SONDE_FORM_STK:
		o->rt = fz_chance(in, 5) ? fz_u8(in) : 1 + fz_below(in, 8);
		size = 8u * o->rt;
		if (fz_chance(in, 8))	/* the edges of the record */
			o->imm = (s32)(rec_size - size + 8 * fz_below(in, 2));
		else if (fz_chance(in, 4))
			o->imm = fz_val32(in);
		else if (rec_size >= size)
			o->imm = 8 * (s32)fz_below(in, (rec_size - size) / 8 + 1);
		break;
	}
}

/* agg: a defined aggregation's key tuple and value registers, mostly. */
static void fz_insn_agg(struct fz_in *in, struct fz_prog *g,
			struct fz_types *t, struct sonde_insn *o)
{
	char kinds[SONDE_MAX_AGG_KEYS + 4];
	const struct sonde_pagg *a;
	u32 k, nval;

	o->imm = fz_chance(in, 4) ? fz_val32(in) :
		 (s32)fz_below(in, g->p.naggs + (g->p.naggs ? 0 : 1));
	if (o->imm < 0 || (u32)o->imm >= g->p.naggs) {
		o->rs = fz_reg(in);
		o->rt = fz_reg(in);
		return;
	}
	a = &g->aggs[o->imm];
	for (k = 0; k < a->desc.nkeys; k++)
		kinds[k] = a->keys[k].kind == SONDE_DT_STR ? 's' : 'i';
	o->rs = fz_tuple(in, t, a->desc.nkeys, kinds);
	nval = (a->desc.fn != SONDE_AGG_count) +
	       !!(a->desc.flags & SONDE_AGGF_INCR);
	o->rt = nval ? (fz_chance(in, 10) ? fz_reg(in) :
			fz_below(in, 17 - nval)) : 0;
	if (fz_chance(in, 3))	/* any value register at all */
		o->rt = fz_reg(in);
}

/* Variable loads and stores: a defined variable's keys and type, mostly. */
static void fz_insn_var(struct fz_in *in, struct fz_prog *g,
			struct fz_types *t, struct sonde_insn *o, int form)
{
	char kinds[SONDE_MAX_AGG_KEYS + 4];
	const struct sonde_pvar *v;
	bool str;
	u32 k;

	o->imm = fz_chance(in, 4) ? fz_val32(in) :
		 (s32)fz_below(in, g->p.nvars + (g->p.nvars ? 0 : 1));
	v = o->imm >= 0 && (u32)o->imm < g->p.nvars ? &g->vars[o->imm] : NULL;
	str = v && v->desc.type == SONDE_T_STR;
	if (form == SONDE_FORM_DV || form == SONDE_FORM_DVK)
		o->rd = fz_reg(in);
	if (form == SONDE_FORM_SV)
		o->rs = str ? fz_strreg(in, t) : fz_reg(in);
	if (form == SONDE_FORM_DVK || form == SONDE_FORM_SVK) {
		u32 nk = v ? v->desc.nkeys : 1;

		for (k = 0; k < nk && v; k++)
			kinds[k] = v->keys[k].kind == SONDE_DT_STR ? 's' : 'i';
		o->rs = v ? fz_tuple(in, t, nk, kinds) : fz_reg(in);
	}
	if (form == SONDE_FORM_SVK)
		o->rt = str ? fz_strreg(in, t) : fz_reg(in);
	if (form == SONDE_FORM_DV || form == SONDE_FORM_DVK)
		fz_set_type(t, o->rd, str);
}

/* call: a subroutine's arguments, mostly of the kinds it takes. */
static void fz_insn_call(struct fz_in *in, struct fz_types *t,
			 struct sonde_insn *o, bool pred)
{
	const char *args;
	u32 min, max;

	o->imm = fz_chance(in, 4) ? fz_val32(in) :
		 fz_subrs[fz_below(in, sizeof(fz_subrs))];
	/* predicates: rarely an action subroutine (rejected) */
	if (pred && o->imm >= SONDE_SUBR_FIRST_ACTION &&
	    o->imm < SONDE_SUBR_FIRST_INTERNAL && !fz_chance(in, 10))
		o->imm = SONDE_SUBR_strlen;
	o->rd = fz_reg(in);
	if (o->imm < 0 || sonde_subr_sig(o->imm, &min, &max, &args) < 0) {
		o->rs = fz_reg(in);
		o->rt = fz_below(in, 4);
		return;
	}
	o->rt = fz_chance(in, 5) ? fz_below(in, 5) :
		min + fz_below(in, max - min + 1);
	o->rs = fz_tuple(in, t, o->rt <= max ? o->rt : 0, args);
	fz_set_kind(t, o->rd, sonde_subr_sig(o->imm, &min, &max, &args));
}

/* One instruction at @pc of a program of @len; @rec_size 0 for a
 * predicate. */
static void fz_insn(struct fz_in *in, struct fz_prog *g, struct fz_types *t,
		    struct sonde_insn *o, u32 pc, u32 len, u32 rec_size,
		    bool pred)
{
	u32 op;
	int form;

	memset(o, 0, sizeof(*o));
	op = fz_chance(in, 3) ? fz_u8(in) : fz_ops[fz_below(in,
							    sizeof(fz_ops))];
	/* predicates: fewer of what they may not do */
	if (pred && (op == SONDE_OP_AGG || op == SONDE_OP_EXIT ||
		     (op >= SONDE_OP_EMIT1 && op <= SONDE_OP_EMITS) ||
		     op == SONDE_OP_EMITKSTACK || op == SONDE_OP_EMITUSTACK) &&
	    !fz_chance(in, 10))
		op = SONDE_OP_ADD;
	o->op = (u8)op;
	form = sonde_op_form(op);
	switch (form) {
	case SONDE_FORM_NONE:
		break;
	case SONDE_FORM_S:
		o->rs = fz_reg(in);
		break;
	case SONDE_FORM_DI:
	case SONDE_FORM_DC:
	case SONDE_FORM_DSTR:
	case SONDE_FORM_DB:
	case SONDE_FORM_DS:
	case SONDE_FORM_DST:
		fz_insn_dest(in, g, t, o, op, form);
		break;
	case SONDE_FORM_J:
	case SONDE_FORM_SJ:
		if (form == SONDE_FORM_SJ)
			o->rs = fz_reg(in);
		if (fz_chance(in, 5))
			o->imm = fz_val32(in);
		else if (len > pc + 2)
			o->imm = (s32)fz_below(in, len - pc - 1);
		break;
	case SONDE_FORM_DSI:
		o->rd = fz_reg(in);
		o->rs = op >= SONDE_OP_LDM1 && op <= SONDE_OP_LDM8 ?
			fz_bufreg(in, t) : fz_reg(in);
		o->imm = fz_chance(in, 70) ? (s32)fz_below(in, 264) - 4 :
			 fz_val32(in);
		fz_set_type(t, o->rd, false);
		break;
	case SONDE_FORM_SO:
	case SONDE_FORM_SOL:
	case SONDE_FORM_STK:
		fz_insn_emit(in, g, t, o, op, form, rec_size);
		break;
	case SONDE_FORM_AGG:
		fz_insn_agg(in, g, t, o);
		break;
	case SONDE_FORM_DV:
	case SONDE_FORM_SV:
	case SONDE_FORM_DVK:
	case SONDE_FORM_SVK:
		fz_insn_var(in, g, t, o, form);
		break;
	case SONDE_FORM_CALL:
		fz_insn_call(in, t, o, pred);
		break;
	default:
		/* not an opcode: random fields */
		o->rd = fz_u8(in);
		o->rs = fz_u8(in);
		o->rt = fz_u8(in);
		o->imm = (s32)fz_u32(in);
		break;
	}
	/* a stray bit in a field the form does not use, rarely */
	if (fz_chance(in, 1))
		((u8 *)o)[fz_below(in, sizeof(*o))] ^= 1u << fz_below(in, 8);
}

static void fz_code(struct fz_in *in, struct fz_prog *g, u32 len,
		    u32 rec_size, bool pred)
{
	struct fz_types t = { 0 };
	u32 pc, base = g->p.ninsns;
	/* a prelude filling registers with strings and edge values, so the
	 * random part's subroutine calls and arithmetic get interesting
	 * operands */
	u32 prelude = fz_chance(in, 50) ? fz_below(in, 9) : 0;

	for (pc = 0; pc < len; pc++) {
		struct sonde_insn *o = &g->insns[base + pc];

		if (pc == len - 1 && !fz_chance(in, 2)) {
			memset(o, 0, sizeof(*o));
			o->op = SONDE_OP_RET;
			o->rs = fz_below(in, 16);
			continue;
		}
		if (pc < prelude) {
			u32 k = fz_below(in, 3);

			memset(o, 0, sizeof(*o));
			o->rd = fz_below(in, 16);
			if (k == 0 && g->nstr) {
				o->op = SONDE_OP_LDS;
				o->imm = (s32)g->stroff[fz_below(in, g->nstr)];
				fz_set_type(&t, o->rd, true);
			} else if (k == 1 && g->p.nconsts) {
				o->op = SONDE_OP_LDC;
				o->imm = (s32)fz_below(in, g->p.nconsts);
				fz_set_type(&t, o->rd, false);
			} else {
				o->op = SONDE_OP_MOVI;
				o->imm = fz_val32(in);
				fz_set_type(&t, o->rd, false);
			}
			continue;
		}
		fz_insn(in, g, &t, o, pc, len, rec_size, pred);
		/* after a branch the straight-line model is a guess */
		if (o->op == SONDE_OP_JA || o->op == SONDE_OP_JZ ||
		    o->op == SONDE_OP_JNZ) {
			t.str &= fz_u8(in) | fz_u8(in) << 8;
			t.buf &= fz_u8(in) | fz_u8(in) << 8;
		}
	}
	g->p.ninsns += len;
}

static int fz_generate(struct fz_in *in, struct fz_prog *g)
{
	static const u32 strsizes[] = { 8, 9, 16, 20, 21, 24, 32, 63, 64,
					100, 255, 256, 511, 512 };
	u32 i, nclauses;

	memset(g, 0, sizeof(*g));
	g->p.insns = g->insns;
	g->p.consts = g->consts;
	g->p.strtab = g->strtab;
	g->p.aggs = g->aggs;
	g->p.vars = g->vars;
	g->p.clauses = g->clauses;

	g->strsize = fz_chance(in, 70) ?
		     strsizes[fz_below(in, ARRAY_SIZE(strsizes))] :
		     8 + fz_below(in, 505);
	if (fz_chance(in, 1))
		g->strsize = fz_u32(in);	/* out of range: rejected */
	g->p.kopts[SONDE_OPT_strsize].set = true;
	g->p.kopts[SONDE_OPT_strsize].value = g->strsize;
	if (fz_chance(in, 3)) {
		i = fz_below(in, SONDE_NKOPTS + 1);
		if (i < SONDE_NKOPTS && i != SONDE_OPT_strsize) {
			g->p.kopts[i].set = true;
			g->p.kopts[i].value = (u64)fz_val64(in);
		}
	}
	g->p.nconsts = fz_below(in, 7);
	for (i = 0; i < g->p.nconsts; i++)
		g->consts[i] = (u64)fz_val64(in);
	fz_strtab(in, g);
	fz_aggs(in, g);
	fz_vars(in, g);

	nclauses = 1 + fz_chance(in, 25);
	for (i = 0; i < nclauses; i++) {
		struct sonde_pclause *c = &g->clauses[i];
		u32 plen = fz_chance(in, 30) ? 1 + fz_below(in, 16) : 0;
		u32 alen = 1 + fz_below(in, 48);

		c->rec_size = 8 * fz_below(in, 65);
		if (fz_chance(in, 2))
			c->rec_size += 1 + fz_below(in, 7);	/* rejected */
		c->flags = fz_chance(in, 10) ? SONDE_CLAUSEF_RECORD : 0;
		if (plen) {
			c->pred_off = g->p.ninsns;
			c->pred_len = plen;
			fz_code(in, g, plen, 0, true);
		}
		c->act_off = g->p.ninsns;
		c->act_len = alen;
		fz_code(in, g, alen, c->rec_size, false);
	}
	g->p.nclauses = nclauses;
	return 0;
}

/* ---- running an accepted image ---- */

/* Check @r (a register the interpreter will touch) is a register. */
#define FZ_REG(r)	FZ_ASSERT((u32)(r) < SONDE_NREGS)

/*
 * An independent model of which registers and table entries the
 * interpreter touches for each instruction of a verified program: the
 * interpreter trusts the verifier for all of them and nothing else (not
 * even ASan, for r[16]) would notice.
 */
static void fz_check_prog(const struct sonde_image *img, u32 off, u32 len,
			  u32 rec_size, bool pred)
{
	u32 pc, k, min, max;
	const char *args;

	FZ_ASSERT(len >= 1 && (u64)off + len <= img->ninsns);
	FZ_ASSERT(img->insns[off + len - 1].op == SONDE_OP_RET);
	for (pc = 0; pc < len; pc++) {
		const struct sonde_insn *in = &img->insns[off + pc];
		u32 sz;

		FZ_ASSERT(sonde_op_form(in->op) >= 0);
		switch (in->op) {
		case SONDE_OP_NOP:
		case SONDE_OP_JA:
			break;
		case SONDE_OP_RET:
		case SONDE_OP_EXIT:
		case SONDE_OP_JZ:
		case SONDE_OP_JNZ:
			FZ_REG(in->rs);
			break;
		case SONDE_OP_MOVI:
		case SONDE_OP_LDB:
			FZ_REG(in->rd);
			break;
		case SONDE_OP_LDC:
			FZ_REG(in->rd);
			FZ_ASSERT(in->imm >= 0 && (u32)in->imm < img->nconsts);
			break;
		case SONDE_OP_LDS:
			FZ_REG(in->rd);
			FZ_ASSERT(in->imm >= 0 &&
				  (u32)in->imm < img->strtab_len);
			FZ_ASSERT(!img->strtab[img->strtab_len - 1]);
			break;
		case SONDE_OP_MOV:
		case SONDE_OP_LDUREG:
		case SONDE_OP_NEG:
		case SONDE_OP_NOT:
		case SONDE_OP_LNOT:
		case SONDE_OP_LDK1 ... SONDE_OP_LDU8:
		case SONDE_OP_LDM1 ... SONDE_OP_LDM8:
			FZ_REG(in->rd);
			FZ_REG(in->rs);
			break;
		case SONDE_OP_ADD ... SONDE_OP_SAR:
		case SONDE_OP_SETEQ ... SONDE_OP_SCMP:
		case SONDE_OP_BADD:
			FZ_REG(in->rd);
			FZ_REG(in->rs);
			FZ_REG(in->rt);
			break;
		case SONDE_OP_EMITM:
			FZ_ASSERT(!pred);
			FZ_REG(in->rs);
			FZ_ASSERT(SONDE_SOL_LEN(in->imm) &&
				  (u64)SONDE_SOL_OFF(in->imm) +
				  SONDE_SOL_LEN(in->imm) <= rec_size);
			break;
		case SONDE_OP_EMIT1 ... SONDE_OP_EMITS:
			FZ_ASSERT(!pred);
			FZ_REG(in->rs);
			sz = in->op == SONDE_OP_EMITS ? img->strsize :
			     1u << (in->op - SONDE_OP_EMIT1);
			FZ_ASSERT(in->imm >= 0 &&
				  (u64)in->imm + sz <= rec_size);
			break;
		case SONDE_OP_EMITKSTACK:
		case SONDE_OP_EMITUSTACK:
			FZ_ASSERT(!pred);
			/* stored as u64s straight into the record */
			FZ_ASSERT(in->imm >= 0 && in->imm % 8 == 0 && in->rt &&
				  (u64)in->imm + 8u * in->rt <= rec_size);
			break;
		case SONDE_OP_AGG: {
			const struct sonde_agg_desc *ad;

			FZ_ASSERT(!pred);
			FZ_ASSERT(in->imm >= 0 && (u32)in->imm < img->naggs);
			ad = &img->aggs[in->imm];
			/* the interpreter reads r[rt], and r[rt + 1] for an
			 * increment, whatever the function */
			FZ_REG(in->rt);
			if (ad->flags & SONDE_AGGF_INCR)
				FZ_REG(in->rt + 1);
			for (k = 0; k < ad->nkeys; k++)
				FZ_REG(in->rs + k);
			FZ_ASSERT(sonde_agg_key_size(img, in->imm) <=
				  img->max_key_size);
			break;
		}
		case SONDE_OP_LDG ... SONDE_OP_STTA: {
			const struct sonde_var_desc *vd;

			FZ_ASSERT(in->imm >= 0 && (u32)in->imm < img->nvars);
			vd = &img->vars[in->imm];
			switch (in->op) {
			case SONDE_OP_LDG:
			case SONDE_OP_LDL:
			case SONDE_OP_LDT:
				FZ_ASSERT(!vd->nkeys);
				FZ_REG(in->rd);
				break;
			case SONDE_OP_STG:
			case SONDE_OP_STL:
			case SONDE_OP_STT:
				FZ_ASSERT(!vd->nkeys);
				FZ_REG(in->rs);
				break;
			case SONDE_OP_LDGA:
			case SONDE_OP_LDTA:
				FZ_REG(in->rd);
				fallthrough;
			default:
				FZ_ASSERT(vd->nkeys);
				for (k = 0; k < vd->nkeys; k++)
					FZ_REG(in->rs + k);
				if (in->op == SONDE_OP_STGA ||
				    in->op == SONDE_OP_STTA)
					FZ_REG(in->rt);
			}
			FZ_ASSERT(sonde_key_size(img, vd->keys_off,
						 vd->nkeys) <=
				  img->max_key_size);
			break;
		}
		case SONDE_OP_CALL:
			FZ_REG(in->rd);
			FZ_REG(in->rs);		/* a[0] is always read */
			FZ_ASSERT(in->imm >= 0 &&
				  sonde_subr_sig(in->imm, &min, &max,
						 &args) >= 0);
			FZ_ASSERT(in->rt >= min && in->rt <= max);
			FZ_ASSERT(!pred || in->imm < SONDE_SUBR_FIRST_ACTION ||
				  in->imm >= SONDE_SUBR_FIRST_INTERNAL);
			for (k = 0; k < in->rt; k++)
				FZ_REG(in->rs + k);
			break;
		default:
			FZ_ASSERT(0);
		}
	}
}

/* A fault the instruction at its pc can raise. */
static void fz_check_fault(const struct sonde_image *img, u32 off, u32 len,
			   const struct sonde_vm_ctx *ctx)
{
	const struct sonde_insn *in;

	FZ_ASSERT(ctx->fault_pc < len);
	in = &img->insns[off + ctx->fault_pc];
	switch (ctx->fault) {
	case SONDE_FLT_DIVZERO:
		FZ_ASSERT(in->op >= SONDE_OP_SDIV && in->op <= SONDE_OP_UREM);
		break;
	case SONDE_FLT_BADADDR:
		/* loads, and the readers of a string, which may be
		 * DTrace's NULL string (strstr() finding nothing) */
		FZ_ASSERT((in->op >= SONDE_OP_LDK1 &&
			   in->op <= SONDE_OP_LDU8) ||
			  (in->op >= SONDE_OP_LDM1 &&
			   in->op <= SONDE_OP_LDM8) ||
			  in->op == SONDE_OP_EMITM ||
			  in->op == SONDE_OP_LDUREG ||
			  in->op == SONDE_OP_CALL || in->op == SONDE_OP_LDB ||
			  in->op == SONDE_OP_SCMP || in->op == SONDE_OP_EMITS ||
			  in->op == SONDE_OP_AGG ||
			  (in->op >= SONDE_OP_LDG && in->op <= SONDE_OP_STTA));
		break;
	case SONDE_FLT_NOSCRATCH:
		FZ_ASSERT(in->op == SONDE_OP_CALL ||
			  (in->op >= SONDE_OP_LDT && in->op <= SONDE_OP_STTA));
		break;
	case SONDE_FLT_ILLOP:
		/* only a subroutine's bad argument or a user register
		 * number, never a bad opcode */
		FZ_ASSERT(in->op == SONDE_OP_CALL ||
			  in->op == SONDE_OP_LDUREG);
		break;
	default:
		FZ_ASSERT(0);
	}
}

/* Aggregation values the test world's table can hold. */
static bool fz_env_fits(const struct sonde_image *img)
{
	u32 i;

	for (i = 0; i < img->naggs; i++)
		if (sonde_agg_val_size(&img->aggs[i]) >
		    sizeof(((struct agg_ent *)0)->val))
			return false;
	return true;
}

static struct tenv fz_env;

static void fz_run_one(struct sonde_vm_ctx *ctx, u32 off, u32 len,
		       u32 rec_size, bool pred)
{
	const struct sonde_image *img = ctx->img;
	u64 ret = 0;
	int err;

	fz_check_prog(img, off, len, rec_size, pred);
	ctx->scratch_used = img->max_key_size;
	ctx->fault = 0;
	err = sonde_vm_run(ctx, off, len, &ret);
	FZ_ASSERT(err == 0 || err == -EFAULT);
	FZ_ASSERT(ctx->scratch_used <= ctx->scratch_size);
	if (err)
		fz_check_fault(img, off, len, ctx);
}

static void fz_run_image(const struct sonde_image *img, struct fz_in *in)
{
	u32 scratch_size = sonde_vm_scratch_size(img), i, pass;
	struct sonde_vm_ctx ctx;
	u32 *var_off;
	u8 *globals, *locals;
	char *scratch;
	u64 *stackbuf;

	if (!fz_env_fits(img))
		return;
	fz_env.nents = 0;
	fz_env.ndvars = 0;
	fz_env.exited = false;
	fz_env.exit_status = 0;
	fz_env.dyndrops = 0;
	fz_env.seed = 1;
	fz_env.img = img;
	fz_env.memlen = fz_below(in, sizeof(fz_env.mem) + 1);
	for (i = 0; i < sizeof(fz_env.mem); i++)
		fz_env.mem[i] = fz_chance(in, 50) ? fz_u8(in) :
				(u8)(i & 1 ? 0 : 'a' + i % 26);
	for (i = 0; i < ARRAY_SIZE(fz_env.args); i++)
		fz_env.args[i] = (u64)fz_val64(in);

	/* exact sizes: one byte past any of these is an ASan report */
	scratch = malloc(scratch_size);
	globals = calloc(1, img->global_size);
	locals = malloc(img->local_size);
	var_off = malloc(img->nvars * sizeof(*var_off));
	stackbuf = malloc(255 * sizeof(*stackbuf));	/* vm.h: 255 frames */
	if (!scratch || !globals || !locals || !var_off || !stackbuf)
		goto out;
	sonde_vars_layout(img, var_off);

	/* each clause twice, so dynamic variables and aggregations exist */
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < img->nclauses; i++) {
			const struct sonde_clause *c = &img->clauses[i];
			u8 *rec = NULL;

			memset(&ctx, 0, sizeof(ctx));
			ctx.img = img;
			ctx.env = &fz_env;
			ctx.scratch = scratch;
			ctx.scratch_size = scratch_size;
			ctx.epid = i + 1;
			ctx.clause = i;
			ctx.globals = globals;
			ctx.locals = locals;
			ctx.var_off = var_off;
			ctx.stackbuf = stackbuf;
			memset(locals, 0, img->local_size);
			memset(scratch, 0xa5, scratch_size);
			if (c->pred_len)
				fz_run_one(&ctx, c->pred_off, c->pred_len, 0,
					   true);
			/* the actions run whatever the predicate said: they
			 * are verified on their own */
			if (c->rec_size) {
				rec = malloc(c->rec_size);
				if (!rec)
					goto out;
				ctx.rec = rec;
				ctx.rec_size = c->rec_size;
			}
			fz_run_one(&ctx, c->act_off, c->act_len, c->rec_size,
				   false);
			free(rec);
		}
	}
out:
	free(stackbuf);
	free(var_off);
	free(locals);
	free(globals);
	free(scratch);
}

/* Verify @size bytes at @image (any bytes), and run what passes. */
static void fz_verify_run(const void *image, size_t size, struct fz_in *in)
{
	static const u32 logsizes[] = { 0, 1, 17, 4096 };
	struct sonde_image img;
	struct sonde_vlog log = { 0 };
	u32 logsize = logsizes[fz_below(in, ARRAY_SIZE(logsizes))];
	char *logbuf = logsize ? malloc(logsize) : NULL;
	void *copy;
	int err;

	/* exactly @size bytes: 8-aligned as every malloc; a read past the
	 * end of the image is an ASan report */
	copy = malloc(size ? size : 1);
	if (!copy) {
		free(logbuf);
		return;
	}
	if (size)
		memcpy(copy, image, size);
	log.buf = logbuf;
	log.size = logbuf ? logsize : 0;
	err = sonde_image_verify(copy, (u32)size, &img, &log);
	FZ_ASSERT(err == 0 || err == -EINVAL || err == -E2BIG ||
		  err == -EACCES);
	/* a rejection always says why */
	FZ_ASSERT(!err || log.needed > 1);
	if (logbuf && log.needed)
		FZ_ASSERT(strnlen(logbuf, logsize) < logsize);
	if (!err)
		fz_run_image(&img, in);
	free(copy);
	free(logbuf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fz_prog g;
	struct fz_in raw = { data, size }, gen = { data, size };
	struct fz_in tail;
	void *image = NULL;
	size_t isize;
	u32 i, npoke;

	if (size > SONDE_MAX_PROG_SIZE)
		return 0;

	/* (a) the bytes as an image; the run's choices from the start */
	fz_verify_run(data, size, &raw);

	/* (b) the bytes as a generator's choices */
	fz_generate(&gen, &g);
	if (sonde_program_image(&g.p, &image, &isize))
		return 0;
	npoke = fz_chance(&gen, 8) ? 1 + fz_below(&gen, 4) : 0;
	for (i = 0; i < npoke && isize; i++) {
		u32 at = fz_below(&gen, isize);

		((u8 *)image)[at] = fz_chance(&gen, 50) ? fz_u8(&gen) :
				    ((u8 *)image)[at] ^ (1u << fz_below(&gen, 8));
	}
	tail = gen;
	fz_verify_run(image, isize, &tail);
	free(image);
	return 0;
}
