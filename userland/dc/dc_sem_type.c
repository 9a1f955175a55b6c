// SPDX-License-Identifier: GPL-2.0
/*
 * dc_sem_type.c - semantic analysis of D's declared and kernel types:
 * member access (. and ->, bit-fields, anonymous members), dereference
 * and pointer arithmetic through the type table, arrays (indexing,
 * decay to a pointer, char arrays as strings), casts between pointer
 * types, sizeof and offsetof of types, enumerators, inline expansion,
 * translators (xlate and the members of a translated object) and the
 * names of types in messages.  Called by dc_sem.c's expression checks;
 * userland only.
 *
 * Objects (structs, unions, arrays) are by reference: an expression of
 * such a type evaluates to the object's address, in kernel memory (read
 * through the VM's fault-safe loads) or in a copyin() buffer (the
 * firing's scratch); a member access adds the member's offset, and only
 * a scalar at the end of the chain is loaded (dc_cg.c).
 */
#include <string.h>

#include "dc_impl.h"
#include "dc_sem.h"

/* The compilation whose types dc_type_str() names (the compiler is one
 * handle per thread). */
static __thread struct dc_cc *dc_names_cc;

void dc_sem_types_begin(struct dc_cc *cc)
{
	dc_names_cc = cc;
}

const char *dc_type_tname(struct dc_type t, char *buf, size_t size)
{
	if (!t.tid || !dc_names_cc || t.tid >= dc_names_cc->ct.n)
		return NULL;
	return dc_ct_name(dc_names_cc, t.tid, buf, size);
}

bool dc_sem_same_type(struct dc_cc *cc, uint32_t a, uint32_t b)
{
	const struct dc_ctype *x, *y;
	int depth;

	for (depth = 0; depth < 16; depth++) {
		a = dc_ct_resolve(cc, a);
		b = dc_ct_resolve(cc, b);
		if (a == b)
			return true;
		x = dc_ct(cc, a);
		y = dc_ct(cc, b);
		if (x->kind == DC_CT_INT && y->kind == DC_CT_INT)
			return x->size == y->size && x->uns == y->uns;
		if ((x->kind == DC_CT_STRUCT || x->kind == DC_CT_UNION ||
		     x->kind == DC_CT_ENUM || x->kind == DC_CT_FWD) &&
		    (y->kind == DC_CT_STRUCT || y->kind == DC_CT_UNION ||
		     y->kind == DC_CT_ENUM || y->kind == DC_CT_FWD))
			return x->name && y->name && !strcmp(x->name, y->name) &&
			       (x->kind == DC_CT_FWD ? x->fwdkind : x->kind) ==
			       (y->kind == DC_CT_FWD ? y->fwdkind : y->kind);
		if (x->kind != y->kind)
			return false;
		if (x->kind == DC_CT_ARRAY && x->n != y->n)
			return false;
		if (x->kind != DC_CT_PTR && x->kind != DC_CT_ARRAY)
			return x->kind == DC_CT_VOID || x->kind == DC_CT_STRING;
		a = dc_ct_ref(cc, a);
		b = dc_ct_ref(cc, b);
	}
	return false;
}

/* ---- nodes ------------------------------------------------------------- */

/* Turn @n into a node of @kind wrapping a copy of what it was. */
static struct dc_node *dc_wrap(struct dc_cc *cc, struct dc_node *n, int kind)
{
	struct dc_node *c = dc_alloc(cc, sizeof(*c));

	if (!c)
		return NULL;
	*c = *n;
	memset(n, 0, sizeof(*n));
	n->kind = kind;
	n->line = c->line;
	n->col = c->col;
	n->l = c;
	return n;
}

/*
 * A handle where a buffer's bytes are read (*p, p[i], p->m, a buffer
 * argument, stringof()): the buffer it names in this run, or a run-time
 * invalid address (htob).
 */
bool dc_sem_unhnd(struct dc_cc *cc, struct dc_node *n)
{
	struct dc_type t = n->type;

	if (t.kind != DC_T_INT || t.hnd == DC_HND_NONE)
		return true;
	if (t.hnd == DC_HND_MIXED) {
		dc_error(cc, "D_ALLOCA_INCOMPAT", n->line, n->col,
			 "ternary conditional with alloca and non-alloca branches cannot be dereferenced");
		return false;
	}
	if (!dc_wrap(cc, n, DC_N_HTOB))
		return false;
	n->type = t;
	n->type.kind = DC_T_BUF;
	n->type.hnd = DC_HND_NONE;
	n->type.blen = 0;
	return true;
}

/* A buffer stored where it outlives the clause: its handle (btoh). */
bool dc_sem_tohnd(struct dc_cc *cc, struct dc_node *n)
{
	struct dc_type t = n->type;

	if (!dc_wrap(cc, n, DC_N_BTOH))
		return false;
	n->type = t;
	n->type.kind = DC_T_INT;
	n->type.hnd = DC_HND_ALLOCA;
	n->type.blen = 0;
	n->type.space = DC_SP_KERNEL;
	return true;
}

struct dc_node *dc_node_clone(struct dc_cc *cc, const struct dc_node *n,
			      uint32_t line, uint32_t col)
{
	struct dc_node *c;
	uint32_t i;

	if (!n)
		return NULL;
	c = dc_alloc(cc, sizeof(*c));
	if (!c)
		return NULL;
	*c = *n;
	c->line = line;
	c->col = col;
	c->l = dc_node_clone(cc, n->l, line, col);
	c->r = dc_node_clone(cc, n->r, line, col);
	c->x = n->kind == DC_N_XARG ? n->x : dc_node_clone(cc, n->x, line, col);
	c->next = NULL;
	c->body = NULL;
	if (n->nargs) {
		c->args = dc_alloc(cc, n->nargs * sizeof(*c->args));
		if (!c->args)
			return NULL;
		for (i = 0; i < n->nargs; i++)
			c->args[i] = dc_node_clone(cc, n->args[i], line, col);
	}
	return c;
}

/*
 * @n, checked, as a value of integer type @t (as by assignment): a
 * constant folded, anything else converted by a cast node around it.
 */
