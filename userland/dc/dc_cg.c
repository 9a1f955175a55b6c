// SPDX-License-Identifier: GPL-2.0
/*
 * dc_cg.c - code generation from the checked AST: one predicate program
 * and one actions program per clause, the record layout (one 8-aligned
 * field per emitted value) and the consumer's action list.
 *
 * Registers: r0 is never written, so it stays zero (the final "ret r0",
 * "emit8 r0" placeholders, compares against zero); r1..r15 are allocated
 * as a stack, which keeps aggregation keys (and later call arguments) in
 * consecutive registers.  Every expression leaves its value in the
 * register that was on top of the stack when it started.
 *
 * Integers are computed in 64 bits; a value narrower than 8 bytes is
 * "normalized" (sign- or zero-extended from its size, as C would have it)
 * only where the upper bits matter: compares, division, right shifts,
 * truth tests, aggregation keys and values, exit statuses.
 *
 * A printa() records nothing itself, but the consumer learns of actions
 * from records: a clause with printa() gets an 8-byte zero placeholder
 * field ("emit8 r0") so that it always commits a record.
 * Userland only.
 */
#include <stdlib.h>
#include <string.h>

#include "dc_impl.h"
#include "vm.h"

#define DC_REG_FIRST	1

struct dc_cg {
	struct dc_cc *cc;
	/* an element store: the struct variable's node, already loaded in
	 * preload_reg (its loads in the element's address use that copy) */
	const struct dc_node *preload;
	uint32_t preload_reg;
	uint32_t top;		/* next free register */
	bool noreg;		/* D_NOREG reported for this clause */
	uint32_t line;		/* source line of what is being generated */
	uint32_t line0, col0;	/* statement position, for D_NOREG */
	uint32_t rec_off;	/* bytes of record used so far */
	struct sonde_pclause *pc;
	uint32_t cap_fields, cap_acts;
};

struct dc_val {
	uint32_t reg;
	struct dc_type t;
	bool norm;		/* the register holds the exact C value */
};

/* ---- emission --------------------------------------------------------- */

static uint32_t emit(struct dc_cg *g, int op, uint32_t rd, uint32_t rs,
		     uint32_t rt, int32_t imm)
{
	struct dc_cc *cc = g->cc;
	struct sonde_program *p = cc->prog;
	uint32_t cap = cc->cap_insns;

	if (!dc_grow(cc, (void **)&p->insns, &cap, p->ninsns + 1,
		     sizeof(*p->insns)) ||
	    !dc_grow(cc, (void **)&p->insn_line, &cc->cap_insns,
		     p->ninsns + 1, sizeof(*p->insn_line)))
		return 0;
	p->insns[p->ninsns].op = (uint8_t)op;
	p->insns[p->ninsns].rd = (uint8_t)rd;
	p->insns[p->ninsns].rs = (uint8_t)rs;
	p->insns[p->ninsns].rt = (uint8_t)rt;
	p->insns[p->ninsns].imm = imm;
	p->insn_line[p->ninsns] = DC_LINE(g->line);
	return p->ninsns++;
}

/* Point the branch at @at to the next instruction to be emitted. */
static void patch(struct dc_cg *g, uint32_t at)
{
	struct sonde_program *p = g->cc->prog;

	if (at < p->ninsns && !g->cc->oom)
		p->insns[at].imm = (int32_t)(p->ninsns - at - 1);
}

static uint32_t reg_alloc(struct dc_cg *g)
{
	if (g->top >= SONDE_NREGS) {
		if (!g->noreg)
			dc_error(g->cc, "D_NOREG", g->line0, g->col0,
				 "insufficient registers to generate code");
		g->noreg = true;
		g->top++;
		return SONDE_NREGS - 1;	/* keeps going; never used */
	}
	return g->top++;
}

static void reg_free(struct dc_cg *g, uint32_t reg)
{
	g->top--;
	(void)reg;
}

/* FNV-1a of @len bytes, folded with @v. */
static uint32_t dc_hash(const void *s, size_t len, uint64_t v)
{
	const unsigned char *b = s;
	uint64_t h = 0xcbf29ce484222325ULL ^ v;

	while (len--)
		h = (h ^ *b++) * 0x100000001b3ULL;
	h ^= v * 0x9e3779b97f4a7c15ULL;
	return (uint32_t)(h ^ (h >> 32));
}

/*
 * The slot of entry @hash in @ix for which @same(cc, entry) holds, or
 * the free slot where it goes; NULL only when @ix has no table.  At most
 * half full, so probing is short: adding a string or a constant is
 * constant time, where searching the whole table made 10000 string
 * literals a quadratic compile.
 */
static struct dc_slot *dc_index_find(struct dc_index *ix, uint32_t hash,
			       bool (*same)(struct dc_cc *cc, uint32_t entry,
					    const void *key),
			       struct dc_cc *cc, const void *key)
{
	uint32_t i;

	if (!ix->cap)
		return NULL;
	for (i = hash & (ix->cap - 1);; i = (i + 1) & (ix->cap - 1)) {
		if (!ix->slot[i].entry ||
		    (ix->slot[i].hash == hash &&
		     same(cc, ix->slot[i].entry - 1, key)))
			return &ix->slot[i];
	}
}

/* Room for one more entry: false (and cc->oom) without memory. */
static bool dc_index_grow(struct dc_cc *cc, struct dc_index *ix)
{
	uint32_t cap = ix->cap ? 2 * ix->cap : 64, i, j;
	struct dc_slot *slot;

	if (2 * (ix->n + 1) <= ix->cap)
		return true;
	slot = calloc(cap, sizeof(*slot));
	if (!slot) {
		cc->oom = true;
		return false;
	}
	for (i = 0; i < ix->cap; i++) {
		if (!ix->slot[i].entry)
			continue;
		for (j = ix->slot[i].hash & (cap - 1); slot[j].entry;
		     j = (j + 1) & (cap - 1))
			;
		slot[j] = ix->slot[i];
	}
	free(ix->slot);
	ix->slot = slot;
	ix->cap = cap;
	return true;
}

struct dc_strkey {
	const char *s;
	size_t len;
};

static bool dc_same_str(struct dc_cc *cc, uint32_t off, const void *key)
{
	const struct dc_strkey *k = key;
	const char *t = cc->prog->strtab + off;

	return strlen(t) == k->len && !memcmp(t, k->s, k->len);
}

uint32_t dc_strtab_add(struct dc_cc *cc, const char *s, size_t len)
{
	struct sonde_program *p = cc->prog;
	struct dc_strkey key;
	struct dc_slot *e;
	uint32_t off, hash;

	len = strnlen(s, len);
	key.s = s;
	key.len = len;
	hash = dc_hash(s, len, 0);
	if (!dc_index_grow(cc, &cc->strindex))
		return 0;
	e = dc_index_find(&cc->strindex, hash, dc_same_str, cc, &key);
	if (e->entry)
		return e->entry - 1;
	if (!dc_grow(cc, (void **)&p->strtab, &cc->cap_strtab,
		     p->strtab_len + (uint32_t)len + 1, 1))
		return 0;
	off = p->strtab_len;
	memcpy(p->strtab + off, s, len);
	p->strtab[off + len] = 0;
	p->strtab_len += (uint32_t)len + 1;
	e->entry = off + 1;
	e->hash = hash;
	cc->strindex.n++;
	return off;
}

static bool dc_same_const(struct dc_cc *cc, uint32_t i, const void *key)
{
	return cc->prog->consts[i] == *(const uint64_t *)key;
}

static uint32_t const_add(struct dc_cc *cc, uint64_t v)
{
	struct sonde_program *p = cc->prog;
	uint32_t hash = dc_hash(NULL, 0, v);
	struct dc_slot *e;

	if (!dc_index_grow(cc, &cc->constindex))
		return 0;
	e = dc_index_find(&cc->constindex, hash, dc_same_const, cc, &v);
	if (e->entry)
		return e->entry - 1;
	if (!dc_grow(cc, (void **)&p->consts, &cc->cap_consts,
		     p->nconsts + 1, sizeof(*p->consts)))
		return 0;
	p->consts[p->nconsts] = v;
	e->entry = p->nconsts + 1;
	e->hash = hash;
	cc->constindex.n++;
	return p->nconsts++;
}

