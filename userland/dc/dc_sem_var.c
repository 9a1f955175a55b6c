// SPDX-License-Identifier: GPL-2.0
/*
 * dc_sem_var.c - semantic analysis, the variables: macro variables
 * ($target, $pid, $1...; also in probe descriptions), D variables
 * (globals, this->, self->, associative arrays: definition on first
 * assignment, keys, types), assignments and ++/--.  Called by dc_sem.c's
 * expression checks; dc_vars_fini() by the driver.  Userland only.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dc_impl.h"
#include "dc_sem.h"
#include "vm.h"

/* ---- macro variables -------------------------------------------------- */

static bool macro_int(struct dc_cc *cc, struct dc_node *n, int64_t v)
{
	n->kind = DC_N_INT;
	n->ival = (uint64_t)v;
	n->type = v >= INT32_MIN && v <= INT32_MAX ? dc_int_type(4, 0) : dc_int_type(8, 0);
	n->isconst = true;
	return true;
}

static bool macro_str(struct dc_cc *cc, struct dc_node *n, const char *s)
{
	n->kind = DC_N_STR;
	n->str = dc_strndup(cc, s, strlen(s));
	n->slen = strlen(s);
	n->type = dc_str;
	return n->str != NULL;
}

/* The value of $name as text (target pid, argument), or NULL. */
static const char *macro_text(struct dc_cc *cc, const char *name,
			      uint32_t line, uint32_t col, char *buf,
			      size_t size)
{
	const struct dc_opts *o = cc->opts;
	char *end;
	long i;

	/* as dtrace's macros: $target is the -c / -p process, 0 without
	 * one; $pid is the compiler's own process */
	if (!strcmp(name, "target")) {
		snprintf(buf, size, "%ld", o && o->target > 0 ? o->target : 0);
		return buf;
	}
	if (name[0] >= '0' && name[0] <= '9') {
		i = strtol(name, &end, 10);
		if (*end) {
			dc_error(cc, "D_SYNTAX", line, col,
				 "invalid macro variable $%s", name);
			return NULL;
		}
		if (i == 0)
			return cc->srcs[cc->cur_src].name;
		if (!o || i > o->argc) {
			dc_error(cc, "D_MACRO_UNDEF", line, col,
				 "macro argument $%ld is not defined", i);
			return NULL;
		}
		return o->argv[i - 1];
	}
#define DC_MAC_(n, expr)						\
	if (!strcmp(name, n)) {						\
		snprintf(buf, size, "%ld", (long)(expr));		\
		return buf;						\
	}
	DC_MAC_("pid", getpid())
	DC_MAC_("ppid", getppid())
	DC_MAC_("uid", getuid())
	DC_MAC_("gid", getgid())
	DC_MAC_("euid", geteuid())
	DC_MAC_("egid", getegid())
	DC_MAC_("pgid", getpgid(0))
	DC_MAC_("sid", getsid(0))
#undef DC_MAC_
	dc_error(cc, "D_MACRO_UNDEF", line, col,
		 "failed to resolve $%s: unknown macro variable", name);
	return NULL;
}

/* Parse a whole string as an integer (C syntax: decimal, 0x, 0). */
static bool parse_int(const char *s, int64_t *v)
{
	char *end;

	if (!*s)
		return false;
	errno = 0;
	if (*s == '-')
		*v = strtoll(s, &end, 0);
	else
		*v = (int64_t)strtoull(s, &end, 0);
	return !*end && !errno;
}