bool dc_sem_convert(struct dc_cc *cc, struct dc_node *n, struct dc_type t)
{
	if (n->isconst) {
		n->type = t;
		n->ival = dc_sem_norm(n->ival, t);
		return true;
	}
	if (!dc_wrap(cc, n, DC_N_CAST))
		return false;
	n->ctype = t;
	n->type = t;
	return true;
}

/* ---- objects as values ----------------------------------------------- */

/*
 * An array used as a value: a char array is the string it holds, any
 * other array a pointer to its first element (C's decay).
 */
bool dc_sem_value(struct dc_cc *cc, struct dc_node *n)
{
	if (n->kind == DC_N_XLATE) {
		dc_error(cc, "D_OP_INCOMPAT", n->line, n->col,
			 "a translated %s is read member by member: use -> (or . after *) with a member name",
			 dc_type_str(n->type));
		return false;
	}
	if (n->kind == DC_N_UNARY && n->op == DC_TK_STAR &&
	    n->l->kind == DC_N_XLATE) {
		/* dtrace snapshots every member; sonde reads them one by
		 * one only */
		dc_error(cc, "D_OP_INCOMPAT", n->line, n->col,
			 "a translated %s is read member by member: use . with a member name (a whole translated object cannot be copied)",
			 dc_type_str(n->type));
		return false;
	}
	if (n->type.kind != DC_T_ARRAY)
		return true;
	if (dc_ct_is_chararray(cc, n->type.tid)) {
		if (!dc_wrap(cc, n, DC_N_STRINGOF))
			return false;
		n->type = dc_str;
		return true;
	}
	return dc_sem_decay(cc, n);
}

bool dc_sem_decay(struct dc_cc *cc, struct dc_node *n)
{
	uint32_t elem = dc_ct_ref(cc, dc_ct_resolve(cc, n->type.tid));
	uint32_t space = n->type.space;

	if (!dc_wrap(cc, n, DC_N_DECAY))
		return false;
	n->type = dc_ct_type(cc, dc_ct_ptr(cc, elem), space);
	if (space == DC_SP_BUF)
		n->type.kind = DC_T_BUF;
	return true;
}

bool dc_sem_addrof(struct dc_cc *cc, struct dc_node *n)
{
	struct dc_node *l = n->l;
	uint32_t space;
	bool byref;

	if (l->kind == DC_N_IDENT && strchr(l->name, '`'))
		return dc_sem_symbol_addr(cc, n);
	/* &p[i] of a pointer variable p is p + i, not a variable's
	 * address */
	if (l->kind == DC_N_IDENT || l->kind == DC_N_SELF ||
	    l->kind == DC_N_THIS || (l->kind == DC_N_INDEX &&
				     l->l->kind != DC_N_MEMBER &&
				     l->l->kind != DC_N_UNARY &&
				     !dc_sem_is_ptr_var(cc, l->l))) {
		if (l->kind != DC_N_IDENT || dc_builtin_lookup(l->name) < 0) {
			dc_error(cc, "D_ADDROF_VAR", n->line, n->col,
				 "cannot take address of dynamic variable");
			return false;
		}
	}
	if (!dc_sem_obj(cc, l))
		return false;
	if (l->kind == DC_N_MEMBER && l->bits) {
		dc_error(cc, "D_ADDROF_BITFIELD", n->line, n->col,
			 "cannot take address of bit-field");
		return false;
	}
	if ((l->kind == DC_N_UNARY && l->op == DC_TK_STAR &&
	     l->l->kind == DC_N_XLATE) || l->kind == DC_N_XLATE ||
	    (l->kind == DC_N_MEMBER && l->l->kind == DC_N_XLATE)) {
		/* a translated object lives nowhere: dtrace's <DYN> */
		dc_error(cc, "D_ADDROF_VAR", n->line, n->col,
			 "cannot take address of dynamic object");
		return false;
	}
	byref = l->type.kind == DC_T_SOU || l->type.kind == DC_T_ARRAY;
	if (l->kind == DC_N_SYM) {
		n->kind = DC_N_INT;
		n->ival = l->ival;
		n->type = dc_ct_type(cc, dc_ct_ptr(cc, l->type.tid),
				     DC_SP_KERNEL);
		n->isconst = true;
		return true;
	}
	if (l->kind == DC_N_UNARY && l->op == DC_TK_STAR && !byref) {
		/* &*p is p */
		*n = *l->l;
		return true;
	}
	if ((l->kind != DC_N_MEMBER && !byref) || !l->type.tid ||
	    l->kind == DC_N_XLATE) {
		dc_error(cc, "D_ADDROF_LVAL", n->line, n->col,
			 "unacceptable operand for unary & operator");
		return false;
	}
	space = l->type.space;
	n->kind = DC_N_ADDR;
	n->type = dc_ct_type(cc, dc_ct_ptr(cc, l->type.tid), DC_SP_KERNEL);
	if (space == DC_SP_BUF)
		n->type.kind = DC_T_BUF;
	return true;
}

/* A char pointer where a string is wanted (printf's %s, a compare with
 * a string): the string it points to, read fault-safely. */
/*
 * An integer constant 0 (NULL) where a string is compared or assigned
 * becomes DTrace's NULL string (lds rd, NULL).  True if @n was one.
 */
bool dc_sem_null_str(struct dc_node *n)
{
	if (!n->isconst || n->type.kind != DC_T_INT || n->ival)
		return false;
	n->kind = DC_N_NULLSTR;
	n->isconst = false;
	n->type = dc_str;
	return true;
}

bool dc_sem_charptr_str(struct dc_cc *cc, struct dc_node *n)
{
	/* a char pointer into a buffer (kept in a variable or not): the
	 * string in the buffer's bytes */
	if ((n->type.kind == DC_T_INT || n->type.kind == DC_T_BUF) &&
	    n->type.ptr == 1 && n->type.tid &&
	    dc_ct_is_charptr(cc, n->type.tid)) {
		if (!dc_sem_unhnd(cc, n) || !dc_wrap(cc, n, DC_N_STRINGOF))
			return false;
		n->type = dc_str;
	}
	return true;
}

