// SPDX-License-Identifier: GPL-2.0
/*
 * dc_sem.c - semantic analysis, the expressions: the type of every
 * expression (C's usual arithmetic conversions on D's integer types,
 * strings, pointers), built-ins, subroutine calls, constant folding, and
 * the entry for a clause (dc_sem_clause()).  Variables and macros are
 * dc_sem_var.c's, actions and statements dc_sem_act.c's.  What the
 * parser accepts and sonde does not do gets DTrace's tag and a message
 * saying why.  Runs before dc_cg.c on each clause.  Userland only.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dc_impl.h"
#include "dc_sem.h"
#include "vm.h"

const struct dc_type dc_int = { .kind = DC_T_INT, .size = 4 };
const struct dc_type dc_str = { .kind = DC_T_STR };

/* ---- built-ins -------------------------------------------------------- */

static const struct {
	const char *name;
	int id;
} dc_builtins[] = {
#define DC_B_(name, id, type, dtype) { #name, SONDE_B_##name },
	SONDE_BUILTINS(DC_B_)
#undef DC_B_
};

struct dc_type dc_int_type(int size, int uns)
{
	struct dc_type t = { .kind = DC_T_INT, .size = (uint8_t)size,
			     .uns = (uint8_t)uns };

	return t;
}

/* The D types of SONDE_BUILTINS' D type column. */
#define DC_BT_int32_t(cc)	dc_int_type(4, 0)
#define DC_BT_uint32_t(cc)	dc_int_type(4, 1)
#define DC_BT_int64_t(cc)	dc_int_type(8, 0)
#define DC_BT_uint64_t(cc)	dc_int_type(8, 1)
#define DC_BT_string(cc)	dc_str
#define DC_BT_task_struct_ptr(cc)					\
	dc_ct_type(cc, dc_ct_ptr(cc, dc_ct_fwd(cc, DC_CT_STRUCT,	\
					       "task_struct")),		\
		   DC_SP_KERNEL)

/* the D library's cpuinfo_t * (sched.d); an error type until the
 * library is loaded */
#define DC_BT_cpuinfo_ptr(cc) dc_bt_dlib_ptr(cc, "cpuinfo_t")

static struct dc_type dc_bt_dlib_ptr(struct dc_cc *cc, const char *name)
{
	uint32_t t = dc_ct_find(cc, DC_CT_TYPEDEF, name);

	if (!t)
		return (struct dc_type){ .kind = DC_T_ERR };
	return dc_ct_type(cc, dc_ct_ptr(cc, t), DC_SP_KERNEL);
}

struct dc_type dc_builtin_type(struct dc_cc *cc, int id)
{
	switch (id) {
#define DC_B_TYPE_(name, id, type, dtype)				\
	case SONDE_B_##name:						\
		return DC_BT_##dtype(cc);
	SONDE_BUILTINS(DC_B_TYPE_)
#undef DC_B_TYPE_
	}
	return (struct dc_type){ .kind = DC_T_ERR };
}

/*
 * DTrace's built-in variables Linux has no such thing as, each with what
 * to use instead: zonename (illumos's zones; Oracle's DTrace for Linux
 * has none either) and regs[] (FreeBSD's kernel registers at the probe:
 * sonde's probes give their arguments, and uregs[] the user registers).
 * Read, each is D_IDENT_UNDEF as in Oracle's DTrace, with the hint (a
 * variable of the script's of that name comes first).  cwd, root, curcpu
 * and fds[] are sonde's (kmod/env.c, userland/dlib/io.d); execargs,
 * cpu's pset, chip and lgrp the D library's (procfs.d, sched.d).
 */
static const char *dc_builtin_none(const char *name)
{
	static const struct {
		const char *name, *hint;
	} none[] = {
		{ "zonename", "Linux has no zones; a container's processes are told apart by their cgroup (curthread->cgroups) or pid namespace" },
		{ "regs", "kernel registers at the probe are not offered: use args[] and arg0..arg9 for a probe's arguments, uregs[] for the user registers" },
	};
	size_t i;

	for (i = 0; i < sizeof(none) / sizeof(none[0]); i++)
		if (!strcmp(none[i].name, name))
			return none[i].hint;
	return NULL;
}

int dc_builtin_lookup(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(dc_builtins) / sizeof(dc_builtins[0]); i++)
		if (!strcmp(dc_builtins[i].name, name))
			return dc_builtins[i].id;
	return -1;
}

/* ---- types ------------------------------------------------------------ */

struct sonde_dtype dc_dtype(struct dc_cc *cc, struct dc_type t)
{
	struct sonde_dtype d;

	if (t.kind == DC_T_STR) {
		d.kind = SONDE_DT_STR;
		d.size = (uint32_t)sonde_program_kopt(cc->prog,
						      SONDE_OPT_strsize);
	} else if (t.kind == DC_T_STACK && t.uns == DC_STACK_J) {
		d.kind = SONDE_DT_JKIND(t.size);
		d.size = (uint32_t)SONDE_JSTACK_SIZE(t.size, t.blen);
		return d;
	} else if (t.kind == DC_T_STACK) {
		d.kind = t.uns ? SONDE_DT_USTACK : SONDE_DT_KSTACK;
		d.size = t.size * 8u;
	} else if (t.kind == DC_T_SYM) {
		d.kind = SONDE_DT_SKIND(t.uns);
		d.size = t.size;
	} else if (t.kind == DC_T_BUF) {
		d.kind = SONDE_DT_BYTES;	/* trace(): the copied bytes */
		d.size = t.blen;
	} else if (t.kind == DC_T_SOU || t.kind == DC_T_ARRAY) {
		d.kind = SONDE_DT_BYTES;	/* trace(): the object's bytes */
		d.size = t.size;
	} else {
		d.kind = t.uns ? SONDE_DT_UINT : SONDE_DT_INT;
		d.size = t.size ? t.size : 8;
	}
	return d;
}

