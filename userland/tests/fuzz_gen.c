// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_gen.c - the fuzzers' program generator (see fuzz_gen.h).  Userland
 * test code only.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_gen.h"

/* ---- the input as a stream of choices; exhausted = zeros ---- */


u8 fz_u8(struct fz_in *in)
{
	u8 v;

	if (!in->n)
		return 0;
	v = *in->p++;
	in->n--;
	return v;
}

u32 fz_u32(struct fz_in *in)
{
	u32 v = fz_u8(in);

	v |= (u32)fz_u8(in) << 8;
	v |= (u32)fz_u8(in) << 16;
	return v | (u32)fz_u8(in) << 24;
}

u64 fz_u64(struct fz_in *in)
{
	u64 lo = fz_u32(in);

	return lo | (u64)fz_u32(in) << 32;
}

/* 0 .. n-1 */
u32 fz_below(struct fz_in *in, u32 n)
{
	if (n <= 1)
		return 0;
	if (n <= 256)
		return fz_u8(in) % n;
	return fz_u32(in) % n;
}

/* true with probability about pct / 100 */
bool fz_chance(struct fz_in *in, u32 pct)
{
	return fz_below(in, 100) < pct;
}

static const s64 fz_edges64[] = {
	0, 1, 2, -1, -2, 7, 8, 31, 32, 63, 64, 65, 127, 128, 255, 256,
	0x7fffffff, -0x80000000LL, 0xffffffffLL, 0x100000000LL,
	INT64_MAX, INT64_MIN, INT64_MIN + 1, INT64_MAX - 1,
	(s64)FZ_KBASE, (s64)FZ_KBASE + 1, (s64)FZ_KBASE + 255,
	(s64)FZ_KBASE + 256, (s64)FZ_UBASE, (s64)FZ_UBASE + 8,
	(s64)FZ_UBASE + 255, (s64)FZ_UBASE - 1, 10, 16, 36, 37,
};

static const s32 fz_edges32[] = {
	0, 1, 2, -1, -2, 7, 8, 31, 32, 63, 64, 65, 255, 256, 511, 512,
	0x7fffffff, -0x7fffffff - 1, (s32)FZ_KBASE, (s32)FZ_KBASE + 255,
	(s32)FZ_UBASE, (s32)FZ_UBASE + 250, 10, 16, 36, 37, '/', 'a',
};

s64 fz_val64(struct fz_in *in)
{
	u8 k = fz_u8(in);

	if (k < 160)
		return fz_edges64[k % ARRAY_SIZE(fz_edges64)];
	if (k < 200)
		return (s64)(k - 216);	/* -56 .. -17 */
	return (s64)fz_u64(in);
}

s32 fz_val32(struct fz_in *in)
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
 * 1..255 frames (0 frames, rarely: rejected), a jstack, or a struct of
 * 1..64 bytes (rarely 0 or past SONDE_MAX_BYREF: rejected). */