/* ---- pointers ---------------------------------------------------------- */

/* The bytes one step of typed pointer @t moves; 0 (reported) if none. */
uint32_t dc_sem_ptr_scale(struct dc_cc *cc, const struct dc_node *at,
			  struct dc_type t)
{
	uint32_t r = dc_ct_resolve(cc, t.tid), tgt, k;
	char tn[256];

	if (dc_ct(cc, r)->kind != DC_CT_PTR)
		return 1;
	tgt = dc_ct_ref(cc, r);
	k = dc_ct_kind(cc, tgt);
	if (k == DC_CT_VOID)
		return 1;
	if (k == DC_CT_FUNC || !dc_ct_complete(cc, &tgt) ||
	    !dc_ct_size(cc, tgt)) {
		dc_error(cc, "D_OP_VFPTR", at->line, at->col,
			 "operator %s requires an operand of known size: \"%s\"",
			 dc_tok_name(at->op), dc_ct_name(cc, t.tid, tn, sizeof(tn)));
		return 0;
	}
	return dc_ct_size(cc, tgt);
}

bool dc_sem_deref_typed(struct dc_cc *cc, struct dc_node *n)
{
	struct dc_type t = n->l->type;
	uint32_t r = dc_ct_resolve(cc, t.tid), tgt, k;
	char tn[256];

	tgt = dc_ct_ref(cc, r);
	k = dc_ct_kind(cc, tgt);
	if (k == DC_CT_VOID) {
		dc_error(cc, "D_DEREF_VOID", n->line, n->col,
			 "cannot dereference pointer to void");
		return false;
	}
	if (k == DC_CT_FUNC) {
		dc_error(cc, "D_DEREF_FUNC", n->line, n->col,
			 "cannot dereference pointer to function");
		return false;
	}
	if (k == DC_CT_FWD && !dc_ct_complete(cc, &tgt)) {
		const struct dc_ctype *f = dc_ct(cc, dc_ct_resolve(cc, tgt));

		dc_error(cc, "D_OP_INCOMPLETE", n->line, n->col,
			 "operator * cannot be applied to a forward declaration: no %s %s definition is available",
			 f->fwdkind == DC_CT_UNION ? "union" :
			 f->fwdkind == DC_CT_ENUM ? "enum" : "struct",
			 f->name ? f->name : "(anon)");
		return false;
	}
	n->type = dc_ct_type(cc, tgt, t.kind == DC_T_BUF ? DC_SP_BUF :
			     DC_SP_KERNEL);
	n->type.space = t.kind == DC_T_BUF ? DC_SP_BUF : DC_SP_KERNEL;
	if (n->type.kind == DC_T_ERR) {
		dc_error(cc, "D_OP_INCOMPAT", n->line, n->col,
			 "operator * cannot be applied to type \"%s\": D has no values of type %s",
			 dc_ct_name(cc, t.tid, tn, sizeof(tn)),
			 dc_ct_name(cc, tgt, tn + 128, sizeof(tn) - 128));
		return false;
	}
	return true;
}

/* ---- members ------------------------------------------------------------ */

static bool sem_xlate_member(struct dc_cc *cc, struct dc_node *n,
			     struct dc_node *x);

bool dc_sem_member(struct dc_cc *cc, struct dc_node *n)
{
	struct dc_node *b = n->l;
	struct dc_type bt;
	struct dc_cmfound f;
	uint32_t sou, space, k;
	const char *op = n->op == DC_TK_ARROW ? "->" : ".";
	char tn[256];

	if (!dc_sem_obj(cc, b))
		return false;
	/* a translated object: the translator's expression for it */
	if (b->kind == DC_N_XLATE)
		return sem_xlate_member(cc, n, b);
	if (b->kind == DC_N_UNARY && b->op == DC_TK_STAR &&
	    b->l->kind == DC_N_XLATE && n->op == DC_TK_DOT)
		return sem_xlate_member(cc, n, b->l);
	if (n->op == DC_TK_ARROW && !dc_sem_unhnd(cc, b))
		return false;
	bt = b->type;
	if (n->op == DC_TK_ARROW) {
		uint32_t r = dc_ct_resolve(cc, bt.tid);

		if ((bt.kind != DC_T_INT && bt.kind != DC_T_BUF) || !bt.ptr ||
		    !bt.tid || dc_ct(cc, r)->kind != DC_CT_PTR) {
			if (bt.kind == DC_T_SOU)
				dc_error(cc, "D_OP_PTR", n->line, n->col,
					 "operator -> must be applied to a pointer");
			else
				dc_error(cc, "D_OP_SOU", n->line, n->col,
					 "operator -> cannot be applied to pointer to type \"%s\"; must be applied to a struct or union pointer",
					 dc_type_str(bt));
			return false;
		}
		sou = dc_ct_ref(cc, r);
		space = bt.kind == DC_T_BUF ? DC_SP_BUF : DC_SP_KERNEL;
	} else {
		if (bt.kind != DC_T_SOU) {
			dc_error(cc, "D_OP_SOU", n->line, n->col,
				 "operator . cannot be applied to type \"%s\"; must be applied to a struct or union",
				 dc_type_str(bt));
			return false;
		}
		sou = bt.tid;
		space = bt.space;
	}
	k = dc_ct_kind(cc, sou);
	if (k == DC_CT_FWD && !dc_ct_complete(cc, &sou)) {
		const struct dc_ctype *fw = dc_ct(cc, dc_ct_resolve(cc, sou));
		char why[512];

		dc_error(cc, "D_OP_INCOMPLETE", n->line, n->col,
			 "operator %s cannot be applied to a forward declaration: no %s %s definition is available%s%s",
			 op, fw->fwdkind == DC_CT_UNION ? "union" : "struct",
			 fw->name ? fw->name : "(anon)",
			 dc_btf_available(cc) ? "" : ": ",
			 dc_btf_available(cc) ? "" :
			 dc_btf_error(cc, why, sizeof(why)));
		return false;
	}
	k = dc_ct_kind(cc, sou);
	if (k != DC_CT_STRUCT && k != DC_CT_UNION) {
		if (n->op == DC_TK_ARROW)
			dc_error(cc, "D_OP_SOU", n->line, n->col,
				 "operator -> cannot be applied to pointer to type \"%s\"; must be applied to a struct or union pointer",
				 dc_ct_name(cc, sou, tn, sizeof(tn)));
		else
			dc_error(cc, "D_OP_SOU", n->line, n->col,
				 "operator . cannot be applied to type \"%s\"; must be applied to a struct or union",
				 dc_ct_name(cc, sou, tn, sizeof(tn)));
		return false;
	}
	if (dc_ct_member(cc, sou, n->name, &f)) {
		dc_error(cc, "D_TYPE_MEMBER", n->line, n->col,
			 "%s is not a member of %s", n->name,
			 dc_ct_name(cc, sou, tn, sizeof(tn)));
		return false;
	}
	if (dc_ct_kind(cc, f.type) == DC_CT_STRING)	/* strsize chars */
		f.type = dc_ct_arr(cc, cc->ct.t_char, dc_ct_size(cc, f.type));
	n->type = dc_ct_type(cc, f.type, space);
	n->type.space = (uint8_t)space;		/* where it is read */
	if (n->type.kind == DC_T_ERR) {
		dc_error(cc, "D_TYPE_ERR", n->line, n->col,
			 "member %s has type %s, which D cannot use", n->name,
			 dc_ct_name(cc, f.type, tn, sizeof(tn)));
		return false;
	}
	n->bits = n->bshift = n->bsize = 0;
	if (f.bits || (n->type.kind == DC_T_INT && f.bitoff % 8)) {
		/* a bit-field: the unit of its type that holds it (8 bytes
		 * when it straddles one, as packed structs may) */
		uint32_t unit = n->type.size ? n->type.size : 4;
		uint32_t bits = f.bits ? f.bits : unit * 8;
		uint32_t start = f.bitoff / (unit * 8) * unit;

		if (f.bitoff - start * 8 + bits > unit * 8) {
			unit = 8;
			start = f.bitoff / 8 & ~7u;
			if (f.bitoff - start * 8 + bits > 64) {
				dc_error(cc, "D_TYPE_ERR", n->line, n->col,
					 "bit-field %s spans more than 8 bytes",
					 n->name);
				return false;
			}
		}
		n->ival = start;
		n->bits = (uint8_t)bits;
		n->bshift = (uint8_t)(f.bitoff - start * 8);
		n->bsize = (uint8_t)unit;
	} else {
		n->ival = f.bitoff / 8;
	}
	return true;
}