static void load_int(struct dc_cg *g, uint32_t reg, uint64_t v)
{
	if ((int64_t)v >= INT32_MIN && (int64_t)v <= INT32_MAX)
		emit(g, SONDE_OP_MOVI, reg, 0, 0, (int32_t)(int64_t)v);
	else
		emit(g, SONDE_OP_LDC, reg, 0, 0,
		     (int32_t)const_add(g->cc, v));
}

/* ---- values ----------------------------------------------------------- */

static void normalize(struct dc_cg *g, struct dc_val *v)
{
	uint32_t t;

	if (v->norm || v->t.kind != DC_T_INT || v->t.size >= 8)
		return;
	t = reg_alloc(g);
	emit(g, SONDE_OP_MOVI, t, 0, 0, 64 - 8 * v->t.size);
	emit(g, SONDE_OP_SHL, v->reg, v->reg, t, 0);
	emit(g, v->t.uns ? SONDE_OP_SHR : SONDE_OP_SAR, v->reg, v->reg, t, 0);
	reg_free(g, t);
	v->norm = true;
}

/* Convert @v to integer type @to (C semantics, lazily normalized). */
static void convert(struct dc_val *v, struct dc_type to)
{
	if (v->t.kind != DC_T_INT || to.kind != DC_T_INT)
		return;
	if (to.size < v->t.size ||
	    (to.size == v->t.size && to.uns != v->t.uns && to.size < 8))
		v->norm = false;
	else if (to.size > v->t.size && !v->norm)
		v->norm = false;	/* normalize() will use @to's size:
					 * the low bits are still right only
					 * if they were normalized first */
	v->t = to;
}

/* Widen-safe conversion: normalize first when growing. */
static void convert_to(struct dc_cg *g, struct dc_val *v, struct dc_type to)
{
	if (v->t.kind == DC_T_INT && to.size > v->t.size)
		normalize(g, v);
	convert(v, to);
}

static struct dc_val cg_expr(struct dc_cg *g, struct dc_node *n);

static int alu_op(int tok, bool uns)
{
	switch (tok) {
	case DC_TK_PLUS: return SONDE_OP_ADD;
	case DC_TK_MINUS: return SONDE_OP_SUB;
	case DC_TK_STAR: return SONDE_OP_MUL;
	case DC_TK_SLASH: return uns ? SONDE_OP_UDIV : SONDE_OP_SDIV;
	case DC_TK_PERCENT: return uns ? SONDE_OP_UREM : SONDE_OP_SREM;
	case DC_TK_AMP: return SONDE_OP_AND;
	case DC_TK_BOR: return SONDE_OP_OR;
	case DC_TK_XOR: return SONDE_OP_XOR;
	case DC_TK_SHL: return SONDE_OP_SHL;
	case DC_TK_SHR: return uns ? SONDE_OP_SHR : SONDE_OP_SAR;
	}
	return SONDE_OP_NOP;
}

/* rd = (a op b) for a compare, on registers; swaps for > and >=. */
static void compare(struct dc_cg *g, int tok, bool uns, uint32_t rd,
		    uint32_t a, uint32_t b)
{
	switch (tok) {
	case DC_TK_EQ:
		emit(g, SONDE_OP_SETEQ, rd, a, b, 0);
		break;
	case DC_TK_NE:
		emit(g, SONDE_OP_SETNE, rd, a, b, 0);
		break;
	case DC_TK_LT:
		emit(g, uns ? SONDE_OP_SETLTU : SONDE_OP_SETLT, rd, a, b, 0);
		break;
	case DC_TK_GT:
		emit(g, uns ? SONDE_OP_SETLTU : SONDE_OP_SETLT, rd, b, a, 0);
		break;
	case DC_TK_LE:
		emit(g, uns ? SONDE_OP_SETLEU : SONDE_OP_SETLE, rd, a, b, 0);
		break;
	case DC_TK_GE:
		emit(g, uns ? SONDE_OP_SETLEU : SONDE_OP_SETLE, rd, b, a, 0);
		break;
	}
}

static bool is_compare(int tok)
{
	return tok == DC_TK_EQ || tok == DC_TK_NE || tok == DC_TK_LT ||
	       tok == DC_TK_GT || tok == DC_TK_LE || tok == DC_TK_GE;
}

static bool is_ptr(struct dc_type t)
{
	return t.kind == DC_T_BUF || (t.kind == DC_T_INT && t.ptr);
}

/*
 * Pointer arithmetic (sema put the scale in n->id): p + i, i + p and
 * p - i move p by i elements (badd for a copyin() buffer, add for an
 * address); p - q (n->id < 0) is the distance in elements.
 */
static struct dc_val cg_ptr_arith(struct dc_cg *g, struct dc_node *n)
{
	int32_t scale = n->id < 0 ? -n->id : n->id;
	struct dc_node *k = is_ptr(n->l->type) ? n->r : n->l;
	struct dc_val a, b, *iv;
	uint32_t t;

	if (n->id > 0 && k->isconst) {
		/* p + k: the scaled constant, computed here (wrapping in 64
		 * bits as the instructions would) */
		uint64_t d = k->ival * (uint64_t)scale;

		a = cg_expr(g, k == n->r ? n->l : n->r);
		b.reg = reg_alloc(g);
		load_int(g, b.reg, n->op == DC_TK_MINUS ? -d : d);
		emit(g, n->type.kind == DC_T_BUF ? SONDE_OP_BADD : SONDE_OP_ADD,
		     a.reg, a.reg, b.reg, 0);
		reg_free(g, b.reg);
		a.t = n->type;
		a.norm = true;
		return a;
	}
	a = cg_expr(g, n->l);
	b = cg_expr(g, n->r);

	if (n->id < 0) {
		emit(g, SONDE_OP_SUB, a.reg, a.reg, b.reg, 0);
		if (scale > 1) {
			t = reg_alloc(g);
			emit(g, SONDE_OP_MOVI, t, 0, 0, scale);
			emit(g, SONDE_OP_SDIV, a.reg, a.reg, t, 0);
			reg_free(g, t);
		}
	} else {
		iv = is_ptr(n->l->type) ? &b : &a;
		/* the element count as the C value of its type */
		normalize(g, iv);
		if (scale > 1) {
			t = reg_alloc(g);
			emit(g, SONDE_OP_MOVI, t, 0, 0, scale);
			emit(g, SONDE_OP_MUL, iv->reg, iv->reg, t, 0);
			reg_free(g, t);
		}
		if (n->op == DC_TK_MINUS)
			emit(g, SONDE_OP_NEG, iv->reg, iv->reg, 0, 0);
		if (n->type.kind == DC_T_BUF)
			emit(g, SONDE_OP_BADD, a.reg, iv == &b ? a.reg : b.reg,
			     iv->reg, 0);
		else
			emit(g, SONDE_OP_ADD, a.reg, a.reg, b.reg, 0);
	}
	reg_free(g, b.reg);
	a.t = n->type;
	a.norm = true;
	return a;
}

/*
 * *p: a load of the pointed-to size from a copyin() buffer (ldm) or from
 * kernel memory (ldk, fault-safe), zero-extended.  *(p + k) with a
 * constant k folds k into the load's displacement.
 */
static struct dc_val cg_deref(struct dc_cg *g, struct dc_node *n)
{
	static const int ldm[] = { SONDE_OP_LDM1, SONDE_OP_LDM2,
				   SONDE_OP_LDM4, SONDE_OP_LDM8 };
	static const int ldk[] = { SONDE_OP_LDK1, SONDE_OP_LDK2,
				   SONDE_OP_LDK4, SONDE_OP_LDK8 };
	struct dc_node *p = n->l;
	uint32_t size = n->type.ptr ? 8 : n->type.size;
	int i = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3;
	bool buf = p->type.kind == DC_T_BUF;
	int64_t off = 0;
	struct dc_val v;