struct dc_type dc_sem_promote(struct dc_type t)
{
	if (t.size < 4) {
		t.size = 4;
		t.uns = 0;
	}
	t.ptr = t.esize = t.euns = 0;
	t.blen = 0;
	return t;
}

/* C's usual arithmetic conversions. */
static struct dc_type arith(struct dc_type a, struct dc_type b)
{
	a = dc_sem_promote(a);
	b = dc_sem_promote(b);
	if (a.size == b.size) {
		a.uns |= b.uns;
		return a;
	}
	return a.size > b.size ? a : b;
}

/* @v as a value of type @t (truncated and extended as C converts). */
uint64_t dc_sem_norm(uint64_t v, struct dc_type t)
{
	unsigned int bits = t.size * 8;

	if (t.kind != DC_T_INT || bits >= 64 || !bits)
		return v;
	if (t.uns)
		return v & ((1ULL << bits) - 1);
	return (uint64_t)(((int64_t)(v << (64 - bits))) >> (64 - bits));
}

int64_t dc_sem_const_val(const struct dc_node *n)
{
	return (int64_t)n->ival;
}

static const char *int_name(uint8_t size, uint8_t uns)
{
	static const char *const sn[] = { "char", "short", "int", "long" };
	static const char *const un[] = { "unsigned char", "unsigned short",
					  "unsigned int", "unsigned long" };
	int i = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3;

	return uns ? un[i] : sn[i];
}

const char *dc_type_str(struct dc_type t)
{
	static char bufs[4][256];
	static unsigned int next;
	char *b;

	b = bufs[next++ % 4];
	if (t.tid && t.kind != DC_T_BUF && dc_type_tname(t, b, sizeof(bufs[0])))
		return b;
	switch (t.kind) {
	case DC_T_STR: return "string";
	case DC_T_VOID: return "void";
	case DC_T_AGG: return "aggregation";
	case DC_T_STACK: return "stack";
	/* DTrace's types of these keys */
	case DC_T_SYM: return t.size == 16 ? "_usymaddr" : "_symaddr";
	case DC_T_INT:
		if (!t.ptr)
			return int_name(t.size, t.uns);
		break;
	case DC_T_BUF:
		if (t.tid) {
			char tn[200];

			snprintf(b, sizeof(bufs[0]), "%s (a copyin() buffer)",
				 dc_type_tname(t, tn, sizeof(tn)) ?
				 tn : "void *");
			return b;
		}
		break;
	default:
		return "<error>";
	}
	snprintf(b, sizeof(bufs[0]), "%s %.*s%s",
		 t.esize ? int_name(t.esize, t.euns) : "void",
		 t.ptr > 8 ? 8 : t.ptr, "********",
		 t.kind == DC_T_BUF ? " (a copyin() buffer)" : "");
	return b;
}

/* ---- expressions ------------------------------------------------------ */

bool dc_sem_need_int(struct dc_cc *cc, struct dc_node *n, const char *tag,
		     const char *op)
{
	if (n->type.kind == DC_T_INT)
		return true;
	dc_error(cc, tag, n->line, n->col,
		 "operator %s requires an operand of integer type, not %s", op,
		 dc_type_str(n->type));
	return false;
}

static bool fold_unary(struct dc_node *n)
{
	uint64_t v = n->l->ival;

	switch (n->op) {
	case DC_TK_MINUS: v = -v; break;
	case DC_TK_TILDE: v = ~v; break;
	case DC_TK_LNOT: v = !dc_sem_norm(v, n->l->type); break;
	case DC_TK_PLUS: break;
	default: return false;
	}
	n->ival = dc_sem_norm(v, n->type);
	return true;
}

static bool fold_binary(struct dc_cc *cc, struct dc_node *n,
			struct dc_type ct)
{
	uint64_t a = dc_sem_norm(n->l->ival, ct), b = dc_sem_norm(n->r->ival, ct), v;
	bool u = ct.uns;

	switch (n->op) {
	case DC_TK_PLUS: v = a + b; break;
	case DC_TK_MINUS: v = a - b; break;
	case DC_TK_STAR: v = a * b; break;
	case DC_TK_SLASH:
	case DC_TK_PERCENT:
		if (!b) {
			dc_error(cc, "D_DIV_ZERO", n->r->line, n->r->col,
				 "expression contains division by zero");
			return false;
		}
		if (!u && (int64_t)b == -1)
			v = n->op == DC_TK_SLASH ? -a : 0;
		else if (n->op == DC_TK_SLASH)
			v = u ? a / b : (uint64_t)((int64_t)a / (int64_t)b);
		else
			v = u ? a % b : (uint64_t)((int64_t)a % (int64_t)b);
		break;
	case DC_TK_AMP: v = a & b; break;
	case DC_TK_BOR: v = a | b; break;
	case DC_TK_XOR: v = a ^ b; break;
	case DC_TK_SHL:
		v = n->l->ival << (n->r->ival & 63);
		break;
	case DC_TK_SHR:
		a = dc_sem_norm(n->l->ival, n->type);
		v = n->type.uns ? a >> (n->r->ival & 63) :
		    (uint64_t)((int64_t)a >> (n->r->ival & 63));
		break;
	case DC_TK_EQ: v = a == b; break;
	case DC_TK_NE: v = a != b; break;
	case DC_TK_LT: v = u ? a < b : (int64_t)a < (int64_t)b; break;
	case DC_TK_LE: v = u ? a <= b : (int64_t)a <= (int64_t)b; break;
	case DC_TK_GT: v = u ? a > b : (int64_t)a > (int64_t)b; break;
	case DC_TK_GE: v = u ? a >= b : (int64_t)a >= (int64_t)b; break;
	default: return true;	/* not folded */
	}
	n->ival = dc_sem_norm(v, n->type);
	n->isconst = true;
	return true;
}

/* ---- pointers ---------------------------------------------------------- */