/* ---- arrays -------------------------------------------------------------- */

/* a[i] for array object @a: a constant index is checked against the
 * dimension (DTrace's D_ARR_BOUNDS). */
bool dc_sem_array_bounds(struct dc_cc *cc, struct dc_node *a,
			 struct dc_node *i)
{
	const struct dc_ctype *t = dc_ct(cc, dc_ct_resolve(cc, a->type.tid));

	if (!dc_sem_need_int(cc, i, "D_OP_INT", "[]"))
		return false;
	if (i->isconst && t->n && (i->ival >= t->n ||
				   (!i->type.uns && (int64_t)i->ival < 0))) {
		dc_error(cc, "D_ARR_BOUNDS", i->line, i->col,
			 "index outside array bounds: %lld, max is %u",
			 (long long)i->ival, t->n);
		return false;
	}
	return true;
}

/* ---- sizeof, offsetof -------------------------------------------------- */

bool dc_sem_offsetof(struct dc_cc *cc, struct dc_node *n)
{
	uint32_t t = n->ctype.tid;
	struct dc_cmfound f;
	char tn[256];

	if (n->ctype.kind == DC_T_ERR)
		return false;
	if (n->ctype.kind != DC_T_SOU || !dc_ct_complete(cc, &t) ||
	    (dc_ct_kind(cc, t) != DC_CT_STRUCT &&
	     dc_ct_kind(cc, t) != DC_CT_UNION)) {
		dc_error(cc, "D_OFFSETOF_TYPE", n->line, n->col,
			 "offsetof operand must be a struct or union type");
		return false;
	}
	if (dc_ct_member(cc, t, n->name, &f)) {
		dc_error(cc, "D_TYPE_MEMBER", n->line, n->col,
			 "%s is not a member of %s", n->name,
			 dc_ct_name(cc, t, tn, sizeof(tn)));
		return false;
	}
	if (f.bits) {
		dc_error(cc, "D_OFFSETOF_BITFIELD", n->line, n->col,
			 "cannot take offset of a bit-field: %s", n->name);
		return false;
	}
	n->kind = DC_N_INT;
	n->type = dc_int_type(8, 1);	/* size_t */
	n->ival = f.bitoff / 8;
	n->isconst = true;
	return true;
}

/* The size sizeof gives of a type from the table; false (reported) for
 * an incomplete one. */
bool dc_sem_sizeof_type(struct dc_cc *cc, struct dc_node *n, uint64_t *size)
{
	uint32_t t = n->ctype.tid;

	if (n->l && n->l->kind == DC_N_MEMBER && n->l->bits) {
		dc_error(cc, "D_SIZEOF_BITFIELD", n->line, n->col,
			 "cannot apply sizeof to a bit-field");
		return false;
	}
	if (!dc_ct_complete(cc, &t) || !dc_ct_size(cc, t)) {
		dc_error(cc, "D_SIZEOF_TYPE", n->line, n->col,
			 "cannot apply sizeof to an operand of unknown size");
		return false;
	}
	*size = dc_ct_size(cc, t);
	return true;
}

/* ---- identifiers: enumerators, inlines ----------------------------------- */

bool dc_sem_enumerator(struct dc_cc *cc, struct dc_node *n)
{
	uint32_t tid;
	int64_t v;

	if (!dc_ct_enumerator(cc, n->name, &tid, &v))
		return false;
	n->kind = DC_N_INT;
	n->ival = (uint64_t)v;
	n->type = dc_ct_type(cc, tid, DC_SP_KERNEL);
	n->isconst = true;
	return true;
}