	if (n->type.kind == DC_T_SOU || n->type.kind == DC_T_ARRAY) {
		/* an object: its address is the pointer's value */
		v = cg_expr(g, p);
		v.t = n->type;
		return v;
	}
	if (p->kind == DC_N_BINARY && p->id > 0 && !p->isconst) {
		struct dc_node *k = is_ptr(p->l->type) ? p->r : p->l;
		/* |k| < 2^31, scale <= 8: no overflow */
		int64_t d = k->ival == (uint64_t)(int64_t)(int32_t)k->ival ?
			    (int64_t)(int32_t)k->ival * p->id : INT64_MAX;

		if (k->isconst && (p->op == DC_TK_PLUS || k == p->r) &&
		    d >= INT32_MIN && d <= INT32_MAX) {
			off = p->op == DC_TK_MINUS ? -d : d;
			p = k == p->r ? p->l : p->r;
		}
	}
	v = cg_expr(g, p);
	emit(g, buf ? ldm[i] : ldk[i], v.reg, v.reg, 0, (int32_t)off);
	v.t = n->type;
	v.norm = n->type.uns || size == 8;
	return v;
}

/* ---- objects: members, symbols, addresses ------------------------------ */

/* rd += off, for an address in the kernel (add) or a buffer (badd). */
static void cg_addoff(struct dc_cg *g, uint32_t reg, int64_t off, bool buf)
{
	uint32_t t;

	if (!off)
		return;
	t = reg_alloc(g);
	load_int(g, t, (uint64_t)off);
	emit(g, buf ? SONDE_OP_BADD : SONDE_OP_ADD, reg, reg, t, 0);
	reg_free(g, t);
}

/*
 * The address of object or lvalue @n in a register, less a constant
 * displacement left in *@off for the caller to fold into its load:
 * s.a.b, p->a.b, *p and arrays fold their offsets.
 */
static struct dc_val cg_addr(struct dc_cg *g, struct dc_node *n, int64_t *off)
{
	struct dc_val v;

	switch (n->kind) {
	case DC_N_MEMBER:
		if (n->bits)
			break;
		v = n->op == DC_TK_DOT ? cg_addr(g, n->l, off) :
		    cg_expr(g, n->l);
		*off += (int64_t)n->ival;
		return v;
	case DC_N_DECAY:
		return cg_addr(g, n->l, off);
	case DC_N_SYM:
		v.reg = reg_alloc(g);
		load_int(g, v.reg, n->ival);
		v.t = n->type;
		v.norm = true;
		return v;
	case DC_N_UNARY:
		if (n->op != DC_TK_STAR)
			break;
		if (n->l->kind == DC_N_BINARY && n->l->id > 0 &&
		    !n->l->isconst) {
			struct dc_node *pp = n->l;
			struct dc_node *k = is_ptr(pp->l->type) ? pp->r : pp->l;

			if (k->isconst && (pp->op == DC_TK_PLUS || k == pp->r) &&
			    k->ival == (uint64_t)(int64_t)(int32_t)k->ival) {
				int64_t d = (int64_t)(int32_t)k->ival * pp->id;

				*off += pp->op == DC_TK_MINUS ? -d : d;
				return cg_expr(g, k == pp->r ? pp->l : pp->r);
			}
		}
		return cg_expr(g, n->l);
	}
	return cg_expr(g, n);
}

/* A scalar at @reg + @off: loaded, extended to its C value. */
static void cg_load(struct dc_cg *g, struct dc_val *v, uint32_t size,
		    int64_t off, bool buf)
{
	static const int ldm[] = { SONDE_OP_LDM1, SONDE_OP_LDM2,
				   SONDE_OP_LDM4, SONDE_OP_LDM8 };
	static const int ldk[] = { SONDE_OP_LDK1, SONDE_OP_LDK2,
				   SONDE_OP_LDK4, SONDE_OP_LDK8 };
	int i = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3;

	if (off < INT32_MIN || off > INT32_MAX) {
		cg_addoff(g, v->reg, off, buf);
		off = 0;
	}
	emit(g, buf ? ldm[i] : ldk[i], v->reg, v->reg, 0, (int32_t)off);
}

/* s.m, p->m: an object's address, or its scalar loaded (a bit-field
 * shifted and masked out of its unit). */
static struct dc_val cg_member(struct dc_cg *g, struct dc_node *n)
{
	bool buf = n->type.space == DC_SP_BUF;
	int64_t off = 0;
	struct dc_val v;
	uint32_t t;

	v = n->op == DC_TK_DOT ? cg_addr(g, n->l, &off) : cg_expr(g, n->l);
	off += (int64_t)n->ival;
	if (n->type.kind == DC_T_SOU || n->type.kind == DC_T_ARRAY) {
		cg_addoff(g, v.reg, off, buf);
		v.t = n->type;
		v.norm = true;
		return v;
	}
	if (!n->bits) {
		cg_load(g, &v, n->type.ptr ? 8 : n->type.size, off, buf);
		v.t = n->type;
		v.norm = n->type.uns || n->type.size == 8 || n->type.ptr;
		return v;
	}
	cg_load(g, &v, n->bsize, off, buf);
	t = reg_alloc(g);
	/* the field's bits to the top, then back down, extended */
	emit(g, SONDE_OP_MOVI, t, 0, 0, 64 - n->bshift - n->bits);
	emit(g, SONDE_OP_SHL, v.reg, v.reg, t, 0);
	emit(g, SONDE_OP_MOVI, t, 0, 0, 64 - n->bits);
	emit(g, n->type.uns ? SONDE_OP_SHR : SONDE_OP_SAR, v.reg, v.reg, t, 0);
	reg_free(g, t);
	v.t = n->type;
	v.norm = true;
	return v;
}

/* `sym: its value (an object: its address). */
static struct dc_val cg_sym(struct dc_cg *g, struct dc_node *n)
{
	struct dc_val v = { 0, n->type, true };

	v.reg = reg_alloc(g);
	load_int(g, v.reg, n->ival);
	if (n->type.kind == DC_T_SOU || n->type.kind == DC_T_ARRAY)
		return v;
	cg_load(g, &v, n->type.ptr ? 8 : n->type.size, 0, false);
	v.norm = n->type.uns || n->type.size == 8 || n->type.ptr;
	return v;
}

/* &m: the address cg_member() would read. */
static struct dc_val cg_addrof(struct dc_cg *g, struct dc_node *n)
{
	int64_t off = 0;
	struct dc_val v = cg_addr(g, n->l, &off);

	cg_addoff(g, v.reg, off, n->type.kind == DC_T_BUF);
	v.t = n->type;
	v.norm = true;
	return v;
}

static struct dc_val cg_binary(struct dc_cg *g, struct dc_node *n)
{
	struct dc_val a, b;
	struct dc_type ct;
	bool cmp = is_compare(n->op);