static void fz_keytype(struct fz_in *in, struct sonde_dtype *t)
{
	u32 k = fz_below(in, 12), frames;

	t->kind = k < 5 ? SONDE_DT_INT : k < 8 ? SONDE_DT_STR :
		  k < 9 ? SONDE_DT_KSTACK : k < 10 ? SONDE_DT_USTACK :
		  k < 11 ? SONDE_DT_JSTACK : SONDE_DT_BYTES;
	t->size = 8;
	if (t->kind == SONDE_DT_BYTES)
		t->size = fz_chance(in, 20) ? fz_u32(in) & 0x3fff :
			  1 + fz_below(in, 64);
	if (t->kind == SONDE_DT_KSTACK || t->kind == SONDE_DT_USTACK)
		t->size = 8 * (fz_chance(in, 2) ? fz_below(in, 256) :
			       1 + fz_below(in, fz_chance(in, 20) ? 255 : 8));
	if (t->kind == SONDE_DT_JSTACK) {
		/* jstack(): frames and bytes of names, rarely out of
		 * range (rejected) */
		frames = fz_chance(in, 2) ? fz_below(in, 256) :
			 1 + fz_below(in, 8);
		t->kind = SONDE_DT_JKIND(frames);
		t->size = SONDE_JSTACK_SIZE(frames, fz_chance(in, 3) ?
					    fz_u32(in) & 0x3fff :
					    8 * (1 + fz_below(in, 32)));
	}
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
			/* high up to the edge where factor^(high+2) overflows;
			 * sometimes not above low (refused) */
			p[2] = p[1] + !fz_chance(in, 5) +
			       fz_below(in, fz_chance(in, 30) ? 64 : 6);
			/* mostly a power of the factor (valid), sometimes a
			 * multiple of it (valid or not), rarely anything */
			p[3] = fz_chance(in, 10) ? fz_val64(in) :
			       fz_chance(in, 30) ?
			       (s64)((u64)p[0] * (1 + fz_below(in, 4))) :
			       (s64)((u64)p[0] * (fz_chance(in, 50) ? 1 :
						  (u64)p[0]));
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
#define B_ID_(name, id, type, dtype) id,
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
	u32 hnd;	/* bit r: r holds a buffer's handle (btoh) */
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
	t->hnd &= ~(1u << rd);
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
		o->rs = op == SONDE_OP_BTOH ? fz_bufreg(in, t) :
			op == SONDE_OP_HTOB ? fz_setreg(in, t->hnd) :
			fz_chance(in, 50) ? fz_strreg(in, t) :
			fz_chance(in, 30) ? fz_bufreg(in, t) : fz_reg(in);
		if (op == SONDE_OP_HTOB) {
			fz_set_kind(t, o->rd, SONDE_T_BUF);
		} else if (op == SONDE_OP_BTOH) {
			fz_set_type(t, o->rd, false);
			if (o->rd < 16)
				t->hnd |= 1u << o->rd;
		} else if (op == SONDE_OP_MOV && o->rs < 16)
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
	case SONDE_FORM_JSTK: {
		/* jstack(frames, strsize): mostly small and valid, at times
		 * the limits' edges or anything */
		u32 off = 0, js;

		o->rt = fz_chance(in, 5) ? fz_u8(in) : 1 + fz_below(in, 8);
		js = fz_chance(in, 5) ? fz_u32(in) & 0xffff :
		     8 * (1 + fz_below(in, fz_chance(in, 10) ? 512 : 16));
		size = SONDE_JSTACK_SIZE(o->rt, js);
		if (fz_chance(in, 8) && rec_size >= size)
			off = rec_size - size + 8 * fz_below(in, 2);
		else if (fz_chance(in, 4))
			off = fz_u32(in) & 0xffff;
		else if (rec_size >= size)
			off = 8 * fz_below(in, (rec_size - size) / 8 + 1);
		o->imm = SONDE_SOL_IMM(off, js);
		break;
	}
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
	case SONDE_FORM_JSTK:
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

/*
 * Kernel world: a few instructions that do something together, which
 * random ones rarely manage: claim a speculation and speculate on it, end
 * speculation 0..4 (commit or discard), store and load back one dynamic
 * variable with the same key.  Writes at most 3 instructions at @o;
 * returns how many.
 */
static u32 fz_idiom(struct fz_in *in, struct fz_prog *g, struct fz_types *t,
		    struct sonde_insn *o, u32 room)
{
	u32 r = fz_below(in, 15), k = fz_below(in, 3);

	if (room < 3)
		return 0;
	memset(o, 0, 3 * sizeof(*o));
	switch (k) {
	case 0:
		o[0] = (struct sonde_insn){ SONDE_OP_CALL, (u8)r, 0, 0,
					    SONDE_SUBR_speculation };
		o[1] = (struct sonde_insn){ SONDE_OP_CALL, (u8)(r + 1), (u8)r,
					    1, SONDE_SUBR_speculate };
		o[2] = (struct sonde_insn){ SONDE_OP_NOP, 0, 0, 0, 0 };
		break;
	case 1:
		o[0] = (struct sonde_insn){ SONDE_OP_MOVI, (u8)r, 0, 0,
					    (s32)fz_below(in, 5) };
		o[1] = (struct sonde_insn){ SONDE_OP_CALL, (u8)(r + 1), (u8)r,
					    1, fz_chance(in, 60) ?
					    SONDE_SUBR_commit :
					    SONDE_SUBR_discard };
		o[2] = (struct sonde_insn){ SONDE_OP_NOP, 0, 0, 0, 0 };
		break;
	default: {
		/* a thread-local or global array of one integer key */
		u32 v;

		for (v = 0; v < g->p.nvars; v++)
			if (g->vars[v].desc.scope != SONDE_VAR_LOCAL &&
			    g->vars[v].desc.type == SONDE_T_INT &&
			    (g->vars[v].desc.nkeys == 1 ?
			     g->vars[v].keys[0].kind != SONDE_DT_STR :
			     !g->vars[v].desc.nkeys))
				break;
		if (v == g->p.nvars)
			return 0;
		o[0] = (struct sonde_insn){ SONDE_OP_MOVI, (u8)r, 0, 0,
					    (s32)fz_below(in, 3) };
		if (!g->vars[v].desc.nkeys) {
			bool tls = g->vars[v].desc.scope == SONDE_VAR_TLS;

			o[1] = (struct sonde_insn){ tls ? SONDE_OP_STT :
						    SONDE_OP_STG, 0, (u8)r, 0,
						    (s32)v };
			o[2] = (struct sonde_insn){ tls ? SONDE_OP_LDT :
						    SONDE_OP_LDG, (u8)(r + 1),
						    0, 0, (s32)v };
		} else {
			bool tls = g->vars[v].desc.scope == SONDE_VAR_TLS;

			o[1] = (struct sonde_insn){ tls ? SONDE_OP_STTA :
						    SONDE_OP_STGA, 0, (u8)r,
						    (u8)r, (s32)v };
			o[2] = (struct sonde_insn){ tls ? SONDE_OP_LDTA :
						    SONDE_OP_LDGA, (u8)(r + 1),
						    (u8)r, 0, (s32)v };
		}
		break;
	}
	}
	fz_set_type(t, r, false);
	fz_set_type(t, r + 1, false);
	return 3;
}

/*
 * Kernel world: a clause built only of well-formed pieces (most pass the
 * verifier, so the module's buffers, aggregations, variables and
 * speculations get the traffic): records of integers and strings,
 * aggregations with integer keys, idioms (speculations, dynamic
 * variables), exit(), then ret.  @len instructions at the end of the
 * program.
 */
static void fz_clean(struct fz_in *in, struct fz_prog *g, u32 len,
		     u32 rec_size)
{
	struct fz_types t = { 0 };
	u32 base = g->p.ninsns, pc = 0;
	struct sonde_insn *o = &g->insns[base];

	while (pc + 1 < len) {
		u32 room = len - 1 - pc, k = fz_below(in, 6), r;

		r = fz_below(in, 12);
		memset(&o[pc], 0, sizeof(o[pc]));
		if (k == 0 && room >= 3) {
			u32 n = fz_idiom(in, g, &t, &o[pc], room);

			if (n) {
				pc += n;
				continue;
			}
		}
		if (k == 1 && room >= 2 && rec_size >= 8) {
			o[pc++] = (struct sonde_insn){ SONDE_OP_MOVI, (u8)r, 0,
						       0, fz_val32(in) };
			o[pc++] = (struct sonde_insn){
				SONDE_OP_EMIT1 + fz_below(in, 4), 0, (u8)r, 0,
				(s32)(8 * fz_below(in, rec_size / 8)) };
			continue;
		}
		if (k == 2 && room >= 2 && rec_size >= g->strsize &&
		    g->strsize <= 4096) {
			o[pc++] = (struct sonde_insn){ SONDE_OP_LDB, (u8)r, 0,
						       0, SONDE_B_execname };
			o[pc++] = (struct sonde_insn){ SONDE_OP_EMITS, 0, (u8)r,
						       0, 0 };
			continue;
		}
		if (k == 3 && room >= 4 && g->p.naggs) {
			u32 a = fz_below(in, g->p.naggs), i, n;
			const struct sonde_pagg *ag = &g->aggs[a];

			n = ag->desc.nkeys;
			for (i = 0; i < n; i++)
				if (ag->keys[i].kind == SONDE_DT_STR)
					break;
			if (i < n || room < n + 3)
				continue;
			for (i = 0; i < n; i++)
				o[pc++] = (struct sonde_insn){
					SONDE_OP_MOVI, (u8)(1 + i), 0, 0,
					(s32)fz_below(in, 4) };
			o[pc++] = (struct sonde_insn){ SONDE_OP_MOVI, 10, 0, 0,
						       fz_val32(in) };
			o[pc++] = (struct sonde_insn){ SONDE_OP_MOVI, 11, 0, 0,
						       (s32)fz_below(in, 3) };
			o[pc++] = (struct sonde_insn){
				SONDE_OP_AGG, 0, (u8)(n ? 1 : 0),
				(u8)(ag->desc.fn == SONDE_AGG_count ? 0 : 10),
				(s32)a };
			continue;
		}
		if (k == 4 && room >= 2 && fz_chance(in, 20)) {
			o[pc++] = (struct sonde_insn){ SONDE_OP_MOVI, (u8)r, 0,
						       0, fz_val32(in) };
			o[pc++] = (struct sonde_insn){ SONDE_OP_EXIT, 0, (u8)r,
						       0, 0 };
			continue;
		}
		fz_insn(in, g, &t, &o[pc], pc, len, rec_size, false);
		/* keep it clean: only what cannot break the program */
		if (sonde_op_form(o[pc].op) != SONDE_FORM_DI &&
		    sonde_op_form(o[pc].op) != SONDE_FORM_DB &&
		    o[pc].op != SONDE_OP_CALL)
			o[pc] = (struct sonde_insn){ SONDE_OP_NOP, 0, 0, 0, 0 };
		pc++;
	}
	o[len - 1] = (struct sonde_insn){ SONDE_OP_RET, 0, 0, 0, 0 };
	g->p.ninsns += len;
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
		if (g->kworld && !pred && pc + 4 <= len && fz_chance(in, 10)) {
			u32 n = fz_idiom(in, g, &t, o, len - 1 - pc);

			if (n) {
				pc += n - 1;
				continue;
			}
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

/* Kernel-world options: buffers small enough to fill, often. */
static void fz_kopts(struct fz_in *in, struct fz_prog *g)
{
	static const u64 sizes[] = { 4096, 4104, 4160, 8192, 16384, 65536 };
	struct sonde_kopt_set *k = g->p.kopts;

	k[SONDE_OPT_bufsize].set = true;
	k[SONDE_OPT_bufsize].value = fz_chance(in, 80) ?
		sizes[fz_below(in, ARRAY_SIZE(sizes))] :
		4096 + fz_below(in, 70000);
	k[SONDE_OPT_aggsize].set = true;
	k[SONDE_OPT_aggsize].value = fz_chance(in, 80) ?
		sizes[fz_below(in, ARRAY_SIZE(sizes))] :
		4096 + fz_below(in, 70000);
	k[SONDE_OPT_dynvarsize].set = true;
	k[SONDE_OPT_dynvarsize].value = 4096 + 8 * fz_below(in, 4096);
	k[SONDE_OPT_nspec].set = true;
	k[SONDE_OPT_nspec].value = 1 + fz_below(in, 4);
	k[SONDE_OPT_specsize].set = true;
	k[SONDE_OPT_specsize].value = 4096 + fz_below(in, 12288);
	if (fz_chance(in, 40)) {
		k[SONDE_OPT_bufpolicy].set = true;
		k[SONDE_OPT_bufpolicy].value = fz_below(in, 3);
	}
}

int fz_generate(struct fz_in *in, struct fz_prog *g,
		const struct fz_genopts *o)
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
	g->p.ecbs = g->ecbs;
	g->kworld = o->kworld;

	g->strsize = fz_chance(in, 70) ?
		     strsizes[fz_below(in, ARRAY_SIZE(strsizes))] :
		     8 + fz_below(in, 505);
	if (fz_chance(in, 1))
		g->strsize = fz_u32(in);	/* out of range: rejected */
	g->p.kopts[SONDE_OPT_strsize].set = true;
	g->p.kopts[SONDE_OPT_strsize].value = g->strsize;
	if (o->kworld)
		fz_kopts(in, g);
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

	nclauses = o->kworld ? 1 + fz_below(in, FZ_MAX_CLAUSES) :
		   1 + fz_chance(in, 25);
	for (i = 0; i < nclauses; i++) {
		struct sonde_pclause *c = &g->clauses[i];
		u32 plen = fz_chance(in, 30) ? 1 + fz_below(in, 16) : 0;
		u32 alen = 1 + fz_below(in, o->kworld ? 40 : 48);

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
		if (o->kworld && fz_chance(in, 60))
			fz_clean(in, g, alen, c->rec_size);
		else
			fz_code(in, g, alen, c->rec_size, false);
	}
	g->p.nclauses = nclauses;

	if (o->kworld) {
		g->p.necbs = 1 + fz_below(in, FZ_MAX_ECBS);
		for (i = 0; i < g->p.necbs; i++) {
			struct sonde_ecb *e = &g->ecbs[i];

			e->probe_id = o->nprobes && !fz_chance(in, 2) ?
				      o->probe_ids[fz_below(in, o->nprobes)] :
				      fz_u32(in);
			e->clause = fz_chance(in, 2) ? fz_u32(in) :
				    fz_below(in, nclauses);
		}
	}
	return 0;
}