static bool is_ptr(struct dc_type t)
{
	return t.kind == DC_T_BUF || (t.kind == DC_T_INT && t.ptr);
}

/* Bytes one step of pointer @t moves (void *: 1, as GCC); 0 (reported
 * at @at) for a pointer to something of unknown size. */
static uint32_t ptr_scale(struct dc_cc *cc, const struct dc_node *at,
			  struct dc_type t)
{
	if (t.tid)
		return dc_sem_ptr_scale(cc, at, t);
	if (t.ptr > 1)
		return 8;
	return t.esize ? t.esize : 1;
}

/*
 * p + i, i + p, p - i (scaled by the pointed-to size) and p - q (the
 * distance in elements) on pointers.  n->id says what code generation
 * does: the scale, negative for a distance.
 */
static bool sem_ptr_arith(struct dc_cc *cc, struct dc_node *n)
{
	struct dc_type l = n->l->type, r = n->r->type;
	bool lp = is_ptr(l), rp = is_ptr(r);
	uint32_t sc;

	if (lp && rp && l.hnd != r.hnd) {
		/* DTrace's words (dt_cook_op2()) */
		dc_error(cc, "D_OP_INCOMPAT", n->line, n->col,
			 "adding or subtracting pointers to alloca and non-alloca space is meaningless: \"%s\" %s \"%s\"",
			 dc_type_str(l), dc_tok_name(n->op), dc_type_str(r));
		return false;
	}
	if (lp && rp) {
		if (n->op != DC_TK_MINUS || l.kind == DC_T_BUF ||
		    r.kind == DC_T_BUF || l.ptr != r.ptr ||
		    ptr_scale(cc, n, l) != ptr_scale(cc, n, r) ||
		    (l.tid && r.tid && !dc_sem_same_type(cc, l.tid, r.tid))) {
			dc_error(cc, "D_OP_INCOMPAT", n->line, n->col,
				 "operands have incompatible types: \"%s\" %s \"%s\"%s",
				 dc_type_str(l), dc_tok_name(n->op), dc_type_str(r),
				 l.kind == DC_T_BUF || r.kind == DC_T_BUF ?
				 " (the distance between copyin() buffers is not supported)" :
				 "");
			return false;
		}
		n->type = dc_int_type(8, 0);	/* ptrdiff_t */
		sc = ptr_scale(cc, n, l);
		if (!sc)
			return false;
		n->id = -(int)sc;
		return true;
	}
	if (rp && n->op == DC_TK_MINUS) {
		dc_error(cc, "D_OP_INCOMPAT", n->line, n->col,
			 "operands have incompatible types: \"%s\" - \"%s\"",
			 dc_type_str(l), dc_type_str(r));
		return false;
	}
	if (!dc_sem_need_int(cc, lp ? n->r : n->l, "D_OP_ARITH", dc_tok_name(n->op)))
		return false;
	n->type = lp ? l : r;
	n->type.blen = 0;	/* no longer the start of the copy */
	sc = ptr_scale(cc, n, n->type);
	if (!sc)
		return false;
	n->id = (int)sc;
	return true;
}

/* *p: the integer (or pointer) p points to, in kernel memory or in a
 * copyin() buffer. */
static bool sem_deref(struct dc_cc *cc, struct dc_node *n)
{
	struct dc_type t;

	if (!dc_sem_unhnd(cc, n->l))
		return false;
	t = n->l->type;

	if (!is_ptr(t)) {
		dc_error(cc, "D_DEREF_NONPTR", n->line, n->col,
			 "unary * requires an operand of pointer type, not %s",
			 dc_type_str(t));
		return false;
	}
	if (t.tid)
		return dc_sem_deref_typed(cc, n);
	if (t.ptr == 1 && !t.esize) {
		dc_error(cc, "D_DEREF_VOID", n->line, n->col,
			 "cannot dereference a pointer to void: cast it to a pointer to an integer type first");
		return false;
	}
	if (t.ptr == 1)
		n->type = dc_int_type(t.esize, t.euns);
	else
		n->type = (struct dc_type){ .kind = DC_T_INT, .size = 8,
					    .uns = 1,
					    .ptr = (uint8_t)(t.ptr - 1),
					    .esize = t.esize,
					    .euns = t.euns };
	return true;
}

/* p[i], for a pointer p, and a[i] for an array object a: *(p + i). */
static bool sem_ptr_index(struct dc_cc *cc, struct dc_node *n)
{
	struct dc_node *b;
	bool array;

	/* dt_cook_op2()'s words for a variable given a key list */
	if (n->nargs > 1 && (n->l->kind == DC_N_IDENT ||
			     n->l->kind == DC_N_SELF ||
			     n->l->kind == DC_N_THIS)) {
		dc_error(cc, "D_ARR_BADREF", n->line, n->col,
			 "cannot access scalar %s as an associative array",
			 n->l->name);
		return false;
	}
	if (!dc_sem_obj(cc, n->l))
		return false;
	array = n->l->type.kind == DC_T_ARRAY;
	if (array ? !dc_sem_decay(cc, n->l) : !dc_sem_value(cc, n->l))
		return false;
	if (n->l->type.kind == DC_T_STR)
		return dc_sem_str_index(cc, n);
	if (!is_ptr(n->l->type)) {
		dc_error(cc, "D_ARR_BADREF", n->line, n->col,
			 "indexing an expression of type %s with [] is not supported",
			 dc_type_str(n->l->type));
		return false;
	}
	if (n->nargs != 1) {
		dc_error(cc, "D_ARR_BADREF", n->line, n->col,
			 "a pointer takes one index, not %u", n->nargs);
		return false;
	}
	if (!dc_sem_expr(cc, n->args[0]))
		return false;
	if (array && !dc_sem_array_bounds(cc, n->l->l, n->args[0]))
		return false;
	b = dc_alloc(cc, sizeof(*b));
	if (!b)
		return false;
	b->kind = DC_N_BINARY;
	b->op = DC_TK_PLUS;
	b->line = n->line;
	b->col = n->col;
	b->l = n->l;
	b->r = n->args[0];
	if (!sem_ptr_arith(cc, b))
		return false;
	n->kind = DC_N_UNARY;
	n->op = DC_TK_STAR;
	n->l = b;
	n->args = NULL;
	n->nargs = 0;
	return sem_deref(cc, n);
}