	if (n->id && (n->op == DC_TK_PLUS || n->op == DC_TK_MINUS))
		return cg_ptr_arith(g, n);
	a = cg_expr(g, n->l);
	b = cg_expr(g, n->r);
	if (cmp && a.t.kind == DC_T_STR) {
		emit(g, SONDE_OP_SCMP, a.reg, a.reg, b.reg, 0);
		reg_free(g, b.reg);
		compare(g, n->op, false, a.reg, a.reg, 0);
		a.t = n->type;
		a.norm = true;
		return a;
	}
	if (n->op == DC_TK_SHL || n->op == DC_TK_SHR) {
		ct = n->type;
		convert_to(g, &a, ct);
		if (n->op == DC_TK_SHR)
			normalize(g, &a);
		normalize(g, &b);
		emit(g, alu_op(n->op, ct.uns), a.reg, a.reg, b.reg, 0);
		reg_free(g, b.reg);
		a.norm = n->op == DC_TK_SHR;
		a.t = n->type;
		return a;
	}
	/* the common type of the operands (the result type unless this
	 * is a compare) */
	ct = n->l->type;
	ct = cmp ? n->l->type : n->type;
	if (cmp) {
		struct dc_type l = n->l->type, r = n->r->type;

		if (l.size < 4) {
			l.size = 4;
			l.uns = 0;
		}
		if (r.size < 4) {
			r.size = 4;
			r.uns = 0;
		}
		ct = l.size == r.size ? l : l.size > r.size ? l : r;
		if (l.size == r.size)
			ct.uns = l.uns | r.uns;
	}
	convert_to(g, &a, ct);
	convert_to(g, &b, ct);
	if (cmp || n->op == DC_TK_SLASH || n->op == DC_TK_PERCENT) {
		normalize(g, &b);
		/* a is below b on the stack: normalize's temporary goes
		 * above b, so the order stays LIFO */
		normalize(g, &a);
	}
	if (cmp) {
		compare(g, n->op, ct.uns, a.reg, a.reg, b.reg);
		a.t = n->type;
		a.norm = true;
	} else {
		emit(g, alu_op(n->op, ct.uns), a.reg, a.reg, b.reg, 0);
		a.norm = a.norm && b.norm &&
			 (n->op == DC_TK_AMP || n->op == DC_TK_BOR ||
			  n->op == DC_TK_XOR || n->op == DC_TK_SLASH ||
			  n->op == DC_TK_PERCENT || ct.size == 8);
		a.t = n->type;
	}
	reg_free(g, b.reg);
	return a;
}

static struct dc_val cg_logical(struct dc_cg *g, struct dc_node *n)
{
	struct dc_val a, b;
	uint32_t j;

	a = cg_expr(g, n->l);
	normalize(g, &a);
	if (n->op == DC_TK_LXOR) {
		b = cg_expr(g, n->r);
		normalize(g, &b);
		emit(g, SONDE_OP_SETNE, a.reg, a.reg, 0, 0);
		emit(g, SONDE_OP_SETNE, b.reg, b.reg, 0, 0);
		emit(g, SONDE_OP_XOR, a.reg, a.reg, b.reg, 0);
		reg_free(g, b.reg);
	} else {
		if (n->op == DC_TK_LOR)
			emit(g, SONDE_OP_SETNE, a.reg, a.reg, 0, 0);
		/* &&: a == 0 is already the result; ||: a == 1 is */
		j = emit(g, n->op == DC_TK_LAND ? SONDE_OP_JZ : SONDE_OP_JNZ,
			 0, a.reg, 0, 0);
		b = cg_expr(g, n->r);
		normalize(g, &b);
		emit(g, SONDE_OP_SETNE, a.reg, b.reg, 0, 0);
		reg_free(g, b.reg);
		patch(g, j);
	}
	a.t = n->type;
	a.norm = true;
	return a;
}

static struct dc_val cg_ternary(struct dc_cg *g, struct dc_node *n)
{
	struct dc_val c, v;
	uint32_t jz, ja;

	c = cg_expr(g, n->x);
	normalize(g, &c);
	jz = emit(g, SONDE_OP_JZ, 0, c.reg, 0, 0);
	v = cg_expr(g, n->l);
	convert_to(g, &v, n->type);
	normalize(g, &v);
	emit(g, SONDE_OP_MOV, c.reg, v.reg, 0, 0);
	reg_free(g, v.reg);
	ja = emit(g, SONDE_OP_JA, 0, 0, 0, 0);
	patch(g, jz);
	v = cg_expr(g, n->r);
	convert_to(g, &v, n->type);
	normalize(g, &v);
	emit(g, SONDE_OP_MOV, c.reg, v.reg, 0, 0);
	reg_free(g, v.reg);
	patch(g, ja);
	c.t = n->type;
	c.norm = true;
	return c;
}

/* ---- variables ------------------------------------------------------- */

static const int var_ops[3][4] = {
	/* load, store, array load, array store */
	[SONDE_VAR_GLOBAL] = { SONDE_OP_LDG, SONDE_OP_STG, SONDE_OP_LDGA,
			       SONDE_OP_STGA },
	[SONDE_VAR_LOCAL] = { SONDE_OP_LDL, SONDE_OP_STL, 0, 0 },
	[SONDE_VAR_TLS] = { SONDE_OP_LDT, SONDE_OP_STT, SONDE_OP_LDTA,
			    SONDE_OP_STTA },
};

static void cg_kcopy(struct dc_cg *g, uint32_t reg, uint32_t size);

/*
 * A handle read as a number outside the VM (recorded, a key): its offset
 * (as Linux DTrace shows an alloca pointer), not the run's generation.
 */
static void cg_hnd_off(struct dc_cg *g, uint32_t reg, struct dc_type t)
{
	uint32_t m;

	if (t.kind != DC_T_INT || !t.hnd)
		return;
	m = reg_alloc(g);
	load_int(g, m, 0xffffffffULL);
	emit(g, SONDE_OP_AND, reg, reg, m, 0);
	reg_free(g, m);
}

/* One key component in the next register: a struct or array in kernel
 * memory is copied into scratch first (a key is built from a buffer). */
static struct dc_val cg_key(struct dc_cg *g, struct dc_node *n)
{
	struct dc_val k = cg_expr(g, n);

	if ((n->type.kind == DC_T_SOU || n->type.kind == DC_T_ARRAY) &&
	    n->type.space != DC_SP_BUF)
		cg_kcopy(g, k.reg, n->type.size);
	normalize(g, &k);
	cg_hnd_off(g, k.reg, n->type);
	return k;
}

/* The keys of array reference @n in consecutive registers; returns the
 * first (0 for a scalar). */
static uint32_t cg_keys(struct dc_cg *g, struct dc_node *n)
{
	uint32_t i, first = 0;
	struct dc_val k;

	if (n->kind != DC_N_INDEX)
		return 0;
	for (i = 0; i < n->nargs; i++) {
		k = cg_key(g, n->args[i]);
		if (!i)
			first = k.reg;
	}
	return first;
}

static void free_keys(struct dc_cg *g, struct dc_node *n)
{
	uint32_t i;

	if (n->kind == DC_N_INDEX)
		for (i = 0; i < n->nargs; i++)
			reg_free(g, 0);
}

/* Integer variables hold normalized 8-byte values. */
static struct dc_val cg_var_load(struct dc_cg *g, struct dc_node *n)
{
	const struct dc_var *var = &g->cc->vars[n->id];
	struct dc_val v = { 0, n->type, true };
	uint32_t keys;

	v.reg = reg_alloc(g);
	if (n == g->preload) {
		emit(g, SONDE_OP_MOV, v.reg, g->preload_reg, 0, 0);
		return v;
	}
	keys = cg_keys(g, n);
	if (var->nkeys)
		emit(g, var_ops[var->scope][2], v.reg, keys, 0, n->id);
	else
		emit(g, var_ops[var->scope][0], v.reg, 0, 0, n->id);
	free_keys(g, n);
	return v;
}

/*
 * l = r into an element of a struct or array variable n->x: the variable
 * loaded into scratch, the element written there (stm, a bit-field into
 * its unit), the variable stored back; into a copyin() buffer (n->x
 * NULL): written in place.
 */
static struct dc_val cg_assign_elem(struct dc_cg *g, struct dc_node *n)
{
	static const int stm[] = { SONDE_OP_STM1, SONDE_OP_STM2,
				   SONDE_OP_STM4, SONDE_OP_STM8 };
	static const int ldm[] = { SONDE_OP_LDM1, SONDE_OP_LDM2,
				   SONDE_OP_LDM4, SONDE_OP_LDM8 };
	const struct dc_node *saved = g->preload;
	struct dc_node *l = n->l, *base = n->x;
	struct dc_val v = { 0, n->type, true }, b = { 0 }, a, r;
	uint32_t size, keys, t, u;
	int64_t off = 0;
	int i;