int dc_sem_inline_find(struct dc_cc *cc, const char *name)
{
	uint32_t i;

	for (i = 0; i < cc->ninls; i++)
		if (!strcmp(cc->inls[i].name, name))
			return (int)i;
	return -1;
}

/* Bind a translator's input name or an inline's parameter @param to @in
 * throughout @e. */
static void dc_xl_bind(struct dc_node *e, const char *param,
		       struct dc_node *in)
{
	uint32_t i;

	if (!e)
		return;
	if (e->kind == DC_N_IDENT && !strcmp(e->name, param)) {
		e->kind = DC_N_XARG;
		e->x = in;
		return;
	}
	if (e->kind == DC_N_XARG)
		return;
	dc_xl_bind(e->l, param, in);
	dc_xl_bind(e->r, param, in);
	dc_xl_bind(e->x, param, in);
	for (i = 0; i < e->nargs; i++)
		dc_xl_bind(e->args[i], param, in);
}

/*
 * Inline @id named at @n (used as @n[args], @nargs of them, when it has a
 * tuple signature): @n becomes its expression (a copy, checked here, each
 * parameter bound to its argument converted to the parameter's type),
 * converted to the inline's type.
 */
bool dc_sem_inline_args(struct dc_cc *cc, struct dc_node *n, int id,
			struct dc_node **args, uint32_t nargs)
{
	struct dc_inline *in = &cc->inls[id];
	/* a function of the D library (dc_sem_call_dlib()), or an inline
	 * indexed */
	bool call = n->kind == DC_N_CALL;
	struct dc_node *c;
	struct dc_type t = in->type;
	uint32_t i;

	if (in->busy) {
		dc_error(cc, "D_IDENT_BADREF", n->line, n->col,
			 "inline %s is defined in terms of itself", in->name);
		return false;
	}
	if (nargs != in->nparams) {
		if (call)	/* dt_node_proto()'s words */
			dc_error(cc, "D_PROTO_LEN", n->line, n->col,
				 "%s( ) prototype mismatch: %u arg%s passed, %u expected",
				 n->fn->name, nargs, nargs == 1 ? "" : "s",
				 in->nparams);
		else if (!in->nparams)
			dc_error(cc, "D_IDENT_BADREF", n->line, n->col,
				 "inline %s has no tuple signature: it cannot be indexed",
				 in->name);
		else if (!args)
			dc_error(cc, "D_IDENT_BADREF", n->line, n->col,
				 "%s[] is an inline array: it must be indexed (%s[%s])",
				 in->name, in->name, in->pnames[0]);
		else		/* dt_idcook_assc()'s */
			dc_error(cc, "D_PROTO_LEN", n->line, n->col,
				 "%s[ ] prototype mismatch: %u key%s passed, %u expected",
				 in->name, nargs, nargs == 1 ? "" : "s",
				 in->nparams);
		return false;
	}
	for (i = 0; i < nargs; i++) {
		if (!dc_sem_expr(cc, args[i]) || !dc_sem_value(cc, args[i]))
			return false;
		if (in->ptypes[i].kind == DC_T_INT &&
		    !in->ptypes[i].ptr && args[i]->type.kind == DC_T_INT &&
		    !args[i]->type.ptr) {
			if (!dc_sem_convert(cc, args[i], in->ptypes[i]))
				return false;
		} else if (in->ptypes[i].kind != args[i]->type.kind) {
			dc_error(cc, "D_PROTO_ARG", args[i]->line,
				 args[i]->col,
				 "%s%s argument #%u is incompatible with prototype:\n\tprototype: %s\n\t argument: %s",
				 call ? n->fn->name : in->name,
				 call ? "( )" : "[ ]", i + 1,
				 dc_type_str(in->ptypes[i]),
				 dc_type_str(args[i]->type));
			return false;
		}
	}
	c = dc_node_clone(cc, in->expr, n->line, n->col);
	if (!c)
		return false;
	for (i = 0; i < nargs; i++)
		dc_xl_bind(c, in->pnames[i], args[i]);
	in->busy = true;
	if (!dc_sem_obj(cc, c)) {
		cc->inls[id].busy = false;
		return false;
	}
	cc->inls[id].busy = false;
	*n = *c;
	if (t.kind == DC_T_INT && n->type.kind == DC_T_INT && !t.ptr &&
	    !n->type.ptr)	/* as by assignment to the inline's type */
		return dc_sem_convert(cc, n, t);
	if (t.kind == DC_T_INT && t.ptr && n->type.kind == DC_T_INT &&
	    !n->type.ptr && n->isconst) {
		n->type = t;		/* inline int *p = 0 */
		return true;
	}
	if (t.kind == DC_T_STR && n->type.kind == DC_T_ARRAY)
		return dc_sem_value(cc, n);
	if (n->kind == DC_N_XLATE || t.kind == n->type.kind ||
	    (t.kind == DC_T_INT && n->type.kind == DC_T_BUF))
		return true;
	dc_error(cc, "D_OP_INCOMPAT", n->line, n->col,
		 "inline %s definition uses incompatible types: \"%s\" = \"%s\"",
		 in->name, dc_type_str(t), dc_type_str(n->type));
	return false;
}

bool dc_sem_inline(struct dc_cc *cc, struct dc_node *n, int id)
{
	return dc_sem_inline_args(cc, n, id, NULL, 0);
}

/* ---- translators ------------------------------------------------------ */

/* Can expression type @e be the input of translator @xl? */
static bool dc_xl_accepts(struct dc_cc *cc, const struct dc_xlator *xl,
			  struct dc_type e)
{
	struct dc_type in = dc_ct_type(cc, xl->in, DC_SP_KERNEL);

	if (e.tid)
		return dc_sem_same_type(cc, xl->in, e.tid);
	/* an untyped integer only for an integer input */
	return in.kind == DC_T_INT && !in.ptr && e.kind == DC_T_INT && !e.ptr;
}