bool dc_sem_macro(struct dc_cc *cc, struct dc_node *n)
{
	bool quoted = n->name[0] == '$';
	const char *name = quoted ? n->name + 1 : n->name;
	const char *text;
	char buf[32];
	int64_t v;

	/* defaultargs: a macro argument not given is 0 (or "") */
	if (cc->prog->uopts.defaultargs && name[0] >= '1' && name[0] <= '9' &&
	    (!cc->opts || strtol(name, NULL, 10) > cc->opts->argc) &&
	    name[strspn(name, "0123456789")] == '\0')
		return quoted ? macro_str(cc, n, "") : macro_int(cc, n, 0);
	text = macro_text(cc, name, n->line, n->col, buf, sizeof(buf));
	if (!text)
		return false;
	if (quoted || !strcmp(name, "0"))
		return macro_str(cc, n, text);
	if (!parse_int(text, &v)) {
		dc_error(cc, "D_MACRO_UNDEF", n->line, n->col,
			 "macro argument $%s is not an integer (\"%s\"); use $$%s for a string",
			 name, text, name);
		return false;
	}
	return macro_int(cc, n, v);
}

char *dc_sem_expand_pdesc(struct dc_cc *cc, const char *in, uint32_t line,
			  uint32_t col)
{
	size_t cap = strlen(in) + 1, n = 0;
	char *out = malloc(cap), buf[32];
	const char *p = in;

	if (!out) {
		cc->oom = true;
		return NULL;
	}
	while (*p) {
		const char *s, *text;
		char name[64];
		size_t k = 0, tl;

		if (*p != '$') {
			out[n++] = *p++;
			continue;
		}
		s = ++p;
		while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		       (*p >= '0' && *p <= '9') || *p == '_')
			p++;
		k = p - s;
		if (!k || k >= sizeof(name)) {
			dc_error(cc, "D_PDESC_INVAL", line, col,
				 "invalid probe description \"%s\": bad macro variable",
				 in);
			free(out);
			return NULL;
		}
		memcpy(name, s, k);
		name[k] = 0;
		text = macro_text(cc, name, line, col, buf, sizeof(buf));
		if (!text) {
			free(out);
			return NULL;
		}
		tl = strlen(text);
		cap += tl;
		{
			char *o2 = realloc(out, cap);

			if (!o2) {
				free(out);
				cc->oom = true;
				return NULL;
			}
			out = o2;
		}
		memcpy(out + n, text, tl);
		n += tl;
	}
	out[n] = 0;
	return out;
}

/* ---- variables -------------------------------------------------------- */

static const char *const scope_pfx[] = { "", "this->", "self->" };

int dc_var_find(struct dc_cc *cc, const char *name, uint32_t scope)
{
	uint32_t i;

	for (i = 0; i < cc->nvars; i++)
		if (cc->vars[i].scope == scope && !strcmp(cc->vars[i].name, name))
			return (int)i;
	return -1;
}

int dc_var_define(struct dc_cc *cc, const char *name, uint32_t scope,
		  struct dc_type t, uint32_t nkeys, const struct dc_type *keys,
		  uint32_t line, uint32_t col)
{
	struct dc_var *v;
	int id = dc_var_find(cc, name, scope);

	if (id >= 0) {
		dc_error(cc, "D_DECL_IDRED", line, col,
			 "identifier redeclared: %s%s (first declared at line %u)",
			 scope_pfx[scope], name, DC_LINE(cc->vars[id].line));
		return -1;
	}
	if (cc->nvars >= SONDE_MAX_VARS) {
		dc_error(cc, "D_ID_OFLOW", line, col,
			 "too many variables (at most %u)", SONDE_MAX_VARS);
		return -1;
	}
	if (!dc_grow(cc, (void **)&cc->vars, &cc->cap_vars, cc->nvars + 1,
		     sizeof(*cc->vars)))
		return -1;
	v = &cc->vars[cc->nvars];
	memset(v, 0, sizeof(*v));
	v->name = dc_strndup(cc, name, strlen(name));
	if (!v->name)
		return -1;
	v->scope = scope;
	t.blen = 0;
	v->type = t;
	v->nkeys = nkeys;
	if (nkeys)
		memcpy(v->keys, keys, nkeys * sizeof(*keys));
	v->line = line;
	v->col = col;
	return (int)cc->nvars++;
}