	v.reg = reg_alloc(g);
	if (base) {
		b = cg_var_load(g, base);
		g->preload = base;
		g->preload_reg = b.reg;
	}
	/* the element's address (a bit-field: its unit's) */
	if (l->kind == DC_N_MEMBER && l->bits) {
		a = cg_addr(g, l->l, &off);
		off += (int64_t)l->ival;
		size = l->bsize;
	} else {
		a = cg_addr(g, l, &off);
		size = l->type.ptr ? 8 : l->type.size;
	}
	g->preload = saved;
	if (off < INT32_MIN || off > INT32_MAX) {
		cg_addoff(g, a.reg, off, true);
		off = 0;
	}
	i = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3;
	r = cg_expr(g, n->r);
	if (l->type.kind == DC_T_SOU) {
		/* a struct member from a struct: its bytes, 8 at a time */
		uint32_t o, step;

		if (n->r->type.space != DC_SP_BUF)
			cg_kcopy(g, r.reg, size);
		emit(g, SONDE_OP_MOV, v.reg, r.reg, 0, 0);
		t = reg_alloc(g);
		for (o = 0; o < size; o += step) {
			step = size - o >= 8 ? 8 : size - o >= 4 ? 4 :
			       size - o >= 2 ? 2 : 1;
			i = step == 1 ? 0 : step == 2 ? 1 : step == 4 ? 2 : 3;
			emit(g, ldm[i], t, r.reg, 0, (int32_t)o);
			emit(g, stm[i], 0, a.reg, t, (int32_t)(off + o));
		}
		reg_free(g, t);
		goto stored;
	}
	convert_to(g, &r, l->type);
	normalize(g, &r);
	emit(g, SONDE_OP_MOV, v.reg, r.reg, 0, 0);
	if (l->kind == DC_N_MEMBER && l->bits) {
		/* unit = (unit & ~(mask << shift)) | ((r & mask) << shift) */
		uint64_t mask = l->bits == 64 ? ~0ULL : (1ULL << l->bits) - 1;

		t = reg_alloc(g);
		u = reg_alloc(g);
		emit(g, ldm[i], t, a.reg, 0, (int32_t)off);
		load_int(g, u, ~(mask << l->bshift));
		emit(g, SONDE_OP_AND, t, t, u, 0);
		load_int(g, u, mask);
		emit(g, SONDE_OP_AND, r.reg, r.reg, u, 0);
		emit(g, SONDE_OP_MOVI, u, 0, 0, l->bshift);
		emit(g, SONDE_OP_SHL, r.reg, r.reg, u, 0);
		emit(g, SONDE_OP_OR, r.reg, r.reg, t, 0);
		reg_free(g, u);
		reg_free(g, t);
	}
	emit(g, stm[i], 0, a.reg, r.reg, (int32_t)off);
stored:
	reg_free(g, r.reg);
	reg_free(g, a.reg);
	if (base) {
		const struct dc_var *var = &g->cc->vars[base->id];

		keys = cg_keys(g, base);
		if (var->nkeys)
			emit(g, var_ops[var->scope][3], 0, keys, b.reg,
			     base->id);
		else
			emit(g, var_ops[var->scope][1], 0, b.reg, 0, base->id);
		free_keys(g, base);
		reg_free(g, b.reg);
	}
	return v;
}

static struct dc_val cg_assign(struct dc_cg *g, struct dc_node *n)
{
	struct dc_node *l = n->l;
	const struct dc_var *var = &g->cc->vars[l->id];
	struct dc_val v = { 0, n->type, true }, r;
	uint32_t keys;

	if (n->id == -1)
		return cg_assign_elem(g, n);
	v.reg = reg_alloc(g);
	keys = cg_keys(g, l);
	r = cg_expr(g, n->r);
	if (n->r->type.kind == DC_T_SOU && n->r->type.space != DC_SP_BUF)
		cg_kcopy(g, r.reg, n->r->type.size);	/* a kernel struct */
	convert_to(g, &r, var->type);
	normalize(g, &r);
	if (var->nkeys)
		emit(g, var_ops[var->scope][3], 0, keys, r.reg, l->id);
	else
		emit(g, var_ops[var->scope][1], 0, r.reg, 0, l->id);
	emit(g, SONDE_OP_MOV, v.reg, r.reg, 0, 0);
	reg_free(g, r.reg);
	free_keys(g, l);
	return v;
}

/* A subroutine: arguments in consecutive registers, the result in the
 * first (a new register when there are none). */
static struct dc_val cg_subr(struct dc_cg *g, struct dc_node *n)
{
	struct dc_val v = { 0, n->type, true }, a;
	uint32_t i;

	if (!n->nargs) {
		v.reg = reg_alloc(g);
		emit(g, SONDE_OP_CALL, v.reg, 0, 0, n->id);
		return v;
	}
	for (i = 0; i < n->nargs; i++) {
		a = cg_expr(g, n->args[i]);
		normalize(g, &a);
		if (!i)
			v.reg = a.reg;
	}
	emit(g, SONDE_OP_CALL, v.reg, v.reg, n->nargs, n->id);
	for (i = 1; i < n->nargs; i++)
		reg_free(g, 0);
	return v;
}

static struct dc_val cg_expr(struct dc_cg *g, struct dc_node *n)
{
	struct dc_val v = { 0, n->type, true };

	if (n->isconst && n->type.kind == DC_T_INT) {
		v.reg = reg_alloc(g);
		load_int(g, v.reg, n->ival);
		return v;
	}
	switch (n->kind) {
	case DC_N_STR:
		v.reg = reg_alloc(g);
		emit(g, SONDE_OP_LDS, v.reg, 0, 0,
		     (int32_t)dc_strtab_add(g->cc, n->str, n->slen));
		return v;
	case DC_N_NULLSTR:
		v.reg = reg_alloc(g);
		emit(g, SONDE_OP_LDS, v.reg, 0, 0, SONDE_LDS_NULL);
		return v;
	case DC_N_SELF:
	case DC_N_THIS:
	case DC_N_INDEX:
		return cg_var_load(g, n);
	case DC_N_ASSIGN:
		return cg_assign(g, n);
	case DC_N_POSTFIX: {
		/* the step undone: 1, or a pointer's element size */
		int32_t step = n->l->r && n->l->r->kind == DC_N_BINARY &&
			       n->l->r->id > 0 ? n->l->r->id : 1;
		uint32_t one;

		v = cg_expr(g, n->l);
		one = reg_alloc(g);
		emit(g, SONDE_OP_MOVI, one, 0, 0, step);
		emit(g, n->op == DC_TK_INC ? SONDE_OP_SUB : SONDE_OP_ADD,
		     v.reg, v.reg, one, 0);
		reg_free(g, one);
		v.norm = v.t.size >= 8;
		return v;
	}
	case DC_N_IDENT:
		if (n->isvar)
			return cg_var_load(g, n);
		v.reg = reg_alloc(g);
		emit(g, SONDE_OP_LDB, v.reg, 0, 0, n->id);
		return v;
	case DC_N_UREG:
		v.reg = reg_alloc(g);
		emit(g, SONDE_OP_MOVI, v.reg, 0, 0, n->id);
		emit(g, SONDE_OP_LDUREG, v.reg, v.reg, 0, 0);
		return v;
	case DC_N_UNARY:
		if (n->op == DC_TK_STAR)
			return cg_deref(g, n);
		v = cg_expr(g, n->l);
		if (n->op == DC_TK_LNOT) {
			normalize(g, &v);
			emit(g, SONDE_OP_LNOT, v.reg, v.reg, 0, 0);
			v.norm = true;
		} else {
			convert_to(g, &v, n->type);
			if (n->op == DC_TK_MINUS)
				emit(g, SONDE_OP_NEG, v.reg, v.reg, 0, 0);
			else if (n->op == DC_TK_TILDE)
				emit(g, SONDE_OP_NOT, v.reg, v.reg, 0, 0);
			if (n->op != DC_TK_PLUS)
				v.norm = v.t.size == 8 ||
					 (n->op == DC_TK_TILDE && v.norm &&
					  !v.t.uns);
		}
		v.t = n->type;
		return v;
	case DC_N_BINARY:
		return cg_binary(g, n);
	case DC_N_LOGICAL:
		return cg_logical(g, n);
	case DC_N_TERNARY:
		return cg_ternary(g, n);
	case DC_N_COMMA:
		v = cg_expr(g, n->l);
		reg_free(g, v.reg);
		return cg_expr(g, n->r);
	case DC_N_CAST:
		v = cg_expr(g, n->l);
		if (n->type.kind == DC_T_VOID)
			return v;
		convert_to(g, &v, n->type);
		return v;
	case DC_N_STRINGOF:
		v = cg_expr(g, n->l);
		if (n->l->type.kind == DC_T_ARRAY ||
		    n->l->type.kind == DC_T_SOU) {
			/* a char array: the string it holds */
			emit(g, SONDE_OP_CALL, v.reg, v.reg, 1,
			     n->l->type.space == DC_SP_BUF ?
			     SONDE_SUBR_bufstr : SONDE_SUBR_stringof);
		} else if (n->l->type.kind == DC_T_INT) {
			normalize(g, &v);
			emit(g, SONDE_OP_CALL, v.reg, v.reg, 1,
			     SONDE_SUBR_stringof);
		} else if (n->l->type.kind == DC_T_BUF) {
			emit(g, SONDE_OP_CALL, v.reg, v.reg, 1,
			     SONDE_SUBR_bufstr);
		}
		v.t = n->type;
		return v;
	case DC_N_CALL:
		return cg_subr(g, n);
	case DC_N_MEMBER:
		return cg_member(g, n);
	case DC_N_SYM:
		return cg_sym(g, n);
	case DC_N_ADDR:
		return cg_addrof(g, n);
	case DC_N_DECAY:
		v = cg_expr(g, n->l);
		v.t = n->type;
		v.norm = true;
		return v;
	case DC_N_BTOH:
	case DC_N_HTOB:
		/* a buffer kept as its handle, a handle dereferenced */
		v = cg_expr(g, n->l);
		emit(g, n->kind == DC_N_BTOH ? SONDE_OP_BTOH : SONDE_OP_HTOB,
		     v.reg, v.reg, 0, 0);
		v.t = n->type;
		v.norm = true;
		return v;
	case DC_N_XARG:
		v = cg_expr(g, n->x);
		return v;
	}
	/* sema let through something without code: keep the stack sane */
	v.reg = reg_alloc(g);
	dc_error(g->cc, "D_UNKNOWN", n->line, n->col,
		 "internal compiler error: no code for expression kind %d",
		 n->kind);
	return v;
}