bool dc_sem_xlate(struct dc_cc *cc, struct dc_node *n)
{
	uint32_t out = n->ctype.tid, sou, i;
	char tn[256];

	if (n->ctype.kind == DC_T_ERR || !dc_sem_expr(cc, n->l))
		return false;
	sou = out;
	if (n->ctype.kind == DC_T_INT && n->ctype.ptr == 1)
		sou = dc_ct_ref(cc, dc_ct_resolve(cc, out));
	if (!dc_ct_complete(cc, &sou) ||
	    (dc_ct_kind(cc, sou) != DC_CT_STRUCT &&
	     dc_ct_kind(cc, sou) != DC_CT_UNION)) {
		dc_error(cc, "D_XLATE_SOU", n->line, n->col,
			 "translator output type must be a struct or union: %s",
			 dc_ct_name(cc, out, tn, sizeof(tn)));
		return false;
	}
	for (i = 0; i < cc->nxls; i++) {
		if (dc_ct_resolve(cc, cc->xls[i].out) != dc_ct_resolve(cc, sou))
			continue;
		if (dc_xl_accepts(cc, &cc->xls[i], n->l->type))
			break;
	}
	if (i == cc->nxls) {
		dc_error(cc, "D_XLATE_NONE",
			 n->line, n->col, "cannot translate from \"%s\" to \"%s\"",
			 dc_type_str(n->l->type),
			 dc_ct_name(cc, out, tn, sizeof(tn)));
		return false;
	}
	n->id = (int)i;
	n->type = dc_ct_type(cc, out, DC_SP_KERNEL);
	n->type.space = DC_SP_KERNEL;
	return true;
}

/* n->name of translated object @x: the translator's expression. */
static bool sem_xlate_member(struct dc_cc *cc, struct dc_node *n,
			     struct dc_node *x)
{
	const struct dc_xlator *xl = &cc->xls[x->id];
	uint32_t sou = xl->out, i;
	struct dc_cmfound f;
	struct dc_node *c;
	struct dc_type mt;
	char tn[256];

	if (n->op == DC_TK_ARROW && !(x->type.kind == DC_T_INT && x->type.ptr)) {
		dc_error(cc, "D_OP_PTR", n->line, n->col,
			 "operator -> must be applied to a pointer");
		return false;
	}
	if (n->op == DC_TK_DOT && x == n->l && x->type.kind != DC_T_SOU) {
		dc_error(cc, "D_OP_SOU", n->line, n->col,
			 "operator . cannot be applied to type \"%s\"; must be applied to a struct or union",
			 dc_type_str(x->type));
		return false;
	}
	dc_ct_complete(cc, &sou);
	if (dc_ct_member(cc, sou, n->name, &f)) {
		dc_error(cc, "D_TYPE_MEMBER", n->line, n->col,
			 "%s is not a member of %s", n->name,
			 dc_ct_name(cc, sou, tn, sizeof(tn)));
		return false;
	}
	for (i = 0; i < xl->n; i++)
		if (!strcmp(xl->m[i].name, n->name))
			break;
	if (i == xl->n) {
		dc_error(cc, "D_XLATE_NOCONV", n->line, n->col,
			 "translator does not define conversion for member: %s",
			 n->name);
		return false;
	}
	c = dc_node_clone(cc, xl->m[i].expr, n->line, n->col);
	if (!c)
		return false;
	dc_xl_bind(c, xl->param, x->l);
	if (!dc_sem_obj(cc, c))
		return false;
	mt = dc_ct_type(cc, f.type, DC_SP_KERNEL);
	*n = *c;
	/* the member's type, as by assignment */
	if (mt.kind == DC_T_INT && n->type.kind == DC_T_INT)
		return dc_sem_convert(cc, n, mt);
	if (mt.kind == DC_T_INT && n->type.kind == DC_T_BUF)
		return true;
	if (mt.kind == DC_T_ARRAY && dc_ct_is_chararray(cc, f.type) &&
	    (n->type.kind == DC_T_STR || (n->type.kind == DC_T_ARRAY &&
	     dc_ct_is_chararray(cc, n->type.tid))))
		return n->type.kind == DC_T_STR ? true : dc_sem_value(cc, n);
	if (mt.kind == n->type.kind && (mt.kind != DC_T_SOU ||
	    dc_sem_same_type(cc, mt.tid, n->type.tid)))
		return true;
	dc_error(cc, "D_XLATE_INCOMPAT", n->line, n->col,
		 "translator member %s definition uses incompatible types: \"%s\" = \"%s\"",
		 xl->m[i].name, dc_ct_name(cc, f.type, tn, sizeof(tn)),
		 dc_type_str(n->type));
	return false;
}

/* ---- trace() and print() of objects ------------------------------------ */

/* A struct @n whose bytes an action records: a known size that fits a
 * record field. */
bool dc_sem_object_bytes(struct dc_cc *cc, struct dc_node *n,
			 const char *what)
{
	uint32_t t = n->type.tid;
	char tn[256];

	if (!dc_ct_complete(cc, &t) || !dc_ct_size(cc, t) ||
	    dc_ct_size(cc, t) > UINT16_MAX) {
		dc_error(cc, "D_TRACE_DYN", n->line, n->col,
			 "%s of %s: the object must be of a known size from 1 to %u bytes",
			 what, dc_ct_name(cc, n->type.tid, tn, sizeof(tn)),
			 UINT16_MAX);
		return false;
	}
	n->type.size = dc_ct_size(cc, t);
	return true;
}

/*
 * The argument of trace() or print() (@act) as an expression: a
 * translated pointer or the object it points to is refused as
 * dt_action_trace() refuses it (D_TRACE_DYN, D_PRINT_DYN): a translated
 * object lives nowhere, it is read member by member.
 */
bool dc_sem_trace_arg(struct dc_cc *cc, struct dc_node *e)
{
	struct dc_node *a = e->args[0];

	if (!dc_sem_obj(cc, a))
		return false;
	if (a->kind == DC_N_XLATE ||
	    (a->kind == DC_N_UNARY && a->op == DC_TK_STAR &&
	     a->l->kind == DC_N_XLATE)) {
		dc_error(cc, e->fn->id == SONDE_A_TRACE ? "D_TRACE_DYN" :
			 "D_PRINT_DYN", a->line, a->col,
			 "%s( ) may not be applied to a translated pointer",
			 e->name);
		return false;
	}
	return dc_sem_value(cc, a);
}