void dc_vars_fini(struct dc_cc *cc)
{
	struct sonde_program *p = cc->prog;
	uint32_t i, k;

	if (!cc->nvars)
		return;
	p->vars = calloc(cc->nvars, sizeof(*p->vars));
	if (!p->vars) {
		cc->oom = true;
		return;
	}
	for (i = 0; i < cc->nvars; i++) {
		const struct dc_var *v = &cc->vars[i];
		struct sonde_pvar *pv = &p->vars[p->nvars++];

		pv->name = strdup(v->name);
		pv->desc.scope = v->scope;
		pv->desc.type = v->type.kind == DC_T_STR ? SONDE_T_STR :
				v->type.kind == DC_T_BUF ? SONDE_T_BUF :
				v->type.kind == DC_T_SOU ||
				v->type.kind == DC_T_ARRAY ?
				SONDE_TYPE_BYTES(v->type.size) : SONDE_T_INT;
		pv->desc.nkeys = v->nkeys;
		pv->type = dc_dtype(cc, v->type);
		if (v->nkeys)
			pv->keys = calloc(v->nkeys, sizeof(*pv->keys));
		if (!pv->name || (v->nkeys && !pv->keys)) {
			cc->oom = true;
			return;
		}
		for (k = 0; k < v->nkeys; k++)
			pv->keys[k] = dc_dtype(cc, v->keys[k]);
	}
}

/* The scope, name and keys a variable reference names; false if @n is
 * not a variable reference (reported unless @quiet). */
static bool var_ref(struct dc_cc *cc, struct dc_node *n, uint32_t *scope,
		    const char **name, uint32_t *nkeys)
{
	struct dc_node *b = n;

	*nkeys = 0;
	if (n->kind == DC_N_INDEX) {
		b = n->l;
		*nkeys = n->nargs;
		if (b->kind == DC_N_IDENT && (!strcmp(b->name, "args") ||
					      !strcmp(b->name, "uregs")) &&
		    dc_var_find(cc, b->name, SONDE_VAR_GLOBAL) < 0) {
			dc_error(cc, "D_OP_WRITE", n->line, n->col,
				 "%s[] is a built-in: it cannot be assigned",
				 b->name);
			return false;
		}
		if (b->kind == DC_N_THIS) {
			dc_error(cc, "D_DECL_ARRSUP", n->line, n->col,
				 "clause-local arrays are not supported");
			return false;
		}
		if (b->kind == DC_N_AGG) {
			dc_error(cc, "D_AGG_MDIM", n->line, n->col,
				 "improper attempt to reference @%s as a multi-dimensional array",
				 b->name);
			return false;
		}
		if (b->kind != DC_N_IDENT && b->kind != DC_N_SELF) {
			/* dc_sem_is_elem() takes every other base */
			dc_error(cc, "D_OP_LVAL", n->line, n->col,
				 "operator [ ] requires a variable or an object as its left operand");
			return false;
		}
		if (!n->nargs) {
			dc_error(cc, "D_ARR_BADREF", n->line, n->col,
				 "associative array %s%s needs at least one key",
				 b->kind == DC_N_SELF ? "self->" : "", b->name);
			return false;
		}
		if (n->nargs > SONDE_MAX_AGG_KEYS) {
			dc_error(cc, "D_KEY_TYPE", n->line, n->col,
				 "array %s has %u keys: at most %u are allowed",
				 b->name, n->nargs, SONDE_MAX_AGG_KEYS);
			return false;
		}
	}
	switch (b->kind) {
	case DC_N_IDENT:
		*scope = SONDE_VAR_GLOBAL;
		break;
	case DC_N_THIS:
		*scope = SONDE_VAR_LOCAL;
		break;
	case DC_N_SELF:
		*scope = SONDE_VAR_TLS;
		break;
	default:
		/* members and elements of objects are dc_sem_is_elem()'s */
		dc_error(cc, "D_OP_LVAL", n->line, n->col,
			 "a variable was expected here");
		return false;
	}
	*name = b->name;
	return true;
}

/* Key expressions of an array reference: integers or strings, the
 * declared count and kinds. */