bool dc_sem_binary(struct dc_cc *cc, struct dc_node *n)
{
	struct dc_node *l = n->l, *r = n->r;
	struct dc_type ct;
	bool cmp = n->op == DC_TK_EQ || n->op == DC_TK_NE ||
		   n->op == DC_TK_LT || n->op == DC_TK_LE ||
		   n->op == DC_TK_GT || n->op == DC_TK_GE;

	/* a string against NULL: the NULL string (strchr() finding
	 * nothing, NULL assigned), compared as DTrace compares it */
	if (cmp && l->type.kind == DC_T_STR)
		dc_sem_null_str(r);
	if (cmp && r->type.kind == DC_T_STR)
		dc_sem_null_str(l);
	/* a char * against a string: the strings compare (DTrace's
	 * string-compatible operands) */
	if (cmp && (l->type.kind == DC_T_STR) != (r->type.kind == DC_T_STR) &&
	    (!dc_sem_charptr_str(cc, l) || !dc_sem_charptr_str(cc, r)))
		return false;
	if (cmp && l->type.kind == DC_T_STR && r->type.kind == DC_T_STR) {
		n->type = dc_int;
		return true;
	}
	if ((n->op == DC_TK_PLUS || n->op == DC_TK_MINUS) &&
	    (is_ptr(l->type) || is_ptr(r->type)))
		return sem_ptr_arith(cc, n);
	if (cmp && (l->type.kind == DC_T_STR || r->type.kind == DC_T_STR)) {
		dc_error(cc, "D_OP_INCOMPAT", n->line, n->col,
			 "operands have incompatible types: \"%s\" %s \"%s\"",
			 dc_type_str(l->type), dc_tok_name(n->op),
			 dc_type_str(r->type));
		return false;
	}
	switch (n->op) {
	case DC_TK_AMP: case DC_TK_BOR: case DC_TK_XOR: case DC_TK_SHL:
	case DC_TK_SHR: case DC_TK_PERCENT:
		if (!dc_sem_need_int(cc, l, "D_OP_INT", dc_tok_name(n->op)) ||
		    !dc_sem_need_int(cc, r, "D_OP_INT", dc_tok_name(n->op)))
			return false;
		break;
	default:
		if (!dc_sem_need_int(cc, l, "D_OP_ARITH", dc_tok_name(n->op)) ||
		    !dc_sem_need_int(cc, r, "D_OP_ARITH", dc_tok_name(n->op)))
			return false;
	}
	ct = arith(l->type, r->type);
	if (cmp)
		n->type = dc_int;
	else if (n->op == DC_TK_SHL || n->op == DC_TK_SHR)
		n->type = dc_sem_promote(l->type);
	else
		n->type = ct;
	if (l->isconst && r->isconst)
		return fold_binary(cc, n, ct);
	if ((n->op == DC_TK_SLASH || n->op == DC_TK_PERCENT) && r->isconst &&
	    !dc_sem_norm(r->ival, ct)) {
		dc_error(cc, "D_DIV_ZERO", r->line, r->col,
			 "expression contains division by zero");
		return false;
	}
	return true;
}


/* ---- subroutines ------------------------------------------------------ */

/* Check call arguments: each an expression, none void. */
bool dc_sem_args(struct dc_cc *cc, struct dc_node **args, uint32_t n)
{
	bool ok = true;
	uint32_t i;

	for (i = 0; i < n; i++) {
		if (!dc_sem_expr(cc, args[i])) {
			ok = false;
			continue;
		}
		if (args[i]->type.kind == DC_T_VOID) {
			dc_error(cc, "D_PROTO_ARG", args[i]->line, args[i]->col,
				 "argument %u has type void", i + 1);
			ok = false;
		}
	}
	return ok;
}

/*
 * dt_idcook_sign()'s messages: "strlen( ) prototype mismatch: 2 args
 * passed, 1 expected" (the least a function with optional arguments
 * takes, or the most when too many were passed) and "strlen( ) argument
 * #1 is incompatible with prototype:" with the prototype's and the
 * argument's types on lines of their own.
 */
void dc_proto_len(struct dc_cc *cc, const struct dc_node *n,
		  uint32_t expected)
{
	dc_error(cc, "D_PROTO_LEN", n->line, n->col,
		 "%s( ) prototype mismatch: %u arg%spassed, %u expected",
		 n->name, n->nargs, n->nargs == 1 ? " " : "s ", expected);
}

/* dt_idcook_sign(): "at least" / "at most" when the count may vary */
bool dc_fn_arity(struct dc_cc *cc, const struct dc_node *n)
{
	const struct dc_fn *fn = n->fn;
	bool few = n->nargs < fn->min;

	if (!few && (fn->max == DC_FN_VARARGS || n->nargs <= fn->max))
		return true;
	if (fn->max == fn->min) {
		dc_proto_len(cc, n, fn->min);
		return false;
	}
	dc_error(cc, "D_PROTO_LEN", n->line, n->col,
		 "%s( ) prototype mismatch: %u arg%spassed, %s %u expected",
		 n->name, n->nargs, n->nargs == 1 ? " " : "s ",
		 few ? "at least" : "at most", few ? fn->min : fn->max);
	return false;
}

void dc_proto_arg(struct dc_cc *cc, const struct dc_node *n, uint32_t i,
		  const char *proto)
{
	const struct dc_node *a = n->args[i];

	dc_error(cc, "D_PROTO_ARG", a->line, a->col,
		 "%s( ) argument #%u is incompatible with prototype:\n\tprototype: %s\n\t argument: %s",
		 n->name, i + 1, n->fn && i < 3 && n->fn->params[i] ?
		 n->fn->params[i] : proto, dc_type_str(a->type));
}