/* print(ptr): the object a typed pointer points to, with its type;
 * print(s) of a struct or union value: the value itself. */
bool dc_sem_print(struct dc_cc *cc, struct dc_node *e)
{
	struct dc_node *a;
	uint32_t t, size;
	char tn[256];

	if (e->nargs != 1) {
		dc_error(cc, "D_PROTO_LEN", e->line, e->col,
			 "print() prototype mismatch: %u args passed, 1 expected",
			 e->nargs);
		return false;
	}
	a = e->args[0];
	/* print(p) of a handle: the buffer it names */
	if (!dc_sem_trace_arg(cc, e) || !dc_sem_unhnd(cc, a))
		return false;
	if (a->type.kind == DC_T_SOU && a->type.tid) {
		t = a->type.tid;	/* as illumos prints a value */
	} else if ((a->type.kind != DC_T_INT && a->type.kind != DC_T_BUF) ||
		   !a->type.ptr || !a->type.tid ||
		   dc_ct_kind(cc, a->type.tid) != DC_CT_PTR) {
		dc_error(cc, "D_PROTO_ARG", a->line, a->col,
			 "print() argument #1 is incompatible with prototype: prototype: void *, argument: %s",
			 dc_type_str(a->type));
		return false;
	} else {
		t = dc_ct_ref(cc, dc_ct_resolve(cc, a->type.tid));
	}
	dc_ct_complete(cc, &t);
	size = dc_ct_size(cc, t);
	if (!size || dc_ct_kind(cc, t) == DC_CT_VOID ||
	    dc_ct_kind(cc, t) == DC_CT_FUNC) {
		dc_error(cc, "D_PRINT_SIZE", a->line, a->col,
			 "print( ) argument #1 reference has type '%s' with size 0; cannot print( ) it.",
			 dc_ct_name(cc, t, tn, sizeof(tn)));
		return false;
	}
	if (size > UINT16_MAX) {
		dc_error(cc, "D_PRINT_SIZE", a->line, a->col,
			 "print( ) argument #1 reference has type '%s' of %u bytes: at most %u can be recorded",
			 dc_ct_name(cc, t, tn, sizeof(tn)), size, UINT16_MAX);
		return false;
	}
	e->id = (int)t;		/* the printed type, for dc_cg.c */
	e->ival = size;
	return true;
}

/* ---- variables of object type --------------------------------------------- */

bool dc_sem_byref_var_ok(struct dc_cc *cc, const struct dc_type *t,
			 uint32_t line, uint32_t col, const char *name)
{
	if ((t->kind != DC_T_SOU && t->kind != DC_T_ARRAY) || !t->size ||
	    t->size > SONDE_MAX_BYREF) {
		dc_error(cc, "D_DECL_ARRBIG", line, col,
			 "variable %s: %s of %u bytes: a struct or array variable holds 1 to %u",
			 name, dc_type_str(*t), t->size, SONDE_MAX_BYREF);
		return false;
	}
	return true;
}

/*
 * May a value of type @t be key #@k of @what (an aggregation or array
 * tuple)?  Integers and strings, and, as DTrace passes any other object
 * by reference into a tuple, structs, unions and arrays of 1 to
 * SONDE_MAX_BYREF bytes (compared, hashed and printed as their bytes).
 */
bool dc_sem_key_ok(struct dc_cc *cc, const struct dc_type *t, uint32_t line,
		   uint32_t col, const char *what, uint32_t k)
{
	if (t->kind == DC_T_INT || t->kind == DC_T_STR)
		return true;
	if (t->kind != DC_T_SOU && t->kind != DC_T_ARRAY) {
		dc_error(cc, "D_KEY_TYPE", line, col,
			 "%s key #%u has invalid type %s", what, k,
			 dc_type_str(*t));
		return false;
	}
	if (!t->size || t->size > SONDE_MAX_BYREF) {
		dc_error(cc, "D_KEY_TYPE", line, col,
			 "%s key #%u: %s of %u bytes: a struct, union or array key holds 1 to %u",
			 what, k, dc_type_str(*t), t->size, SONDE_MAX_BYREF);
		return false;
	}
	return true;
}

/* Are key types @a and @b the same (an object's: the same type)? */
bool dc_sem_key_same(struct dc_cc *cc, const struct dc_type *a,
		     const struct dc_type *b)
{
	if (a->kind != b->kind)
		return false;
	return (a->kind != DC_T_SOU && a->kind != DC_T_ARRAY) ||
	       dc_sem_same_type(cc, a->tid, b->tid);
}

/* Is the variable @id of a struct or array type? */
bool dc_sem_var_byref(struct dc_cc *cc, int id)
{
	return id >= 0 && (cc->vars[id].type.kind == DC_T_SOU ||
			   cc->vars[id].type.kind == DC_T_ARRAY);
}

/*
 * Is @l (not checked yet) an element of an object: a member (s.a,
 * p->a), an element of an array variable or member (a[i], s.m[i]), *p?
 * Those are stored into the object, not into a variable.
 */
/* Is @b a scalar pointer variable (an alloca() pointer kept as a handle
 * too)? */
bool dc_sem_is_ptr_var(struct dc_cc *cc, const struct dc_node *b)
{
	int id;

	if (b->kind != DC_N_IDENT && b->kind != DC_N_SELF &&
	    b->kind != DC_N_THIS)
		return false;
	id = dc_var_find(cc, b->name, b->kind == DC_N_SELF ? SONDE_VAR_TLS :
			 b->kind == DC_N_THIS ? SONDE_VAR_LOCAL :
			 SONDE_VAR_GLOBAL);
	return id >= 0 && !cc->vars[id].nkeys &&
	       (cc->vars[id].type.kind == DC_T_BUF ||
		(cc->vars[id].type.kind == DC_T_INT && cc->vars[id].type.ptr));
}