static bool sem_keys(struct dc_cc *cc, struct dc_node *n, int id)
{
	const struct dc_var *v = id >= 0 ? &cc->vars[id] : NULL;
	bool ok = true;
	uint32_t i;

	if (n->kind != DC_N_INDEX)
		return true;
	for (i = 0; i < n->nargs; i++) {
		struct dc_node *k = n->args[i];

		if (!dc_sem_expr(cc, k)) {
			ok = false;
		} else if (!dc_sem_key_ok(cc, &k->type, k->line, k->col,
					  "array", i + 1)) {
			ok = false;
		} else if (v && i < v->nkeys &&
			   !dc_sem_key_same(cc, &k->type, &v->keys[i])) {
			/* dt_idcook_sign()'s words for a key */
			dc_error(cc, "D_PROTO_ARG", k->line, k->col,
				 "%s[ ] key #%u is incompatible with prototype:\n\tprototype: %s\n\t      key: %s",
				 v->name, i + 1, dc_type_str(v->keys[i]),
				 dc_type_str(k->type));
			ok = false;
		}
	}
	return ok;
}

/* A variable read: it must exist (declared or assigned before). */
bool dc_sem_var_read(struct dc_cc *cc, struct dc_node *n)
{
	uint32_t scope, nkeys;
	const char *name;
	int id;

	if (!var_ref(cc, n, &scope, &name, &nkeys))
		return false;
	id = dc_var_find(cc, name, scope);
	if (!sem_keys(cc, n, id))
		return false;
	if (id < 0) {
		/* DTrace: an unknown global is an unknown identifier
		 * (dt_xcook_ident()); self->, this-> and array references
		 * create their variable, which must be assigned before it
		 * is read (dt_cook_var()); a global array may be an
		 * inline of the D libraries (fds[]) */
		if (scope == SONDE_VAR_GLOBAL && dc_libs_need(cc))
			return false;
		if (scope == SONDE_VAR_GLOBAL && !nkeys)
			dc_error(cc, "D_IDENT_UNDEF", n->line, n->col,
				 "failed to resolve %s: Unknown variable name",
				 name);
		else
			dc_error(cc, "D_VAR_UNDEF", n->line, n->col,
				 "%s%s has not yet been declared or assigned",
				 scope_pfx[scope], name);
		return false;
	}
	if (cc->vars[id].nkeys != nkeys) {
		/* dt_cook_var() / dt_idcook_assc()'s tags and words */
		if (!cc->vars[id].nkeys)
			dc_error(cc, "D_ARR_BADREF", n->line, n->col,
				 "cannot access scalar %s%s as an associative array",
				 scope_pfx[scope], name);
		else if (!nkeys)
			dc_error(cc, "D_IDENT_BADREF", n->line, n->col,
				 "associative array '%s%s' may not be referenced as scalar",
				 scope_pfx[scope], name);
		else
			dc_error(cc, "D_PROTO_LEN", n->line, n->col,
				 "%s%s[ ] prototype mismatch: %u key%s passed, %u expected",
				 scope_pfx[scope], name, nkeys,
				 nkeys == 1 ? "" : "s", cc->vars[id].nkeys);
		return false;
	}
	n->isvar = true;
	n->id = id;
	n->type = cc->vars[id].type;
	if (n->type.kind == DC_T_SOU || n->type.kind == DC_T_ARRAY)
		n->type.space = DC_SP_BUF;	/* loaded into scratch */
	return true;
}

/*
 * The target of a store: defined with type *@create if new, or, when
 * @create is NULL (a compound assignment: it reads the variable first),
 * DTrace's D_VAR_UNDEF.
 */