bool dc_sem_subr(struct dc_cc *cc, struct dc_node *n)
{
	const struct dc_fn *s = n->fn;
	uint32_t i;

	if (!dc_fn_arity(cc, n))
		return false;
	if (!dc_sem_args(cc, n->args, n->nargs) ||
	    !dc_sem_subr_form(cc, n, &s))
		return false;
	for (i = 0; i < n->nargs; i++) {
		struct dc_node *a = n->args[i];
		int want = s->args[i] == 's' ? DC_T_STR :
			   s->args[i] == 'b' ? DC_T_BUF : DC_T_INT;

		/* a char pointer is a string to a const char * parameter
		 * (dt_node_is_strcompat()) */
		if (want == DC_T_STR && !dc_sem_charptr_str(cc, a))
			return false;
		if (want == DC_T_BUF && !dc_sem_unhnd(cc, a))
			return false;
		/* a string to a void * parameter (bcopy()'s source): the
		 * bytes where the VM keeps it, read as kernel memory */
		if (want == DC_T_INT && a->type.kind == DC_T_STR &&
		    i < 3 && s->params[i] && !strcmp(s->params[i], "void *"))
			continue;
		/* a handle is no kernel address: a pointer parameter read
		 * as kernel memory cannot take one */
		if (want == DC_T_INT && a->type.kind == DC_T_INT &&
		    a->type.hnd && i < 3 && s->params[i] &&
		    strchr(s->params[i], '*')) {
			dc_proto_arg(cc, n, i, "a kernel address, not an alloca() or copyin() pointer");
			return false;
		}
		if (a->type.kind != want) {
			dc_proto_arg(cc, n, i, want == DC_T_STR ? "string" :
				     want == DC_T_BUF ?
				     "a copyin() or alloca() buffer" :
				     "integer");
			return false;
		}
	}
	n->id = s->id;
	n->type = s->ret;
	/* copyin(p, N): trace() records the N bytes */
	if (s->id == SONDE_SUBR_copyin && n->args[1]->isconst &&
	    n->args[1]->ival <= UINT16_MAX)
		n->type.blen = (uint32_t)n->args[1]->ival;
	return true;
}

/* A call in an expression (an action's is a statement: dc_sem_act.c). */
static bool sem_call_expr(struct dc_cc *cc, struct dc_node *n)
{
	const struct dc_fn *fn = n->fn;

	if (!fn) {
		dc_error(cc, "D_FUNC_UNDEF", n->line, n->col,
			 "failed to resolve %s: unknown function name", n->name);
		return false;
	}
	if (fn->flags & DC_FF_STMT) {
		dc_error(cc, "D_CG_EXPR", n->line, n->col,
			 "tracing function %s() may not be called from a D expression (D program context required)",
			 n->name);
		return false;
	}
	switch (fn->kind) {
	case DC_FN_SUBR:
		if ((fn->flags & DC_FF_NOPRED) && cc->in_pred) {
			dc_error(cc, "D_SPEC_PRED", n->line, n->col,
				 "%s() is an action: it may not be called from a predicate",
				 n->name);
			return false;
		}
		return dc_sem_subr(cc, n);
	case DC_FN_AGG:
		dc_error(cc, "D_AGG_FUNC", n->line, n->col,
			 "aggregating function %s() may only be assigned to an aggregation (@name = %s(...))",
			 n->name, n->name);
		return false;
	case DC_FN_CC:
		return dc_sem_call_cc(cc, n);
	case DC_FN_NONE:
		dc_error(cc, "D_FUNC_UNDEF", n->line, n->col,
			 "unimplemented subroutine: %s (%s)", n->name,
			 n->fn->hint);
		return false;
	}
	dc_error(cc, "D_FUNC_UNDEF", n->line, n->col,
		 "internal compiler error: %s() is of no kind", n->name);
	return false;
}

/* An identifier: a built-in, a register constant, a global variable. */
static bool sem_ident(struct dc_cc *cc, struct dc_node *n)
{
	int id = dc_builtin_lookup(n->name);

	if (id >= 0) {
		n->id = id;
		n->type = dc_builtin_type(cc, id);
		if (n->type.kind != DC_T_ERR)
			return true;
		/* typed by the D library (curcpu: cpuinfo_t *) */
		if (dc_libs_need(cc))
			return false;
		dc_error(cc, "D_IDENT_UNDEF", n->line, n->col,
			 "%s needs a type of the D library, which is not loaded (sonde -L names its folder)",
			 n->name);
		return false;
	}
	if (n->name[0] == '`' || strchr(n->name, '`'))
		return dc_sem_symbol(cc, n);
	id = dc_reg_const(n->name);
	if (id >= 0) {
		/* R_RAX, R_PC...: regs.d's inline constants */
		n->kind = DC_N_INT;
		n->ival = (uint64_t)id;
		n->type = dc_int;
		n->isconst = true;
		return true;
	}
	if (dc_sem_const_ident(cc, n))
		return true;
	if (dc_fn_lookup(n->name)) {
		dc_error(cc, "D_IDENT_BADREF", n->line, n->col,
			 "%s is a function: it must be called", n->name);
		return false;
	}
	if (dc_var_find(cc, n->name, SONDE_VAR_GLOBAL) >= 0)
		return dc_sem_var_read(cc, n);
	id = dc_sem_inline_find(cc, n->name);
	if (id >= 0)
		return dc_sem_inline(cc, n, id);
	if (dc_sem_enumerator(cc, n))
		return true;
	if (!strcmp(n->name, "args") || !strcmp(n->name, "uregs")) {
		dc_error(cc, "D_IDENT_BADREF", n->line, n->col,
			 "%s[] is an array: it must be indexed (%s[0])",
			 n->name, n->name);
		return false;
	}
	if (dc_builtin_none(n->name)) {
		dc_error(cc, "D_IDENT_UNDEF", n->line, n->col,
			 "failed to resolve %s: Unknown variable name (%s)",
			 n->name, dc_builtin_none(n->name));
		return false;
	}
	/* a name the D libraries may declare */
	if (dc_libs_need(cc))
		return false;
	dc_error(cc, "D_IDENT_UNDEF", n->line, n->col,
		 "failed to resolve %s: Unknown variable name", n->name);
	return false;
}