/* ---- record and actions ----------------------------------------------- */

static uint32_t add_field(struct dc_cg *g, struct sonde_dtype t,
			  uint32_t *off)
{
	struct sonde_pclause *pc = g->pc;

	if (!dc_grow(g->cc, (void **)&pc->fields, &g->cap_fields,
		     pc->nfields + 1, sizeof(*pc->fields)))
		return 0;
	*off = (g->rec_off + 7) & ~7u;
	g->rec_off = *off + t.size;
	pc->fields[pc->nfields].offset = *off;
	pc->fields[pc->nfields].type = t;
	return pc->nfields++;
}

static struct sonde_action *add_action(struct dc_cg *g, uint32_t kind,
				       const struct dc_node *at)
{
	struct sonde_pclause *pc = g->pc;
	struct sonde_action *a;

	if (!dc_grow(g->cc, (void **)&pc->acts, &g->cap_acts, pc->nacts + 1,
		     sizeof(*pc->acts)))
		return NULL;
	a = &pc->acts[pc->nacts++];
	memset(a, 0, sizeof(*a));
	a->kind = kind;
	a->field = pc->nfields;
	a->line = DC_LINE(at->line);
	a->col = at->col;
	a->pc_off = g->cc->prog->ninsns - pc->act_off;
	return a;
}

static void end_action(struct dc_cg *g, struct sonde_action *a)
{
	if (a)
		a->pc_len = g->cc->prog->ninsns - g->pc->act_off - a->pc_off;
}

/* Evaluate @n and write it into a new field of the record. */
/* @reg (a kernel address) becomes a buffer of its @size bytes, copied
 * fault-safely into scratch (kcopy), for emitm. */
static void cg_kcopy(struct dc_cg *g, uint32_t reg, uint32_t size)
{
	uint32_t t = reg_alloc(g);

	load_int(g, t, size);
	emit(g, SONDE_OP_CALL, reg, reg, 2, SONDE_SUBR_kcopy);
	reg_free(g, t);
}

static void cg_emit_value(struct dc_cg *g, struct dc_node *n)
{
	struct sonde_dtype dt = dc_dtype(g->cc, n->type);
	struct dc_val v = cg_expr(g, n);
	uint32_t off;
	int op;

	if (n->type.kind == DC_T_SOU && n->type.space != DC_SP_BUF)
		cg_kcopy(g, v.reg, dt.size);	/* a kernel struct's bytes */
	add_field(g, dt, &off);
	if (dt.kind == SONDE_DT_BYTES) {
		/* trace(copyin(p, N)): the N bytes */
		emit(g, SONDE_OP_EMITM, 0, v.reg, 0, SONDE_SOL_IMM(off, dt.size));
		reg_free(g, v.reg);
		return;
	}
	cg_hnd_off(g, v.reg, n->type);
	if (dt.kind == SONDE_DT_STR)
		op = SONDE_OP_EMITS;
	else
		op = dt.size == 1 ? SONDE_OP_EMIT1 : dt.size == 2 ?
		     SONDE_OP_EMIT2 : dt.size == 4 ? SONDE_OP_EMIT4 :
		     SONDE_OP_EMIT8;
	emit(g, op, 0, v.reg, 0, (int32_t)off);
	reg_free(g, v.reg);
}

/*
 * The consumer-side actions: an action naming the aggregation (or, for
 * setopt, the option) and one 8-byte field, n or a zero placeholder, so
 * that the clause commits a record when it runs.
 */
static void cg_aggact(struct dc_cg *g, struct dc_node *e)
{
	struct sonde_dtype dt = { SONDE_DT_INT, 8 };
	struct sonde_action *a;
	struct dc_val v;
	uint32_t off;

	a = add_action(g, e->fn->id, e);
	if (!a)
		return;
	if (a->kind == SONDE_A_FTRUNCATE) {
		/* no aggregation, no option: just when to act */
	} else if (a->kind == SONDE_A_SETOPT) {
		size_t l0 = e->args[0]->slen;
		size_t l1 = e->nargs > 1 ? e->args[1]->slen + 1 : 0;

		a->fmt = calloc(1, l0 + l1 + 1);
		if (!a->fmt) {
			g->cc->oom = true;
			return;
		}
		memcpy(a->fmt, e->args[0]->str, l0);
		if (l1) {
			a->fmt[l0] = '=';
			memcpy(a->fmt + l0 + 1, e->args[1]->str, l1 - 1);
		}
	} else {
		a->aggids = calloc(1, sizeof(*a->aggids));
		if (!a->aggids) {
			g->cc->oom = true;
			return;
		}
		a->aggids[0] = (uint32_t)e->args[0]->id;
		a->naggs = 1;
	}
	add_field(g, dt, &off);
	if (e->nargs == 2 && a->kind != SONDE_A_SETOPT &&
	    a->kind != SONDE_A_FTRUNCATE) {
		v = cg_expr(g, e->args[1]);
		normalize(g, &v);
		emit(g, SONDE_OP_EMIT8, 0, v.reg, 0, (int32_t)off);
		reg_free(g, v.reg);
	} else {
		emit(g, SONDE_OP_EMIT8, 0, 0, 0, (int32_t)off);
	}
	a = &g->pc->acts[g->pc->nacts - 1];
	a->nfields = 1;
	end_action(g, a);
}

/* The pid as a 4-byte field, before a user address or stack: the
 * consumer names user symbols by process. */