static bool sem_var_store(struct dc_cc *cc, struct dc_node *n,
			  const struct dc_type *create, const char *op)
{
	struct dc_type keys[SONDE_MAX_AGG_KEYS];
	uint32_t scope, nkeys, i;
	const char *name;
	int id;

	if (n->kind == DC_N_IDENT && dc_builtin_lookup(n->name) >= 0) {
		dc_error(cc, "D_OP_WRITE", n->line, n->col,
			 "operator %s can only be applied to a writable variable; %s is a built-in",
			 op, n->name);
		return false;
	}
	if (n->kind == DC_N_IDENT && dc_reg_const(n->name) >= 0) {
		dc_error(cc, "D_OP_LVAL", n->line, n->col,
			 "operator %s requires a modifiable lvalue as its operand; %s is a constant (a uregs[] index)",
			 op, n->name);
		return false;
	}
	if (n->kind == DC_N_AGG) {
		dc_error(cc, "D_AGG_FUNC", n->line, n->col,
			 "operator %s cannot be applied to aggregation @%s: use @%s = fn(...) with an aggregating function",
			 op, n->name, n->name);
		return false;
	}
	if (n->kind != DC_N_IDENT && n->kind != DC_N_SELF &&
	    n->kind != DC_N_THIS && n->kind != DC_N_INDEX &&
	    n->kind != DC_N_MEMBER) {
		dc_error(cc, "D_OP_LVAL", n->line, n->col,
			 "operator %s requires a modifiable lvalue as its operand",
			 op);
		return false;
	}
	if (!var_ref(cc, n, &scope, &name, &nkeys))
		return false;
	if (n->kind == DC_N_IDENT && dc_fn_lookup(name)) {
		dc_error(cc, "D_IDENT_BADREF", n->line, n->col,
			 "%s is a function: it cannot be assigned", name);
		return false;
	}
	id = dc_var_find(cc, name, scope);
	if (!sem_keys(cc, n, id))
		return false;
	if (id < 0 && !create) {
		dc_error(cc, "D_VAR_UNDEF", n->line, n->col,
			 "%s%s has not yet been declared or assigned",
			 scope_pfx[scope], name);
		return false;
	}
	if (id < 0) {
		for (i = 0; i < nkeys; i++)
			keys[i] = n->args[i]->type;
		id = dc_var_define(cc, name, scope, *create, nkeys, keys,
				   n->line, n->col);
		if (id < 0)
			return false;
	}
	return dc_sem_var_read(cc, n);
}

/*
 * Check that value @r may be stored in variable @n.  As
 * dt_node_is_argcompat() rules: integers with integers, strings with
 * strings, a struct with its own type, and a pointer only with a pointer
 * (the constant 0 too, NULL): x = curthread; x = pid; is D_OP_INCOMPAT.
 */
static bool sem_store_type(struct dc_cc *cc, struct dc_node *n,
			   const struct dc_node *r, const char *op)
{
	struct dc_type t = r->type;
	bool null = r->kind == DC_N_INT && r->ival == 0;

	if (n->type.kind == t.kind && t.kind == DC_T_INT &&
	    !n->type.ptr != !t.ptr && !(n->type.ptr && null))
		goto incompat;
	if (n->type.kind == t.kind && (t.kind != DC_T_SOU ||
	    dc_sem_same_type(cc, n->type.tid, t.tid)))
		return true;
	/* 0 stored in a struct or union dynamic variable (an array
	 * element, a thread-local) deletes it, as every store of 0 to a
	 * dynamic variable does (Linux dtrace's tst.store_zero_deletes_*) */
	if (n->type.kind == DC_T_SOU && t.kind == DC_T_INT && !t.ptr &&
	    r->isconst && !r->ival && n->isvar &&
	    (cc->vars[n->id].nkeys || cc->vars[n->id].scope == SONDE_VAR_TLS))
		return true;
incompat:
	dc_error(cc, "D_OP_INCOMPAT", n->line, n->col,
		 "operands have incompatible types: \"%s\" %s \"%s\"",
		 dc_type_str(n->type), op, dc_type_str(t));
	return false;
}

/*
 * DTrace's alloca taint (dt_cook_op2(), dt_cook_taint_alloca()): a
 * variable assigned a handle holds handles, and one assigned any other
 * value but 0 (NULL) or a string holds none; both is D_ALLOCA_INCOMPAT,
 * as is a value that is a handle on one branch of a ?: only.
 */