/* a[i]: args[], uregs[], a pointer indexed, an associative array. */
static bool sem_index(struct dc_cc *cc, struct dc_node *n)
{
	int id;

	if (n->l->kind == DC_N_IDENT &&
	    dc_var_find(cc, n->l->name, SONDE_VAR_GLOBAL) < 0) {
		if (!strcmp(n->l->name, "args"))
			return dc_args_index(cc, n);
		if (!strcmp(n->l->name, "uregs"))
			return dc_uregs_index(cc, n);
		if (dc_builtin_none(n->l->name)) {
			dc_error(cc, "D_IDENT_UNDEF", n->line, n->col,
				 "failed to resolve %s: Unknown variable name (%s)",
				 n->l->name, dc_builtin_none(n->l->name));
			return false;
		}
		/* an inline with a tuple signature: fds[fd] */
		id = dc_sem_inline_find(cc, n->l->name);
		if (id >= 0 && cc->inls[id].nparams)
			return dc_sem_inline_args(cc, n, id, n->args,
						  n->nargs);
	}
	if ((n->l->kind != DC_N_IDENT && n->l->kind != DC_N_SELF &&
	     n->l->kind != DC_N_THIS) ||
	    (n->l->kind == DC_N_IDENT && dc_builtin_lookup(n->l->name) >= 0))
		return sem_ptr_index(cc, n);
	/* a pointer variable indexed: p[i] is *(p + i) */
	id = dc_var_find(cc, n->l->name, n->l->kind == DC_N_SELF ?
			 SONDE_VAR_TLS : n->l->kind == DC_N_THIS ?
			 SONDE_VAR_LOCAL : SONDE_VAR_GLOBAL);
	if (id >= 0 && !cc->vars[id].nkeys &&
	    (is_ptr(cc->vars[id].type) || cc->vars[id].type.kind == DC_T_ARRAY ||
	     cc->vars[id].type.kind == DC_T_STR))
		return sem_ptr_index(cc, n);
	return dc_sem_var_read(cc, n);
}

static bool sem_unary(struct dc_cc *cc, struct dc_node *n)
{
	if (n->op == DC_TK_INC || n->op == DC_TK_DEC)
		return dc_sem_incdec(cc, n);
	if (n->op == DC_TK_AMP)
		return dc_sem_addrof(cc, n);
	if (!dc_sem_obj(cc, n->l))
		return false;
	if (n->op == DC_TK_STAR && n->l->kind == DC_N_XLATE &&
	    n->l->type.kind == DC_T_INT && n->l->type.ptr == 1) {
		/* *xlate <T *> (e): the translated object, read by member */
		n->type = dc_ct_type(cc, dc_ct_ref(cc, dc_ct_resolve(cc,
				     n->l->type.tid)), DC_SP_KERNEL);
		return true;
	}
	if (!dc_sem_value(cc, n->l))
		return false;
	if (n->op == DC_TK_STAR)
		return sem_deref(cc, n);
	if (n->op == DC_TK_LNOT) {
		if (!dc_sem_need_int(cc, n->l, "D_OP_SCALAR", "!"))
			return false;
		n->type = dc_int;
	} else {
		if (!dc_sem_need_int(cc, n->l, n->op == DC_TK_TILDE ?
			      "D_OP_INT" : "D_OP_ARITH", dc_tok_name(n->op)))
			return false;
		n->type = dc_sem_promote(n->l->type);
	}
	if (n->l->isconst)
		n->isconst = fold_unary(n);
	return true;
}

/* && || ^^ */
static bool sem_logical(struct dc_cc *cc, struct dc_node *n)
{
	if (!dc_sem_expr(cc, n->l) | !dc_sem_expr(cc, n->r))
		return false;
	if (!dc_sem_need_int(cc, n->l, "D_OP_SCALAR", dc_tok_name(n->op)) ||
	    !dc_sem_need_int(cc, n->r, "D_OP_SCALAR", dc_tok_name(n->op)))
		return false;
	n->type = dc_int;
	if (n->l->isconst && n->r->isconst) {
		bool a = n->l->ival != 0, b = n->r->ival != 0;

		n->isconst = true;
		n->ival = n->op == DC_TK_LAND ? (a && b) :
			  n->op == DC_TK_LOR ? (a || b) : (a != b);
	}
	return true;
}

/* x ? l : r, and the condition of an if (dc_if.c) */
/* Is @t void *? */
static bool is_voidptr(struct dc_cc *cc, struct dc_type t)
{
	return t.ptr == 1 && t.tid &&
	       dc_ct_kind(cc, dc_ct_ref(cc, dc_ct_resolve(cc, t.tid))) ==
	       DC_CT_VOID;
}

/*
 * c ? p : q with pointers (DTrace's dt_node_is_ptrcompat()): two pointers
 * to the same type, a pointer and a void * or the constant 0 (NULL); the
 * result is the pointer's type.
 */