bool dc_sem_is_elem(struct dc_cc *cc, const struct dc_node *l)
{
	const struct dc_node *b;
	int id;

	if (l->kind == DC_N_MEMBER || (l->kind == DC_N_UNARY &&
				       l->op == DC_TK_STAR))
		return true;
	if (l->kind != DC_N_INDEX)
		return false;
	b = l->l;
	/* E1[E2] of any other expression is *(E1 + E2) (dt_cook_op2()) */
	if (b->kind == DC_N_AGG)
		return false;
	if (b->kind != DC_N_IDENT && b->kind != DC_N_SELF &&
	    b->kind != DC_N_THIS)
		return true;
	id = dc_var_find(cc, b->name, b->kind == DC_N_SELF ? SONDE_VAR_TLS :
			 b->kind == DC_N_THIS ? SONDE_VAR_LOCAL :
			 SONDE_VAR_GLOBAL);
	/* an array variable's element, or one a pointer variable points
	 * to (p[i] is *(p + i)) */
	return id >= 0 && !cc->vars[id].nkeys &&
	       (cc->vars[id].type.kind == DC_T_ARRAY ||
		cc->vars[id].type.kind == DC_T_BUF ||
		(cc->vars[id].type.kind == DC_T_INT && cc->vars[id].type.ptr));
}

/*
 * The variable an element lvalue @l (checked) lies in, through members
 * and array elements: NULL when it lies elsewhere; *@buf tells a copyin()
 * buffer's (writable in place) from kernel memory (not writable).
 */
static struct dc_node *dc_elem_base(struct dc_node *l, bool *buf)
{
	*buf = false;
	for (;;) {
		if (l->kind == DC_N_MEMBER && l->op == DC_TK_DOT) {
			l = l->l;
		} else if (l->kind == DC_N_MEMBER) {
			*buf = l->l->type.kind == DC_T_BUF;
			return NULL;
		} else if (l->kind == DC_N_UNARY && l->op == DC_TK_STAR) {
			struct dc_node *p = l->l;

			if (p->kind == DC_N_BINARY && p->id > 0)
				p = p->l->type.kind == DC_T_BUF ||
				    (p->l->type.kind == DC_T_INT && p->l->type.ptr) ?
				    p->l : p->r;
			if (p->kind != DC_N_DECAY) {
				*buf = p->type.kind == DC_T_BUF;
				return NULL;
			}
			l = p->l;
		} else if (l->isvar && (l->type.kind == DC_T_SOU ||
					l->type.kind == DC_T_ARRAY)) {
			return l;
		} else {
			return NULL;
		}
	}
}

/*
 * l = r, l op= r for an element of an object: written into the struct
 * or array variable it lies in (n->x: that variable's node; code
 * generation loads it, writes the element, stores it), or into a
 * copyin() buffer in place (n->x NULL).  Kernel memory is not writable.
 */
bool dc_sem_assign_elem(struct dc_cc *cc, struct dc_node *n)
{
	static const int ops[] = {
		[DC_TK_ADD_EQ] = DC_TK_PLUS, [DC_TK_SUB_EQ] = DC_TK_MINUS,
		[DC_TK_MUL_EQ] = DC_TK_STAR, [DC_TK_DIV_EQ] = DC_TK_SLASH,
		[DC_TK_MOD_EQ] = DC_TK_PERCENT, [DC_TK_AND_EQ] = DC_TK_AMP,
		[DC_TK_OR_EQ] = DC_TK_BOR, [DC_TK_XOR_EQ] = DC_TK_XOR,
		[DC_TK_SHL_EQ] = DC_TK_SHL, [DC_TK_SHR_EQ] = DC_TK_SHR,
	};
	const char *op = dc_tok_name(n->op);
	struct dc_node *orig = NULL, *b;
	bool buf;

	if (n->op != DC_TK_ASSIGN) {
		/* l op= r is l = l op r: a copy of l, read */
		orig = dc_node_clone(cc, n->l, n->line, n->col);
		b = dc_alloc(cc, sizeof(*b));
		if (!orig || !b)
			return false;
		b->kind = DC_N_BINARY;
		b->op = (int)n->op < (int)(sizeof(ops) / sizeof(ops[0])) ?
			ops[n->op] : DC_TK_PLUS;
		b->line = n->line;
		b->col = n->col;
		b->l = orig;
		b->r = n->r;
		n->r = b;
		n->op = DC_TK_ASSIGN;
	}
	if (!dc_sem_obj(cc, n->l) | !dc_sem_expr(cc, n->r))
		return false;
	n->x = dc_elem_base(n->l, &buf);
	if (!n->x && !buf) {
		dc_error(cc, "D_OP_WRITE", n->line, n->col,
			 "operator %s can only be applied to a writable variable",
			 op);
		return false;
	}
	/* dt_cook_op2(): an array (a char array too: it is no string)
	 * may not be assigned */
	if (n->l->type.kind == DC_T_ARRAY) {
		dc_error(cc, "D_OP_ARRFUN", n->line, n->col,
			 "operator %s may not be applied to operand of type \"%s\"",
			 op, dc_type_str(n->l->type));
		return false;
	}
	/* a struct or union member: a struct of the same type, copied */
	if (n->l->type.kind == DC_T_SOU && n->r->type.kind == DC_T_SOU &&
	    n->op == DC_TK_ASSIGN &&
	    dc_sem_same_type(cc, n->l->type.tid, n->r->type.tid)) {
		n->type = n->l->type;
		n->id = -1;
		return true;
	}
	if (n->l->type.kind != DC_T_INT || n->r->type.kind != DC_T_INT) {
		dc_error(cc, "D_OP_INCOMPAT", n->line, n->col,
			 "operands have incompatible types: \"%s\" %s \"%s\"",
			 dc_type_str(n->l->type), op, dc_type_str(n->r->type));
		return false;
	}
	if (!dc_sem_convert(cc, n->r, n->l->type))
		return false;
	n->type = n->l->type;
	n->id = -1;		/* dc_cg.c: an element store */
	return true;
}