static bool sem_alloca_taint(struct dc_cc *cc, struct dc_node *n)
{
	const struct dc_node *r = n->r;
	struct dc_var *v;

	if (r->type.hnd == DC_HND_MIXED) {
		dc_error(cc, "D_ALLOCA_INCOMPAT", n->line, n->col,
			 "ternary conditional with alloca and non-alloca branches cannot be assigned to a variable");
		return false;
	}
	if (!n->l->isvar || n->l->id < 0 || (uint32_t)n->l->id >= cc->nvars)
		return true;
	v = &cc->vars[n->l->id];
	if (r->type.hnd == DC_HND_ALLOCA) {
		v->alloca = 1;
		v->type.hnd = DC_HND_ALLOCA;
		n->l->type.hnd = DC_HND_ALLOCA;
	} else if (r->type.kind != DC_T_STR &&
		   !(r->isconst && r->type.kind == DC_T_INT && !r->type.ptr &&
		     !r->ival)) {
		/* not the integer 0 (NULL) */
		v->nonalloca = 1;
	}
	if (v->alloca && v->nonalloca) {
		/* at the clause, where DTrace reports it */
		uint32_t line = cc->cur_clause < cc->nclauses ?
				cc->clauses[cc->cur_clause].line : n->line;

		dc_error(cc, "D_ALLOCA_INCOMPAT", line,
			 line == n->line ? n->col : 1,
			 "%s: cannot reuse the same identifier for both alloca and non-alloca allocations",
			 v->name);
		return false;
	}
	return true;
}

static struct dc_node *dup_node(struct dc_cc *cc, const struct dc_node *n)
{
	struct dc_node *d = dc_alloc(cc, sizeof(*d));

	if (d)
		*d = *n;
	return d;
}

static int compound_op(int op)
{
	switch (op) {
	case DC_TK_ADD_EQ: return DC_TK_PLUS;
	case DC_TK_SUB_EQ: return DC_TK_MINUS;
	case DC_TK_MUL_EQ: return DC_TK_STAR;
	case DC_TK_DIV_EQ: return DC_TK_SLASH;
	case DC_TK_MOD_EQ: return DC_TK_PERCENT;
	case DC_TK_AND_EQ: return DC_TK_AMP;
	case DC_TK_OR_EQ: return DC_TK_BOR;
	case DC_TK_XOR_EQ: return DC_TK_XOR;
	case DC_TK_SHL_EQ: return DC_TK_SHL;
	case DC_TK_SHR_EQ: return DC_TK_SHR;
	}
	return DC_TK_PLUS;
}


/*
 * l = r, l op= r (rewritten as l = l op r: the keys are evaluated
 * twice), and ++/-- (as += 1; a postfix node keeps its DC_N_POSTFIX node
 * around the assignment and undoes the step on the result).  A new
 * variable takes the type of its first assignment; ++ and -- make a new
 * one an int64_t (dt_cook_op1()); other compound assignments read it
 * first, so it must exist.
 */