static bool sem_ternary_ptr(struct dc_cc *cc, struct dc_node *n)
{
	struct dc_type l = n->l->type, r = n->r->type;
	bool lp = l.kind == DC_T_INT && l.ptr, rp = r.kind == DC_T_INT && r.ptr;

	if (lp && rp && l.ptr == r.ptr &&
	    (!l.tid || !r.tid || dc_sem_same_type(cc, l.tid, r.tid))) {
		n->type = l;
		goto out;
	}
	if (lp && (is_voidptr(cc, r) || (!rp && n->r->isconst &&
					  r.kind == DC_T_INT && !n->r->ival))) {
		n->type = l;
		goto out;
	}
	if (rp && (is_voidptr(cc, l) || (!lp && n->l->isconst &&
					  l.kind == DC_T_INT && !n->l->ival))) {
		n->type = r;
		goto out;
	}
	dc_error(cc, "D_OP_INCOMPAT", n->line, n->col,
		 "operator ?: operands must have compatible types: \"%s\" and \"%s\"",
		 dc_type_str(l), dc_type_str(r));
	return false;
out:
	/* a handle and NULL is a handle; a handle and another pointer is
	 * neither (DTrace's DT_NF_NONASSIGN) */
	if (!lp && !is_voidptr(cc, l))
		n->type.hnd = r.hnd;
	else if (!rp && !is_voidptr(cc, r))
		n->type.hnd = l.hnd;
	else
		n->type.hnd = l.hnd == r.hnd ? l.hnd : DC_HND_MIXED;
	return true;
}

static bool sem_ternary(struct dc_cc *cc, struct dc_node *n)
{
	if (!dc_sem_expr(cc, n->x) | !dc_sem_expr(cc, n->l) | !dc_sem_expr(cc, n->r))
		return false;
	if (n->op == DC_TK_KEYWORD && n->x->type.kind != DC_T_INT) {
		dc_error(cc, "D_PRED_SCALAR", n->x->line, n->x->col,
			 "if condition must be of scalar type, not %s",
			 dc_type_str(n->x->type));
		return false;
	}
	if (!dc_sem_need_int(cc, n->x, "D_OP_SCALAR", "?:"))
		return false;
	if (n->l->type.kind == DC_T_STR && n->r->type.kind == DC_T_STR) {
		n->type = dc_str;
	} else if ((n->l->type.kind == DC_T_INT && n->l->type.ptr) ||
		   (n->r->type.kind == DC_T_INT && n->r->type.ptr)) {
		if (!sem_ternary_ptr(cc, n))
			return false;
	} else if (n->l->type.kind == DC_T_INT &&
		   n->r->type.kind == DC_T_INT) {
		n->type = arith(n->l->type, n->r->type);
		if (n->x->isconst && n->l->isconst && n->r->isconst) {
			n->isconst = true;
			n->ival = dc_sem_norm(n->x->ival ? n->l->ival :
					  n->r->ival, n->type);
		}
	} else {
		dc_error(cc, "D_OP_INCOMPAT", n->line, n->col,
			 "operator ?: operands must have compatible types: \"%s\" and \"%s\"",
			 dc_type_str(n->l->type), dc_type_str(n->r->type));
		return false;
	}
	return true;
}

static bool sem_stringof_done(struct dc_cc *cc, struct dc_node *n);

static bool sem_cast(struct dc_cc *cc, struct dc_node *n)
{
	if (n->ctype.kind == DC_T_ERR || !dc_sem_obj(cc, n->l))
		return false;
	/* an array is its address; a struct is no scalar */
	if (n->l->type.kind == DC_T_ARRAY && !dc_sem_decay(cc, n->l))
		return false;
	if (n->ctype.kind == DC_T_SOU || n->ctype.kind == DC_T_ARRAY ||
	    n->l->type.kind == DC_T_SOU || n->l->kind == DC_N_XLATE) {
		dc_error(cc, "D_CAST_INVAL", n->line, n->col,
			 "invalid cast expression: \"%s\" to \"%s\"",
			 dc_type_str(n->l->type), dc_type_str(n->ctype));
		return false;
	}
	if (n->ctype.kind == DC_T_VOID) {
		n->type = n->ctype;
		return true;
	}
	/* (string)p of a pointer into a buffer: the string in its bytes,
	 * as stringof(p) (Linux DTrace's cast of an alloca() pointer) */
	if (n->ctype.kind == DC_T_STR && (n->l->type.kind == DC_T_BUF ||
	    (n->l->type.kind == DC_T_INT && n->l->type.hnd))) {
		n->kind = DC_N_STRINGOF;
		return sem_stringof_done(cc, n);
	}
	if (n->l->type.kind == DC_T_BUF) {
		/* (int *)copyin(...): still the buffer, read as another
		 * pointer type; never an integer */
		if (!n->ctype.ptr) {
			dc_error(cc, "D_CAST_INVAL", n->line, n->col,
				 "invalid cast expression: \"%s\" to \"%s\": a copyin() buffer lives in the firing's scratch space and is not a number (dereference it, or use stringof())",
				 dc_type_str(n->l->type), dc_type_str(n->ctype));
			return false;
		}
		n->type = n->ctype;
		n->type.kind = DC_T_BUF;
		n->type.blen = n->l->type.blen;
		return true;
	}
	if (n->ctype.kind == DC_T_STR || n->l->type.kind != DC_T_INT) {
		dc_error(cc, "D_CAST_INVAL", n->line, n->col,
			 "invalid cast expression: \"%s\" to \"%s\"%s",
			 dc_type_str(n->l->type), dc_type_str(n->ctype),
			 n->ctype.kind == DC_T_STR ? " (use stringof)" : "");
		return false;
	}
	n->type = n->ctype;
	/* (char *)p of a handle is still one; (int)p its value */
	if (n->type.ptr)
		n->type.hnd = n->l->type.hnd;
	if (n->l->isconst) {
		n->isconst = true;
		n->ival = dc_sem_norm(n->l->ival, n->type);
	}
	return true;
}