static void cg_emit_pid(struct dc_cg *g)
{
	struct sonde_dtype dt;
	uint32_t off, reg = reg_alloc(g);

	emit(g, SONDE_OP_LDB, reg, 0, 0, SONDE_B_pid);
	dt.kind = SONDE_DT_INT;
	dt.size = 4;
	add_field(g, dt, &off);
	emit(g, SONDE_OP_EMIT4, 0, reg, 0, (int32_t)off);
	reg_free(g, reg);
}

/*
 * print(p): the address (0 for a buffer), then the bytes p points to
 * (Oracle's form); print(s) of a struct or union value: its bytes only
 * (illumos's).  The consumer prints them with the type's tree.
 */
static void cg_print(struct dc_cg *g, struct dc_node *e)
{
	const struct dc_type *at = &e->args[0]->type;
	bool value = at->kind == DC_T_SOU;
	bool buf = value ? at->space == DC_SP_BUF : at->kind == DC_T_BUF;
	struct sonde_action *a = add_action(g, SONDE_A_PRINT, e);
	struct sonde_dtype dt;
	struct dc_val v;
	uint32_t off;

	if (!a)
		return;
	if (dc_ptype_build(g->cc, (uint32_t)e->id, &a->ptype, &a->nptype))
		return;
	if (e->args[0]->kind == DC_N_HTOB) {
		/* print(p) of a handle: its offset as the pointer (as Linux
		 * DTrace prints an alloca pointer's), then the buffer */
		v = cg_expr(g, e->args[0]->l);
		dt.kind = SONDE_DT_UINT;
		dt.size = 8;
		add_field(g, dt, &off);
		{
			uint32_t h = reg_alloc(g);

			emit(g, SONDE_OP_MOV, h, v.reg, 0, 0);
			cg_hnd_off(g, h, e->args[0]->l->type);
			emit(g, SONDE_OP_EMIT8, 0, h, 0, (int32_t)off);
			reg_free(g, h);
		}
		emit(g, SONDE_OP_HTOB, v.reg, v.reg, 0, 0);
	} else {
		v = cg_expr(g, e->args[0]);
		if (!value) {
			dt.kind = SONDE_DT_UINT;
			dt.size = 8;
			add_field(g, dt, &off);
			emit(g, SONDE_OP_EMIT8, 0, buf ? 0 : v.reg, 0,
			     (int32_t)off);
		}
	}
	if (!buf)
		cg_kcopy(g, v.reg, (uint32_t)e->ival);
	dt.kind = SONDE_DT_BYTES;
	dt.size = (uint32_t)e->ival;
	add_field(g, dt, &off);
	emit(g, SONDE_OP_EMITM, 0, v.reg, 0, SONDE_SOL_IMM(off, dt.size));
	reg_free(g, v.reg);
	a = &g->pc->acts[g->pc->nacts - 1];
	a->nfields = value ? 1 : 2;
	end_action(g, a);
}

/* stack(), ustack() (the pid first, for the consumer's symbols) and
 * jstack() (one field, the pid inside) */
static void cg_stack(struct dc_cg *g, struct dc_node *e)
{
	struct sonde_action *a;
	struct sonde_dtype dt;
	uint32_t off;

	if (e->type.uns == DC_STACK_J) {
		a = add_action(g, SONDE_A_JSTACK, e);
		dt = dc_dtype(g->cc, e->type);
		add_field(g, dt, &off);
		emit(g, SONDE_OP_EMITJSTACK, 0, 0, e->type.size,
		     SONDE_SOL_IMM(off, e->type.blen));
		a = &g->pc->acts[g->pc->nacts - 1];
		a->nfields = 1;
		end_action(g, a);
		return;
	}
	a = add_action(g, e->type.uns ? SONDE_A_USTACK : SONDE_A_STACK, e);
	if (e->type.uns)
		cg_emit_pid(g);
	dt = dc_dtype(g->cc, e->type);
	add_field(g, dt, &off);
	emit(g, e->type.uns ? SONDE_OP_EMITUSTACK : SONDE_OP_EMITKSTACK,
	     0, 0, e->type.size, (int32_t)off);
	a = &g->pc->acts[g->pc->nacts - 1];
	a->nfields = e->type.uns ? 2 : 1;
	end_action(g, a);
}

/* sym() and friends (@kind): the address, after the pid for the user
 * ones, for the consumer to name */
static void cg_symaddr(struct dc_cg *g, struct dc_node *e, uint32_t kind)
{
	bool user = kind >= SONDE_A_USYM;
	struct sonde_action *a = add_action(g, kind, e);
	struct sonde_dtype dt;
	struct dc_val v;
	uint32_t off;

	if (user)
		cg_emit_pid(g);
	v = cg_expr(g, e->args[0]);
	normalize(g, &v);
	dt.kind = SONDE_DT_UINT;
	dt.size = 8;
	add_field(g, dt, &off);
	emit(g, SONDE_OP_EMIT8, 0, v.reg, 0, (int32_t)off);
	reg_free(g, v.reg);
	a = &g->pc->acts[g->pc->nacts - 1];
	a->nfields = user ? 2 : 1;
	end_action(g, a);
}

/* printa([format,] @agg...): the aggregations' ids, and a placeholder
 * field that makes the clause commit a record */
static void cg_printa(struct dc_cg *g, struct dc_node *e)
{
	struct sonde_action *a = add_action(g, SONDE_A_PRINTA, e);
	struct sonde_dtype dt;
	uint32_t i, off, first = 0;

	if (!a)
		return;
	if (e->args[0]->kind == DC_N_STR) {
		a->fmt = strndup(e->args[0]->str, e->args[0]->slen);
		if (!a->fmt)
			g->cc->oom = true;
		first = 1;
	}
	a->naggs = e->nargs - first;
	a->aggids = calloc(a->naggs, sizeof(*a->aggids));
	if (!a->aggids) {
		g->cc->oom = true;
		return;
	}
	for (i = first; i < e->nargs; i++)
		a->aggids[i - first] = (uint32_t)e->args[i]->id;
	dt.kind = SONDE_DT_UINT;
	dt.size = 8;
	add_field(g, dt, &off);
	emit(g, SONDE_OP_EMIT8, 0, 0, 0, (int32_t)off);
	a = &g->pc->acts[g->pc->nacts - 1];
	a->nfields = 1;
	end_action(g, a);
}

/* printf(), and system() and freopen(), which record like it and the
 * consumer acts on */
static void cg_printf(struct dc_cg *g, struct dc_node *e)
{
	struct sonde_action *a;
	uint32_t i;

	a = add_action(g, e->fn->id, e);
	if (e->fn->flags & DC_FF_DESTRUCTIVE)
		g->pc->flags |= SONDE_CLAUSEF_DESTRUCTIVE;
	if (!a)
		return;
	a->fmt = strndup(e->args[0]->str, e->args[0]->slen);
	if (!a->fmt)
		g->cc->oom = true;
	for (i = 1; i < e->nargs; i++)
		cg_emit_value(g, e->args[i]);
	a = &g->pc->acts[g->pc->nacts - 1];
	a->nfields = e->nargs - 1;
	end_action(g, a);
}

static void cg_tracemem(struct dc_cg *g, struct dc_node *e)
{
	struct sonde_action *a;
	struct sonde_dtype dt;
	struct dc_val v;
	uint32_t off;

	/* tracemem(buffer, N[, dynsize]): the dynamic size first, then N
	 * bytes, printed as a hex dump of the fewer */
	a = add_action(g, SONDE_A_TRACEMEM, e);
	if (e->nargs == 3)
		cg_emit_value(g, e->args[2]);
	v = cg_expr(g, e->args[0]);
	dt.kind = SONDE_DT_BYTES;
	dt.size = (uint32_t)e->args[1]->ival;
	add_field(g, dt, &off);
	emit(g, SONDE_OP_EMITM, 0, v.reg, 0, SONDE_SOL_IMM(off, dt.size));
	reg_free(g, v.reg);
	a = &g->pc->acts[g->pc->nacts - 1];
	a->nfields = e->nargs == 3 ? 2 : 1;
	end_action(g, a);
}