static bool sem_assign(struct dc_cc *cc, struct dc_node *n, bool incdec)
{
	static const struct dc_type int64 = { .kind = DC_T_INT, .size = 8 };
	const char *op = dc_tok_name(n->op);
	struct dc_node *b, *l;

	/* dt_cook_op2(): @a[k][j] = ..., before the right side */
	if (n->l->kind == DC_N_INDEX && n->l->l->kind == DC_N_AGG) {
		dc_error(cc, "D_AGG_MDIM", n->line, n->col,
			 "improper attempt to reference @%s as a multi-dimensional array",
			 n->l->l->name);
		return false;
	}
	/* a member or element of a struct or array: dc_sem_type.c's */
	if (dc_sem_is_elem(cc, n->l))
		return dc_sem_assign_elem(cc, n);
	if (!dc_sem_expr(cc, n->r))
		return false;
	if (n->r->type.kind == DC_T_SOU && n->op == DC_TK_ASSIGN) {
		/* a struct: copied into a struct variable */
		if (!dc_sem_byref_var_ok(cc, &n->r->type, n->line, n->col,
					 n->l->name ? n->l->name : "") ||
		    !sem_var_store(cc, n->l, &n->r->type, op) ||
		    !sem_store_type(cc, n->l, n->r, op))
			return false;
		n->type = n->l->type;
		return true;
	}
	/* a clause-local lives as long as the scratch a buffer is in */
	if (n->r->type.kind == DC_T_BUF && n->op == DC_TK_ASSIGN &&
	    n->l->kind == DC_N_THIS) {
		if (!sem_var_store(cc, n->l, &n->r->type, op) ||
		    !sem_store_type(cc, n->l, n->r, op))
			return false;
		n->type = n->l->type;
		return true;
	}
	/* elsewhere it is kept as its handle (SONDE_HND_*), which names
	 * the buffer only in the run that made it */
	if (n->r->type.kind == DC_T_BUF && n->op == DC_TK_ASSIGN &&
	    !dc_sem_tohnd(cc, n->r))
		return false;
	if (n->r->type.kind == DC_T_BUF) {
		dc_error(cc, "D_OP_INCOMPAT", n->r->line, n->r->col,
			 "operator %s: the value is a copyin() or alloca() buffer, not a number",
			 op);
		return false;
	}
	if (n->r->type.kind != DC_T_INT && n->r->type.kind != DC_T_STR) {
		dc_error(cc, "D_OP_INCOMPAT", n->r->line, n->r->col,
			 "operator %s: the value has type %s", op,
			 dc_type_str(n->r->type));
		return false;
	}
	if (n->op == DC_TK_ASSIGN) {
		if (!sem_var_store(cc, n->l, &n->r->type, op))
			return false;
		/* NULL assigned to a string: the NULL string */
		if (n->l->type.kind == DC_T_STR)
			dc_sem_null_str(n->r);
		if (!sem_store_type(cc, n->l, n->r, op) ||
		    !sem_alloca_taint(cc, n))
			return false;
		n->type = n->l->type;
		return true;
	}
	if (!dc_sem_need_int(cc, n->r, "D_OP_ARITH", op) ||
	    !sem_var_store(cc, n->l, incdec ? &int64 : NULL, op))
		return false;
	if (!dc_sem_need_int(cc, n->l, "D_OP_ARITH", op))
		return false;
	l = dup_node(cc, n->l);
	b = dc_alloc(cc, sizeof(*b));
	if (!l || !b)
		return false;
	b->kind = DC_N_BINARY;
	b->op = compound_op(n->op);
	b->line = n->line;
	b->col = n->col;
	b->l = l;
	b->r = n->r;
	if (!dc_sem_binary(cc, b))
		return false;
	n->op = DC_TK_ASSIGN;
	n->r = b;
	n->type = n->l->type;
	return true;
}

bool dc_sem_assign(struct dc_cc *cc, struct dc_node *n)
{
	return sem_assign(cc, n, false);
}

/* ++x, --x, x++, x-- on an integer variable: @n becomes x op= 1
 * (postfix: @n keeps its kind, n->l the assignment). */
bool dc_sem_incdec(struct dc_cc *cc, struct dc_node *n)
{
	struct dc_node *one = dc_alloc(cc, sizeof(*one));
	struct dc_node *asg = n->kind == DC_N_POSTFIX ?
			      dc_alloc(cc, sizeof(*asg)) : n;

	if (!one || !asg)
		return false;
	one->kind = DC_N_INT;
	one->ival = 1;
	one->type = dc_int;
	one->isconst = true;
	one->line = n->line;
	one->col = n->col;
	if (asg != n) {
		*asg = *n;
		n->l = asg;
	}
	asg->kind = DC_N_ASSIGN;
	asg->r = one;
	asg->op = n->op == DC_TK_INC ? DC_TK_ADD_EQ : DC_TK_SUB_EQ;
	if (!sem_assign(cc, asg, true))
		return false;
	n->type = asg->type;
	return true;
}