static bool sem_sizeof(struct dc_cc *cc, struct dc_node *n)
{
	uint64_t size;

	if (n->l) {
		if (!dc_sem_obj(cc, n->l))
			return false;
		n->ctype = n->l->type;
		if (n->ctype.kind == DC_T_BUF)
			n->ctype.size = 8;	/* a pointer */
	}
	if (n->ctype.kind == DC_T_ERR)
		return false;
	if (n->ctype.kind == DC_T_SOU || n->ctype.kind == DC_T_ARRAY ||
	    (n->l && n->l->kind == DC_N_MEMBER)) {
		if (!dc_sem_sizeof_type(cc, n, &size))
			return false;
		n->type = dc_int_type(8, 1);
		n->isconst = true;
		n->ival = n->ctype.kind == DC_T_SOU ||
			  n->ctype.kind == DC_T_ARRAY ? size : n->ctype.size;
		return true;
	}
	if (n->ctype.kind == DC_T_VOID) {
		dc_error(cc, "D_SIZEOF_TYPE", n->line, n->col,
			 "cannot apply sizeof to an expression of type void");
		return false;
	}
	n->type = dc_int_type(8, 1);
	n->isconst = true;
	/* a string literal is a char array of its length and NUL */
	n->ival = n->l && n->l->kind == DC_N_STR ? n->l->slen + 1 :
		  n->ctype.kind == DC_T_STR ?	/* D's strsize: its chars */
		  sonde_program_kopt(cc->prog, SONDE_OPT_strsize) - 1 :
		  n->ctype.size;
	return true;
}

static bool sem_stringof(struct dc_cc *cc, struct dc_node *n)
{
	if (!dc_sem_expr(cc, n->l))
		return false;
	return sem_stringof_done(cc, n);
}

/* stringof(l), l analysed */
static bool sem_stringof_done(struct dc_cc *cc, struct dc_node *n)
{
	if (!dc_sem_unhnd(cc, n->l))
		return false;
	/* a buffer: its bytes, to a NUL or the copy's end */
	if (n->l->type.kind != DC_T_STR && n->l->type.kind != DC_T_BUF &&
	    n->l->type.kind != DC_T_INT) {
		dc_error(cc, "D_STRINGOF_TYPE", n->line, n->col,
			 "stringof() cannot be applied to %s",
			 dc_type_str(n->l->type));
		return false;
	}
	n->type = dc_str;
	return true;
}

bool dc_sem_expr(struct dc_cc *cc, struct dc_node *n)
{
	return dc_sem_obj(cc, n) && dc_sem_value(cc, n);
}

bool dc_sem_obj(struct dc_cc *cc, struct dc_node *n)
{
	uint32_t i;

	if (n->kind == DC_N_INT) {
		n->isconst = true;
		n->ival = dc_sem_norm(n->ival, n->type);
		return true;
	}
	n->type.kind = DC_T_ERR;
	switch (n->kind) {
	case DC_N_STR:
	case DC_N_NULLSTR:
		n->type = dc_str;
		return true;
	case DC_N_MACRO:
		return dc_sem_macro(cc, n);
	case DC_N_IDENT:
		return sem_ident(cc, n);
	case DC_N_AGG:
		dc_error(cc, "D_OP_INCOMPAT", n->line, n->col,
			 "aggregation @%s may only be the target of an aggregating function or an argument of printa()",
			 n->name);
		return false;
	case DC_N_INDEX:
		return sem_index(cc, n);
	case DC_N_SELF:
	case DC_N_THIS:
		return dc_sem_var_read(cc, n);
	case DC_N_MEMBER:
		return dc_sem_member(cc, n);
	case DC_N_OFFSETOF:
		return dc_sem_offsetof(cc, n);
	case DC_N_XLATE:
		return dc_sem_xlate(cc, n);
	case DC_N_XARG:
		/* the translator's input, checked where it was written */
		n->type = n->x->type;
		n->isconst = n->x->isconst;
		n->ival = n->x->ival;
		return true;
	case DC_N_CALL:
		return sem_call_expr(cc, n);
	case DC_N_UNARY:
		return sem_unary(cc, n);
	case DC_N_POSTFIX:
		return dc_sem_incdec(cc, n);
	case DC_N_BINARY:
		if (!dc_sem_expr(cc, n->l) | !dc_sem_expr(cc, n->r))
			return false;
		return dc_sem_binary(cc, n);
	case DC_N_LOGICAL:
		return sem_logical(cc, n);
	case DC_N_TERNARY:
		return sem_ternary(cc, n);
	case DC_N_ASSIGN:
		if (n->l->kind == DC_N_AGG) {
			dc_error(cc, "D_AGG_FUNC", n->line, n->col,
				 "an aggregation assignment must be a statement of its own");
			return false;
		}
		return dc_sem_assign(cc, n);
	case DC_N_COMMA:
		if (!dc_sem_expr(cc, n->l) | !dc_sem_expr(cc, n->r))
			return false;
		n->type = n->r->type;
		n->isconst = n->l->isconst && n->r->isconst;
		n->ival = n->r->ival;
		return true;
	case DC_N_CAST:
		return sem_cast(cc, n);
	case DC_N_SIZEOF:
		return sem_sizeof(cc, n);
	case DC_N_STRINGOF:
		return sem_stringof(cc, n);
	}
	for (i = 0; i < n->nargs; i++)
		dc_sem_expr(cc, n->args[i]);
	dc_error(cc, "D_SYNTAX", n->line, n->col, "invalid expression");
	return false;
}

bool dc_sem_const_index(struct dc_cc *cc, struct dc_node *idx,
			const char *what, int64_t *v)
{
	if (!dc_sem_expr(cc, idx))
		return false;
	if (idx->type.kind != DC_T_INT || !idx->isconst) {
		dc_error(cc, "D_PROTO_ARG", idx->line, idx->col,
			 "%s[ ] argument #1 is incompatible with prototype: an integer constant is required, not %s",
			 what, idx->isconst ? dc_type_str(idx->type) :
			 "an expression evaluated when the probe fires");
		return false;
	}
	*v = (int64_t)idx->ival;
	return true;
}

bool dc_sem_clause(struct dc_cc *cc, struct dc_clause_ast *c)
{
	cc->cur_clause = (uint32_t)(c - cc->clauses);
	return dc_sem_clause_cook(cc, c);
}