static void cg_exit(struct dc_cg *g, struct dc_node *e)
{
	struct sonde_action *a;
	struct sonde_dtype dt;
	struct dc_val v;
	uint32_t off;

	a = add_action(g, SONDE_A_EXIT, e);
	v = cg_expr(g, e->args[0]);
	convert_to(g, &v, (struct dc_type){ .kind = DC_T_INT, .size = 4 });
	normalize(g, &v);
	dt.kind = SONDE_DT_INT;
	dt.size = 4;
	add_field(g, dt, &off);
	emit(g, SONDE_OP_EMIT4, 0, v.reg, 0, (int32_t)off);
	emit(g, SONDE_OP_EXIT, 0, v.reg, 0, 0);
	reg_free(g, v.reg);
	a = &g->pc->acts[g->pc->nacts - 1];
	a->nfields = 1;
	end_action(g, a);
}

/* A call as a statement: an action, or a subroutine for what it does. */
static void cg_call(struct dc_cg *g, struct dc_node *e)
{
	struct sonde_action *a;
	struct dc_val v;

	if (e->fn->kind == DC_FN_SUBR) {
		/* speculate(), commit(), discard(), raise() and the other
		 * subroutine actions, copyinto(): no record of their own */
		v = cg_subr(g, e);
		reg_free(g, v.reg);
		return;
	}
	switch ((enum sonde_action_kind)e->fn->id) {
	case SONDE_A_PRINTF:
	case SONDE_A_SYSTEM:
	case SONDE_A_FREOPEN:
		cg_printf(g, e);
		return;
	case SONDE_A_TRACE:
		a = add_action(g, SONDE_A_TRACE, e);
		cg_emit_value(g, e->args[0]);
		a = &g->pc->acts[g->pc->nacts - 1];
		a->nfields = 1;
		end_action(g, a);
		return;
	case SONDE_A_PRINT:
		cg_print(g, e);
		return;
	case SONDE_A_TRACEMEM:
		cg_tracemem(g, e);
		return;
	case SONDE_A_EXIT:
		cg_exit(g, e);
		return;
	case SONDE_A_STACK:
	case SONDE_A_USTACK:
	case SONDE_A_JSTACK:
		cg_stack(g, e);
		return;
	case SONDE_A_SYM:
	case SONDE_A_MOD:
	case SONDE_A_USYM:
	case SONDE_A_UMOD:
	case SONDE_A_UADDR:
		cg_symaddr(g, e, e->fn->id);
		return;
	case SONDE_A_CLEAR:
	case SONDE_A_TRUNC:
	case SONDE_A_NORMALIZE:
	case SONDE_A_DENORMALIZE:
	case SONDE_A_SETOPT:
	case SONDE_A_FTRUNCATE:
		cg_aggact(g, e);
		return;
	case SONDE_A_PRINTA:
		cg_printa(g, e);
		return;
	}
}

/*
 * A sym()-family key (DC_T_SYM): a kernel one is its address; a user one
 * a 16-byte object in scratch, the pid and the address, so the consumer
 * names it in its process.
 */
static struct dc_val cg_symkey(struct dc_cg *g, struct dc_node *n)
{
	struct dc_val v = cg_expr(g, n->args[0]);
	uint32_t size, buf, pid;

	normalize(g, &v);
	if (n->type.size != 16)
		return v;
	/* registers are a stack: the key stays in v's, the one keys
	 * are consecutive in */
	buf = reg_alloc(g);
	size = reg_alloc(g);
	emit(g, SONDE_OP_MOVI, size, 0, 0, 16);
	emit(g, SONDE_OP_CALL, buf, size, 1, SONDE_SUBR_alloca);
	reg_free(g, size);
	pid = reg_alloc(g);
	emit(g, SONDE_OP_LDB, pid, 0, 0, SONDE_B_pid);
	emit(g, SONDE_OP_STM8, 0, buf, pid, 0);
	reg_free(g, pid);
	emit(g, SONDE_OP_STM8, 0, buf, v.reg, 8);
	emit(g, SONDE_OP_MOV, v.reg, buf, 0, 0);
	reg_free(g, buf);
	return v;
}

static void cg_aggregate(struct dc_cg *g, struct dc_node *asg)
{
	struct dc_node *agg = asg->l, *call = asg->r;
	uint32_t i, keys = 0, val = 0, nconst = 0, regs[SONDE_MAX_AGG_KEYS + 2];
	uint32_t nregs = 0;
	struct dc_val v;

	for (i = 0; i < agg->nargs; i++) {
		if (agg->args[i]->type.kind == DC_T_STACK) {
			/* taken by the VM: the register is ignored */
			v.reg = reg_alloc(g);
		} else if (agg->args[i]->type.kind == DC_T_SYM) {
			v = cg_symkey(g, agg->args[i]);
		} else {
			v = cg_key(g, agg->args[i]);
		}
		if (i == 0)
			keys = v.reg;
		regs[nregs++] = v.reg;
	}
	if (call->id == SONDE_AGG_lquantize)
		nconst = call->nargs > 3 ? 3 : 2;
	else if (call->id == SONDE_AGG_llquantize)
		nconst = 4;
	for (i = 0; i < call->nargs; i++) {
		if (i >= 1 && i <= nconst)
			continue;
		v = cg_expr(g, call->args[i]);
		normalize(g, &v);
		if (i == 0)
			val = v.reg;
		regs[nregs++] = v.reg;
	}
	emit(g, SONDE_OP_AGG, 0, keys, val, agg->id);
	while (nregs)
		reg_free(g, regs[--nregs]);
}

static void cg_stmt(struct dc_cg *g, struct dc_node *s)
{
	struct dc_node *e = s->l, *b;
	struct dc_val v;

	if (s->kind == DC_N_BLOCK) {
		for (b = s->body; b; b = b->next)
			cg_stmt(g, b);
		return;
	}
	g->line = s->line;
	g->line0 = s->line;
	g->col0 = s->col;
	g->top = DC_REG_FIRST;
	if (e->kind == DC_N_ASSIGN && e->l->kind == DC_N_AGG) {
		cg_aggregate(g, e);
	} else if (e->kind == DC_N_CALL) {
		cg_call(g, e);
	} else {
		/* an expression for its side effects (none yet) */
		v = cg_expr(g, e);
		reg_free(g, v.reg);
	}
}

void dc_cg_clause(struct dc_cc *cc, struct dc_clause_ast *c, uint32_t idx)
{
	struct sonde_program *p = cc->prog;
	struct sonde_pclause *pc = &p->clauses[idx];
	struct dc_cg g;
	struct dc_node *s;
	struct dc_val v;

	memset(&g, 0, sizeof(g));
	g.cc = cc;
	g.pc = pc;
	g.top = DC_REG_FIRST;
	if (c->pred) {
		g.line = g.line0 = c->pred->line;
		g.col0 = c->pred->col;
		pc->pred_off = p->ninsns;
		v = cg_expr(&g, c->pred);
		normalize(&g, &v);
		emit(&g, SONDE_OP_RET, 0, v.reg, 0, 0);
		reg_free(&g, v.reg);
		pc->pred_len = p->ninsns - pc->pred_off;
	}
	pc->act_off = p->ninsns;
	for (s = c->body; s; s = s->next)
		cg_stmt(&g, s);
	g.line = c->body ? g.line : c->line;
	emit(&g, SONDE_OP_RET, 0, 0, 0, 0);
	pc->act_len = p->ninsns - pc->act_off;
	pc->rec_size = (g.rec_off + 7) & ~7u;
	/*
	 * A record even without data: the default action of a clause with
	 * no body, and actions that record nothing of their own (printf of
	 * a constant string): the consumer acts on records.
	 */
	if (!c->body || (pc->nacts && !pc->rec_size))
		pc->flags |= SONDE_CLAUSEF_RECORD;
	if (pc->rec_size > SONDE_MAX_RECSIZE)
		dc_error(cc, "D_UNKNOWN", c->line, 1,
			 "clause records %u bytes, more than the %u allowed (lower strsize?)",
			 pc->rec_size, SONDE_MAX_RECSIZE);
}
