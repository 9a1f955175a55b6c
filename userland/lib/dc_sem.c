// SPDX-License-Identifier: GPL-2.0
/*
 * dc_sem.c - semantic analysis: the type of every expression (C's usual
 * arithmetic conversions on D's integer types, strings), built-in and
 * macro variables, constant folding, and the rules of the actions
 * (printf, trace, exit, printa) and of aggregations (functions, keys,
 * lquantize/llquantize parameters, one definition per name).  Marks what
 * the parser accepts but code generation does not handle yet with a
 * "... is not supported yet" error.  Runs before dc_cg.c on each clause.
 * Userland only.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dc_impl.h"
#include "vm.h"

static const struct dc_type dc_int = { .kind = DC_T_INT, .size = 4 };
static const struct dc_type dc_str = { .kind = DC_T_STR };

/* ---- built-ins -------------------------------------------------------- */

static const struct {
	const char *name;
	int id;
} dc_builtins[] = {
#define DC_B_(name, id, type) { #name, SONDE_B_##name },
	SONDE_BUILTINS(DC_B_)
#undef DC_B_
};

static struct dc_type ity(int size, int uns)
{
	struct dc_type t = { .kind = DC_T_INT, .size = (uint8_t)size,
			     .uns = (uint8_t)uns };

	return t;
}

struct dc_type dc_builtin_type(int id)
{
	switch (id) {
	case SONDE_B_pid: case SONDE_B_tid: case SONDE_B_ppid:
	case SONDE_B_errno: case SONDE_B_cpu:
		return ity(4, 0);
	case SONDE_B_uid: case SONDE_B_gid: case SONDE_B_id:
	case SONDE_B_epid: case SONDE_B_stackdepth: case SONDE_B_ustackdepth:
		return ity(4, 1);
	case SONDE_B_timestamp: case SONDE_B_vtimestamp:
	case SONDE_B_walltimestamp: case SONDE_B_curthread:
		return ity(8, 1);
	case SONDE_B_execname: case SONDE_B_probeprov: case SONDE_B_probemod:
	case SONDE_B_probefunc: case SONDE_B_probename:
		return dc_str;
	}
	return ity(8, 0);	/* arg0..arg9 */
}

static int dc_builtin_lookup(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(dc_builtins) / sizeof(dc_builtins[0]); i++)
		if (!strcmp(dc_builtins[i].name, name))
			return dc_builtins[i].id;
	return -1;
}

struct dc_subr;
static const struct dc_subr *dc_subr_any(const char *name);

/* Subroutines (SONDE_SUBRS) and actions known to D but not generated. */
static bool dc_is_subr(const char *name)
{
	static const char *const names[] = {
		"copyinto", "alloca", "bcopy", "cleanpath",
		"strtok", "inet_ntop", "inet_ntoa", "inet_ntoa6",
		"progenyof", "getmajor", "getminor", "ddi_pathname",
		"mutex_owned", "mutex_owner", "rw_read_held", "memref",
		"json", "speculation",
	};
	size_t i;

	if (dc_subr_any(name))
		return true;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(names[i], name))
			return true;
	return false;
}

static bool dc_is_action(const char *name)
{
	static const char *const names[] = {
		"stack", "ustack", "jstack", "tracemem", "printm", "print",
		"clear", "trunc", "normalize", "denormalize", "setopt",
		"system", "raise", "stop", "panic", "chill", "breakpoint",
		"copyout", "copyoutstr", "speculate", "commit", "discard",
		"func", "mod", "sym", "ufunc", "umod", "usym", "uaddr",
		"freopen", "ftruncate",
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(names[i], name))
			return true;
	return false;
}

static int dc_aggfn_lookup(const char *name)
{
	static const struct {
		const char *name;
		int fn;
	} fns[] = {
#define DC_A_(name, id) { #name, SONDE_AGG_##name },
		SONDE_AGGS(DC_A_)
#undef DC_A_
	};
	size_t i;

	for (i = 0; i < sizeof(fns) / sizeof(fns[0]); i++)
		if (!strcmp(fns[i].name, name))
			return fns[i].fn;
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
	} else if (t.kind == DC_T_STACK) {
		d.kind = t.uns ? SONDE_DT_USTACK : SONDE_DT_KSTACK;
		d.size = t.size * 8u;
	} else if (t.kind == DC_T_BUF) {
		d.kind = SONDE_DT_BYTES;	/* trace(): the copied bytes */
		d.size = t.blen;
	} else {
		d.kind = t.uns ? SONDE_DT_UINT : SONDE_DT_INT;
		d.size = t.size ? t.size : 8;
	}
	return d;
}

static struct dc_type promote(struct dc_type t)
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
	a = promote(a);
	b = promote(b);
	if (a.size == b.size) {
		a.uns |= b.uns;
		return a;
	}
	return a.size > b.size ? a : b;
}

/* @v as a value of type @t (truncated and extended as C converts). */
static uint64_t dc_norm(uint64_t v, struct dc_type t)
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
	static char bufs[4][64];
	static unsigned int next;
	char *b;

	switch (t.kind) {
	case DC_T_STR: return "string";
	case DC_T_VOID: return "void";
	case DC_T_AGG: return "aggregation";
	case DC_T_STACK: return "stack";
	case DC_T_INT:
		if (!t.ptr)
			return int_name(t.size, t.uns);
		break;
	case DC_T_BUF:
		break;
	default:
		return "<error>";
	}
	b = bufs[next++ % 4];
	snprintf(b, sizeof(bufs[0]), "%s %.*s%s",
		 t.esize ? int_name(t.esize, t.euns) : "void",
		 t.ptr > 8 ? 8 : t.ptr, "********",
		 t.kind == DC_T_BUF ? " (a copyin() buffer)" : "");
	return b;
}

static const char *type_name(struct dc_type t)
{
	return dc_type_str(t);
}

/* ---- macro variables -------------------------------------------------- */

static bool macro_int(struct dc_cc *cc, struct dc_node *n, int64_t v)
{
	n->kind = DC_N_INT;
	n->ival = (uint64_t)v;
	n->type = v >= INT32_MIN && v <= INT32_MAX ? ity(4, 0) : ity(8, 0);
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

	if (!strcmp(name, "target") || !strcmp(name, "pid")) {
		if (!o || o->target <= 0) {
			dc_error(cc, "D_MACRO_UNDEF", line, col,
				 "failed to resolve $%s: no target process (use -p or -c)",
				 name);
			return NULL;
		}
		snprintf(buf, size, "%ld", o->target);
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

static bool sem_macro(struct dc_cc *cc, struct dc_node *n)
{
	bool quoted = n->name[0] == '$';
	const char *name = quoted ? n->name + 1 : n->name;
	const char *text;
	char buf[32];
	int64_t v;

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

/* ---- expressions ------------------------------------------------------ */

static bool sem_expr(struct dc_cc *cc, struct dc_node *n);

static bool need_int(struct dc_cc *cc, struct dc_node *n, const char *tag,
		     const char *op)
{
	if (n->type.kind == DC_T_INT)
		return true;
	dc_error(cc, tag, n->line, n->col,
		 "operator %s requires an operand of integer type, not %s", op,
		 type_name(n->type));
	return false;
}

static const char *op_text(int op)
{
	return dc_tok_name(op);
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
				SONDE_T_INT;
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
		if (b->kind != DC_N_IDENT && b->kind != DC_N_SELF) {
			dc_error(cc, "D_ARR_BADREF", n->line, n->col,
				 "indexing an expression with [] is not supported yet");
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
	case DC_N_MEMBER:
		dc_error(cc, "D_VAR_UNSUP", n->line, n->col,
			 "member access (%s%s) is not supported yet",
			 n->op == DC_TK_ARROW ? "->" : ".", n->name);
		return false;
	default:
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

		if (!sem_expr(cc, k)) {
			ok = false;
		} else if (k->type.kind != DC_T_INT &&
			   k->type.kind != DC_T_STR) {
			dc_error(cc, "D_KEY_TYPE", k->line, k->col,
				 "array key #%u has invalid type %s", i + 1,
				 type_name(k->type));
			ok = false;
		} else if (v && i < v->nkeys &&
			   k->type.kind != v->keys[i].kind) {
			dc_error(cc, "D_KEY_TYPE", k->line, k->col,
				 "array key #%u has type %s, not %s as declared at line %u",
				 i + 1, type_name(k->type),
				 type_name(v->keys[i]), DC_LINE(v->line));
			ok = false;
		}
	}
	return ok;
}

/* A variable read: it must exist (declared or assigned before). */
static bool sem_var_read(struct dc_cc *cc, struct dc_node *n)
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
		dc_error(cc, "D_IDENT_UNDEF", n->line, n->col,
			 scope == SONDE_VAR_GLOBAL && !nkeys ?
			 "failed to resolve %s%s: unknown variable name" :
			 "%s%s has not yet been declared or assigned",
			 scope_pfx[scope], name);
		return false;
	}
	if (cc->vars[id].nkeys != nkeys) {
		dc_error(cc, "D_ARR_BADREF", n->line, n->col,
			 cc->vars[id].nkeys ?
			 "%s%s is an associative array of %u keys, used with %u" :
			 "%s%s is a scalar variable%.0u%.0u: it cannot be indexed",
			 scope_pfx[scope], name, cc->vars[id].nkeys, nkeys);
		return false;
	}
	n->isvar = true;
	n->id = id;
	n->type = cc->vars[id].type;
	return true;
}

/* The target of a store of a value of type @t: defined by it if new. */
static bool sem_var_store(struct dc_cc *cc, struct dc_node *n,
			  struct dc_type t, const char *op)
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
	if (n->kind == DC_N_IDENT &&
	    (dc_is_subr(name) || dc_is_action(name) ||
	     dc_aggfn_lookup(name) >= 0 || !strcmp(name, "printf") ||
	     !strcmp(name, "trace") || !strcmp(name, "exit"))) {
		dc_error(cc, "D_IDENT_BADREF", n->line, n->col,
			 "%s is a function: it cannot be assigned", name);
		return false;
	}
	id = dc_var_find(cc, name, scope);
	if (!sem_keys(cc, n, id))
		return false;
	if (id < 0) {
		for (i = 0; i < nkeys; i++)
			keys[i] = n->args[i]->type;
		id = dc_var_define(cc, name, scope, t, nkeys, keys, n->line,
				   n->col);
		if (id < 0)
			return false;
	}
	return sem_var_read(cc, n);
}

/* Check that a value of type @t may be stored in variable @n. */
static bool sem_store_type(struct dc_cc *cc, struct dc_node *n,
			   struct dc_type t, const char *op)
{
	if (n->type.kind == t.kind)
		return true;
	dc_error(cc, "D_OP_INCOMPAT", n->line, n->col,
		 "operands have incompatible types: \"%s\" %s \"%s\"",
		 type_name(n->type), op, type_name(t));
	return false;
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

static bool sem_binary(struct dc_cc *cc, struct dc_node *n);

/*
 * l = r, l op= r (rewritten as l = l op r: the keys are evaluated
 * twice), and ++/-- (as += 1; a postfix node keeps its DC_N_POSTFIX node
 * around the assignment and undoes the step on the result).
 */
static bool sem_assign(struct dc_cc *cc, struct dc_node *n)
{
	const char *op = op_text(n->op);
	struct dc_node *b, *l;

	if (!sem_expr(cc, n->r))
		return false;
	if (n->r->type.kind == DC_T_BUF) {
		dc_error(cc, "D_OP_INCOMPAT", n->r->line, n->r->col,
			 "operator %s: the value is a copyin() buffer, which lives only while its clause runs: store what it holds (*(int *)copyin(...), stringof(copyin(...)))",
			 op);
		return false;
	}
	if (n->r->type.kind != DC_T_INT && n->r->type.kind != DC_T_STR) {
		dc_error(cc, "D_OP_INCOMPAT", n->r->line, n->r->col,
			 "operator %s: the value has type %s", op,
			 type_name(n->r->type));
		return false;
	}
	if (n->op == DC_TK_ASSIGN) {
		if (!sem_var_store(cc, n->l, n->r->type, op) ||
		    !sem_store_type(cc, n->l, n->r->type, op))
			return false;
		n->type = n->l->type;
		return true;
	}
	if (!need_int(cc, n->r, "D_OP_ARITH", op) ||
	    !sem_var_store(cc, n->l, promote(n->r->type), op))
		return false;
	if (!need_int(cc, n->l, "D_OP_ARITH", op))
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
	if (!sem_binary(cc, b))
		return false;
	n->op = DC_TK_ASSIGN;
	n->r = b;
	n->type = n->l->type;
	return true;
}

/* ++x, --x, x++, x-- on an integer variable: @n becomes x op= 1
 * (postfix: @n keeps its kind, n->l the assignment). */
static bool sem_incdec(struct dc_cc *cc, struct dc_node *n)
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
	if (!sem_assign(cc, asg))
		return false;
	n->type = asg->type;
	return true;
}

static bool fold_unary(struct dc_node *n)
{
	uint64_t v = n->l->ival;

	switch (n->op) {
	case DC_TK_MINUS: v = -v; break;
	case DC_TK_TILDE: v = ~v; break;
	case DC_TK_LNOT: v = !dc_norm(v, n->l->type); break;
	case DC_TK_PLUS: break;
	default: return false;
	}
	n->ival = dc_norm(v, n->type);
	return true;
}

static bool fold_binary(struct dc_cc *cc, struct dc_node *n,
			struct dc_type ct)
{
	uint64_t a = dc_norm(n->l->ival, ct), b = dc_norm(n->r->ival, ct), v;
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
		a = dc_norm(n->l->ival, n->type);
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
	n->ival = dc_norm(v, n->type);
	n->isconst = true;
	return true;
}

/* ---- pointers ---------------------------------------------------------- */

static bool is_ptr(struct dc_type t)
{
	return t.kind == DC_T_BUF || (t.kind == DC_T_INT && t.ptr);
}

/* Bytes one step of pointer @t moves (void *: 1, as GCC). */
static uint32_t ptr_scale(struct dc_type t)
{
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

	if (lp && rp) {
		if (n->op != DC_TK_MINUS || l.kind == DC_T_BUF ||
		    r.kind == DC_T_BUF || l.ptr != r.ptr ||
		    ptr_scale(l) != ptr_scale(r)) {
			dc_error(cc, "D_OP_INCOMPAT", n->line, n->col,
				 "operands have incompatible types: \"%s\" %s \"%s\"%s",
				 type_name(l), op_text(n->op), type_name(r),
				 l.kind == DC_T_BUF || r.kind == DC_T_BUF ?
				 " (the distance between copyin() buffers is not supported)" :
				 "");
			return false;
		}
		n->type = ity(8, 0);	/* ptrdiff_t */
		n->id = -(int)ptr_scale(l);
		return true;
	}
	if (rp && n->op == DC_TK_MINUS) {
		dc_error(cc, "D_OP_INCOMPAT", n->line, n->col,
			 "operands have incompatible types: \"%s\" - \"%s\"",
			 type_name(l), type_name(r));
		return false;
	}
	if (!need_int(cc, lp ? n->r : n->l, "D_OP_ARITH", op_text(n->op)))
		return false;
	n->type = lp ? l : r;
	n->type.blen = 0;	/* no longer the start of the copy */
	n->id = (int)ptr_scale(n->type);
	return true;
}

/* *p: the integer (or pointer) p points to, in kernel memory or in a
 * copyin() buffer. */
static bool sem_deref(struct dc_cc *cc, struct dc_node *n)
{
	struct dc_type t = n->l->type;

	if (!is_ptr(t)) {
		dc_error(cc, "D_DEREF_NONPTR", n->line, n->col,
			 "unary * requires an operand of pointer type, not %s",
			 type_name(t));
		return false;
	}
	if (t.ptr == 1 && !t.esize) {
		dc_error(cc, "D_DEREF_VOID", n->line, n->col,
			 "cannot dereference a pointer to void: cast it to a pointer to an integer type first");
		return false;
	}
	if (t.ptr == 1)
		n->type = ity(t.esize, t.euns);
	else
		n->type = (struct dc_type){ .kind = DC_T_INT, .size = 8,
					    .uns = 1,
					    .ptr = (uint8_t)(t.ptr - 1),
					    .esize = t.esize,
					    .euns = t.euns };
	return true;
}

/* p[i], for a pointer p: *(p + i). */
static bool sem_ptr_index(struct dc_cc *cc, struct dc_node *n)
{
	struct dc_node *b;

	if (!sem_expr(cc, n->l))
		return false;
	if (!is_ptr(n->l->type)) {
		dc_error(cc, "D_ARR_BADREF", n->line, n->col,
			 "indexing an expression of type %s with [] is not supported",
			 type_name(n->l->type));
		return false;
	}
	if (n->nargs != 1) {
		dc_error(cc, "D_ARR_BADREF", n->line, n->col,
			 "a pointer takes one index, not %u", n->nargs);
		return false;
	}
	if (!sem_expr(cc, n->args[0]))
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

static bool sem_binary(struct dc_cc *cc, struct dc_node *n)
{
	struct dc_node *l = n->l, *r = n->r;
	struct dc_type ct;
	bool cmp = n->op == DC_TK_EQ || n->op == DC_TK_NE ||
		   n->op == DC_TK_LT || n->op == DC_TK_LE ||
		   n->op == DC_TK_GT || n->op == DC_TK_GE;

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
			 type_name(l->type), op_text(n->op),
			 type_name(r->type));
		return false;
	}
	switch (n->op) {
	case DC_TK_AMP: case DC_TK_BOR: case DC_TK_XOR: case DC_TK_SHL:
	case DC_TK_SHR: case DC_TK_PERCENT:
		if (!need_int(cc, l, "D_OP_INT", op_text(n->op)) ||
		    !need_int(cc, r, "D_OP_INT", op_text(n->op)))
			return false;
		break;
	default:
		if (!need_int(cc, l, "D_OP_ARITH", op_text(n->op)) ||
		    !need_int(cc, r, "D_OP_ARITH", op_text(n->op)))
			return false;
	}
	ct = arith(l->type, r->type);
	if (cmp)
		n->type = dc_int;
	else if (n->op == DC_TK_SHL || n->op == DC_TK_SHR)
		n->type = promote(l->type);
	else
		n->type = ct;
	if (l->isconst && r->isconst)
		return fold_binary(cc, n, ct);
	if ((n->op == DC_TK_SLASH || n->op == DC_TK_PERCENT) && r->isconst &&
	    !dc_norm(r->ival, ct)) {
		dc_error(cc, "D_DIV_ZERO", r->line, r->col,
			 "expression contains division by zero");
		return false;
	}
	return true;
}

static bool sem_args(struct dc_cc *cc, struct dc_node **args, uint32_t n);

/* ---- subroutines ------------------------------------------------------ */

/* The signatures, from SONDE_SUBRS (argument kinds 's'/'i', counts); the
 * D return types of integer results are DTrace's. */
struct dc_subr {
	const char *name;
	int id;
	uint32_t min, max;
	int rtype;		/* SONDE_T_INT, _STR, _BUF */
	const char *args;
};

static const struct dc_subr dc_subrs[] = {
#define DC_SUBR_(name, id, min, max, type, args)			\
	{ #name, id, min, max, SONDE_T_##type, args },
	SONDE_SUBRS(DC_SUBR_)
#undef DC_SUBR_
};

/* A subroutine with a D name (not one of the compiler's own). */
static const struct dc_subr *dc_subr_any(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(dc_subrs) / sizeof(dc_subrs[0]); i++)
		if (dc_subrs[i].id < SONDE_SUBR_FIRST_INTERNAL &&
		    !strcmp(dc_subrs[i].name, name))
			return &dc_subrs[i];
	return NULL;
}

/* A subroutine callable in expressions: the plain ones and speculation()
 * (the other speculation subroutines are void actions). */
static const struct dc_subr *dc_subr_lookup(const char *name)
{
	const struct dc_subr *s = dc_subr_any(name);

	if (s && s->id >= SONDE_SUBR_FIRST_ACTION &&
	    s->id != SONDE_SUBR_speculation)
		return NULL;
	return s;
}

static struct dc_type subr_type(const struct dc_subr *s)
{
	if (s->rtype == SONDE_T_STR)
		return dc_str;
	if (s->rtype == SONDE_T_BUF)	/* copyin(): void * into scratch */
		return (struct dc_type){ .kind = DC_T_BUF, .size = 8,
					 .uns = 1, .ptr = 1 };
	switch (s->id) {
	case SONDE_SUBR_strlen: return ity(8, 1);	/* size_t */
	case SONDE_SUBR_strtoll: return ity(8, 0);	/* int64_t */
	case SONDE_SUBR_htons: case SONDE_SUBR_ntohs: return ity(2, 1);
	case SONDE_SUBR_htonl: case SONDE_SUBR_ntohl: return ity(4, 1);
	case SONDE_SUBR_htonll: case SONDE_SUBR_ntohll: return ity(8, 1);
	}
	return dc_int;			/* index, rindex, rand */
}

static bool sem_subr(struct dc_cc *cc, struct dc_node *n,
		     const struct dc_subr *s)
{
	uint32_t i;

	if (n->nargs < s->min || n->nargs > s->max) {
		if (s->min == s->max)
			dc_error(cc, "D_PROTO_LEN", n->line, n->col,
				 "%s() prototype mismatch: %u arg%s passed, %u expected",
				 s->name, n->nargs, n->nargs == 1 ? "" : "s",
				 s->min);
		else
			dc_error(cc, "D_PROTO_LEN", n->line, n->col,
				 "%s() prototype mismatch: %u arg%s passed, %u to %u expected",
				 s->name, n->nargs, n->nargs == 1 ? "" : "s",
				 s->min, s->max);
		return false;
	}
	if (!sem_args(cc, n->args, n->nargs))
		return false;
	for (i = 0; i < n->nargs; i++) {
		struct dc_node *a = n->args[i];
		bool want_str = s->args[i] == 's';

		if ((a->type.kind == DC_T_STR) != want_str ||
		    (a->type.kind != DC_T_STR && a->type.kind != DC_T_INT)) {
			dc_error(cc, "D_PROTO_ARG", a->line, a->col,
				 "%s() argument #%u is incompatible with prototype: %s required, %s given",
				 s->name, i + 1, want_str ? "string" : "integer",
				 type_name(a->type));
			return false;
		}
	}
	n->id = s->id;
	n->type = subr_type(s);
	/* copyin(p, N): trace() records the N bytes */
	if (s->id == SONDE_SUBR_copyin && n->args[1]->isconst &&
	    n->args[1]->ival <= UINT16_MAX)
		n->type.blen = (uint32_t)n->args[1]->ival;
	return true;
}

static bool sem_call_expr(struct dc_cc *cc, struct dc_node *n)
{
	const struct dc_subr *sub;

	if (!strcmp(n->name, "printf") || !strcmp(n->name, "trace") ||
	    !strcmp(n->name, "exit") || !strcmp(n->name, "printa") ||
	    dc_is_action(n->name)) {
		dc_error(cc, "D_CG_EXPR", n->line, n->col,
			 "tracing function %s() may not be called from a D expression (D program context required)",
			 n->name);
		return false;
	}
	if (dc_aggfn_lookup(n->name) >= 0) {
		dc_error(cc, "D_AGG_FUNC", n->line, n->col,
			 "aggregating function %s() may only be assigned to an aggregation (@name = %s(...))",
			 n->name, n->name);
		return false;
	}
	if ((sub = dc_subr_lookup(n->name))) {
		if (sub->id == SONDE_SUBR_speculation && cc->in_pred) {
			dc_error(cc, "D_SPEC_PRED", n->line, n->col,
				 "speculation() is an action: it may not be called from a predicate");
			return false;
		}
		return sem_subr(cc, n, sub);
	}
	if (dc_is_subr(n->name)) {
		dc_error(cc, "D_FUNC_UNDEF", n->line, n->col,
			 "subroutine %s() is not supported yet", n->name);
		return false;
	}
	dc_error(cc, "D_FUNC_UNDEF", n->line, n->col,
		 "failed to resolve %s: unknown function name", n->name);
	return false;
}

static bool sem_expr(struct dc_cc *cc, struct dc_node *n)
{
	uint32_t i;
	int id;

	if (n->kind == DC_N_INT) {
		n->isconst = true;
		n->ival = dc_norm(n->ival, n->type);
		return true;
	}
	n->type.kind = DC_T_ERR;
	switch (n->kind) {
	case DC_N_STR:
		n->type = dc_str;
		return true;
	case DC_N_MACRO:
		return sem_macro(cc, n);
	case DC_N_IDENT:
		id = dc_builtin_lookup(n->name);
		if (id >= 0) {
			n->id = id;
			n->type = dc_builtin_type(id);
			return true;
		}
		id = dc_reg_const(n->name);
		if (id >= 0) {
			/* R_RAX, R_PC...: regs.d's inline constants */
			n->kind = DC_N_INT;
			n->ival = (uint64_t)id;
			n->type = dc_int;
			n->isconst = true;
			return true;
		}
		if (dc_is_subr(n->name) || dc_is_action(n->name) ||
		    dc_aggfn_lookup(n->name) >= 0) {
			dc_error(cc, "D_IDENT_BADREF", n->line, n->col,
				 "%s is a function: it must be called", n->name);
			return false;
		}
		if (dc_var_find(cc, n->name, SONDE_VAR_GLOBAL) >= 0)
			return sem_var_read(cc, n);
		if (!strcmp(n->name, "args") || !strcmp(n->name, "uregs")) {
			dc_error(cc, "D_IDENT_BADREF", n->line, n->col,
				 "%s[] is an array: it must be indexed (%s[0])",
				 n->name, n->name);
			return false;
		}
		if (!strcmp(n->name, "caller") ||
		    !strcmp(n->name, "ucaller") ||
		    !strcmp(n->name, "stackdepth") ||
		    !strcmp(n->name, "ustackdepth") ||
		    !strcmp(n->name, "execargs") || !strcmp(n->name, "ipl") ||
		    !strcmp(n->name, "zonename") || !strcmp(n->name, "regs")) {
			dc_error(cc, "D_VAR_UNSUP", n->line, n->col,
				 "built-in variable %s is not supported yet",
				 n->name);
			return false;
		}
		dc_error(cc, "D_IDENT_UNDEF", n->line, n->col,
			 "failed to resolve %s: unknown variable name",
			 n->name);
		return false;
	case DC_N_AGG:
		dc_error(cc, "D_OP_INCOMPAT", n->line, n->col,
			 "aggregation @%s may only be the target of an aggregating function or an argument of printa()",
			 n->name);
		return false;
	case DC_N_INDEX:
		if (n->l->kind == DC_N_IDENT &&
		    dc_var_find(cc, n->l->name, SONDE_VAR_GLOBAL) < 0) {
			if (!strcmp(n->l->name, "args"))
				return dc_args_index(cc, n);
			if (!strcmp(n->l->name, "uregs"))
				return dc_uregs_index(cc, n);
		}
		if (n->l->kind != DC_N_IDENT && n->l->kind != DC_N_SELF &&
		    n->l->kind != DC_N_THIS)
			return sem_ptr_index(cc, n);
		/* a pointer variable indexed: p[i] is *(p + i) */
		id = dc_var_find(cc, n->l->name, n->l->kind == DC_N_SELF ?
				 SONDE_VAR_TLS : n->l->kind == DC_N_THIS ?
				 SONDE_VAR_LOCAL : SONDE_VAR_GLOBAL);
		if (id >= 0 && !cc->vars[id].nkeys &&
		    is_ptr(cc->vars[id].type))
			return sem_ptr_index(cc, n);
		return sem_var_read(cc, n);
	case DC_N_SELF:
	case DC_N_THIS:
	case DC_N_MEMBER:
		return sem_var_read(cc, n);
	case DC_N_OFFSETOF:
		dc_error(cc, "D_TYPE_ERR", n->line, n->col,
			 "offsetof() needs struct types, which are not supported yet");
		return false;
	case DC_N_CALL:
		return sem_call_expr(cc, n);
	case DC_N_UNARY:
		if (n->op == DC_TK_INC || n->op == DC_TK_DEC)
			return sem_incdec(cc, n);
		if (n->op == DC_TK_AMP) {
			dc_error(cc, "D_ADDROF_VAR", n->line, n->col,
				 "unary & is not supported yet");
			return false;
		}
		if (!sem_expr(cc, n->l))
			return false;
		if (n->op == DC_TK_STAR)
			return sem_deref(cc, n);
		if (n->op == DC_TK_LNOT) {
			if (!need_int(cc, n->l, "D_OP_SCALAR", "!"))
				return false;
			n->type = dc_int;
		} else {
			if (!need_int(cc, n->l, n->op == DC_TK_TILDE ?
				      "D_OP_INT" : "D_OP_ARITH",
				      op_text(n->op)))
				return false;
			n->type = promote(n->l->type);
		}
		if (n->l->isconst)
			n->isconst = fold_unary(n);
		return true;
	case DC_N_POSTFIX:
		return sem_incdec(cc, n);
	case DC_N_BINARY:
		if (!sem_expr(cc, n->l) | !sem_expr(cc, n->r))
			return false;
		return sem_binary(cc, n);
	case DC_N_LOGICAL:
		if (!sem_expr(cc, n->l) | !sem_expr(cc, n->r))
			return false;
		if (!need_int(cc, n->l, "D_OP_SCALAR", op_text(n->op)) ||
		    !need_int(cc, n->r, "D_OP_SCALAR", op_text(n->op)))
			return false;
		n->type = dc_int;
		if (n->l->isconst && n->r->isconst) {
			bool a = n->l->ival != 0, b = n->r->ival != 0;

			n->isconst = true;
			n->ival = n->op == DC_TK_LAND ? (a && b) :
				  n->op == DC_TK_LOR ? (a || b) : (a != b);
		}
		return true;
	case DC_N_TERNARY:
		if (!sem_expr(cc, n->x) | !sem_expr(cc, n->l) |
		    !sem_expr(cc, n->r))
			return false;
		if (n->op == DC_TK_KEYWORD && n->x->type.kind != DC_T_INT) {
			/* the condition of an if (dc_if.c) */
			dc_error(cc, "D_PRED_SCALAR", n->x->line, n->x->col,
				 "if condition must be of scalar type, not %s",
				 type_name(n->x->type));
			return false;
		}
		if (!need_int(cc, n->x, "D_OP_SCALAR", "?:"))
			return false;
		if (n->l->type.kind == DC_T_STR && n->r->type.kind == DC_T_STR) {
			n->type = dc_str;
		} else if (n->l->type.kind == DC_T_INT &&
			   n->r->type.kind == DC_T_INT) {
			n->type = arith(n->l->type, n->r->type);
			if (n->x->isconst && n->l->isconst && n->r->isconst) {
				n->isconst = true;
				n->ival = dc_norm(n->x->ival ? n->l->ival :
						  n->r->ival, n->type);
			}
		} else {
			dc_error(cc, "D_OP_INCOMPAT", n->line, n->col,
				 "operator ?: operands must have compatible types: \"%s\" and \"%s\"",
				 type_name(n->l->type), type_name(n->r->type));
			return false;
		}
		return true;
	case DC_N_ASSIGN:
		if (n->l->kind == DC_N_AGG) {
			dc_error(cc, "D_AGG_FUNC", n->line, n->col,
				 "an aggregation assignment must be a statement of its own");
			return false;
		}
		return sem_assign(cc, n);
	case DC_N_COMMA:
		if (!sem_expr(cc, n->l) | !sem_expr(cc, n->r))
			return false;
		n->type = n->r->type;
		n->isconst = n->l->isconst && n->r->isconst;
		n->ival = n->r->ival;
		return true;
	case DC_N_CAST:
		if (n->ctype.kind == DC_T_ERR || !sem_expr(cc, n->l))
			return false;
		if (n->ctype.kind == DC_T_VOID) {
			n->type = n->ctype;
			return true;
		}
		if (n->l->type.kind == DC_T_BUF) {
			/* (int *)copyin(...): still the buffer, read as
			 * another pointer type; never an integer */
			if (!n->ctype.ptr) {
				dc_error(cc, "D_CAST_INVAL", n->line, n->col,
					 "invalid cast expression: \"%s\" to \"%s\": a copyin() buffer lives in the firing's scratch space and is not a number (dereference it, or use stringof())",
					 type_name(n->l->type),
					 type_name(n->ctype));
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
				 type_name(n->l->type), type_name(n->ctype),
				 n->ctype.kind == DC_T_STR ?
				 " (use stringof)" : "");
			return false;
		}
		n->type = n->ctype;
		if (n->l->isconst) {
			n->isconst = true;
			n->ival = dc_norm(n->l->ival, n->type);
		}
		return true;
	case DC_N_SIZEOF:
		if (n->l) {
			if (!sem_expr(cc, n->l))
				return false;
			n->ctype = n->l->type;
			if (n->ctype.kind == DC_T_BUF)
				n->ctype.size = 8;	/* a pointer */
		}
		if (n->ctype.kind == DC_T_ERR)
			return false;
		if (n->ctype.kind == DC_T_VOID) {
			dc_error(cc, "D_SIZEOF_TYPE", n->line, n->col,
				 "cannot apply sizeof to an expression of type void");
			return false;
		}
		n->type = ity(8, 1);
		n->isconst = true;
		n->ival = n->ctype.kind == DC_T_STR ?
			  sonde_program_kopt(cc->prog, SONDE_OPT_strsize) :
			  n->ctype.size;
		return true;
	case DC_N_STRINGOF:
		if (!sem_expr(cc, n->l))
			return false;
		if (n->l->type.kind == DC_T_STR ||
		    n->l->type.kind == DC_T_BUF) {
			/* a buffer: its bytes, to a NUL or the copy's end */
			n->type = dc_str;
			return true;
		}
		if (n->l->type.kind != DC_T_INT) {
			dc_error(cc, "D_STRINGOF_TYPE", n->line, n->col,
				 "stringof() cannot be applied to %s",
				 type_name(n->l->type));
			return false;
		}
		n->type = dc_str;
		return true;
	}
	for (i = 0; i < n->nargs; i++)
		sem_expr(cc, n->args[i]);
	dc_error(cc, "D_SYNTAX", n->line, n->col, "invalid expression");
	return false;
}

/* ---- actions ---------------------------------------------------------- */

static bool sem_args(struct dc_cc *cc, struct dc_node **args, uint32_t n)
{
	bool ok = true;
	uint32_t i;

	for (i = 0; i < n; i++) {
		if (!sem_expr(cc, args[i])) {
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

static bool sem_printf(struct dc_cc *cc, struct dc_node *n)
{
	struct dc_node *fmt;
	uint32_t i;

	if (n->nargs < 1) {
		dc_error(cc, "D_PROTO_LEN", n->line, n->col,
			 "printf() prototype mismatch: at least 1 argument required");
		return false;
	}
	fmt = n->args[0];
	if (fmt->kind == DC_N_MACRO && !sem_expr(cc, fmt))
		return false;
	if (fmt->kind != DC_N_STR) {
		dc_error(cc, "D_PRINTF_ARG_FMT", fmt->line, fmt->col,
			 "printf() format must be a string constant");
		return false;
	}
	fmt->type = dc_str;
	if (!fmt->slen) {
		dc_error(cc, "D_PRINTF_FMT_EMPTY", fmt->line, fmt->col,
			 "printf() format string is empty");
		return false;
	}
	if (!sem_args(cc, n->args + 1, n->nargs - 1))
		return false;
	for (i = 1; i < n->nargs; i++) {
		if (n->args[i]->type.kind != DC_T_BUF)
			continue;
		dc_error(cc, "D_PRINTF_ARG_TYPE", n->args[i]->line,
			 n->args[i]->col,
			 "printf() argument #%u is a copyin() buffer: print what it holds (*(int *)copyin(...), stringof(copyin(...)))",
			 i + 1);
		return false;
	}
	return dc_printf_check(cc, fmt, n->args + 1, n->nargs - 1, false);
}

static bool sem_one_arg(struct dc_cc *cc, struct dc_node *n)
{
	if (n->nargs != 1) {
		dc_error(cc, "D_PROTO_LEN", n->line, n->col,
			 "%s() prototype mismatch: 1 argument required, %u given",
			 n->name, n->nargs);
		return false;
	}
	return sem_args(cc, n->args, 1);
}

static int find_agg(struct dc_cc *cc, const char *name)
{
	uint32_t i;

	for (i = 0; i < cc->prog->naggs; i++)
		if (!strcmp(cc->prog->aggs[i].name, name))
			return (int)i;
	return -1;
}

/*
 * clear(@a), trunc(@a[, n]), normalize(@a, n), denormalize(@a): the
 * aggregation must exist; n is an integer expression evaluated at the
 * probe.  setopt("name"[, "value"]): string constants.
 */
static bool sem_aggact(struct dc_cc *cc, struct dc_node *n)
{
	bool setopt = !strcmp(n->name, "setopt");
	bool two = !strcmp(n->name, "normalize");
	bool opt2 = !strcmp(n->name, "trunc");
	uint32_t i;
	int id;

	if (setopt) {
		if (n->nargs < 1 || n->nargs > 2) {
			dc_error(cc, "D_PROTO_LEN", n->line, n->col,
				 "setopt() prototype mismatch: 1 or 2 arguments required, %u given",
				 n->nargs);
			return false;
		}
		for (i = 0; i < n->nargs; i++) {
			if (n->args[i]->kind != DC_N_STR) {
				dc_error(cc, "D_PROTO_ARG", n->args[i]->line,
					 n->args[i]->col,
					 "setopt() argument #%u is incompatible with prototype: a string constant is required",
					 i + 1);
				return false;
			}
			n->args[i]->type = dc_str;
		}
		return true;
	}
	if (n->nargs < 1 || n->nargs > (two || opt2 ? 2u : 1u) ||
	    (two && n->nargs != 2)) {
		dc_error(cc, "D_PROTO_LEN", n->line, n->col,
			 "%s() prototype mismatch: %s arguments required, %u given",
			 n->name, two ? "2" : opt2 ? "1 or 2" : "1", n->nargs);
		return false;
	}
	if (n->args[0]->kind != DC_N_AGG || n->args[0]->nargs) {
		dc_error(cc, "D_PROTO_ARG", n->args[0]->line, n->args[0]->col,
			 "%s() argument #1 is incompatible with prototype: an aggregation (@name) is required",
			 n->name);
		return false;
	}
	id = find_agg(cc, n->args[0]->name);
	if (id < 0) {
		dc_error(cc, "D_AGG_UNDEF", n->args[0]->line, n->args[0]->col,
			 "%s() aggregation @%s is not defined", n->name,
			 n->args[0]->name);
		return false;
	}
	n->args[0]->id = id;
	n->args[0]->type.kind = DC_T_AGG;
	if (n->nargs == 2) {
		if (!sem_expr(cc, n->args[1]))
			return false;
		if (n->args[1]->type.kind != DC_T_INT) {
			dc_error(cc, "D_PROTO_ARG", n->args[1]->line,
				 n->args[1]->col,
				 "%s() argument #2 is incompatible with prototype: integer required",
				 n->name);
			return false;
		}
	}
	return true;
}

static bool sem_printa(struct dc_cc *cc, struct dc_node *n)
{
	uint32_t i = 0;
	int id;

	if (n->nargs && n->args[0]->kind == DC_N_MACRO &&
	    !sem_expr(cc, n->args[0]))
		return false;
	if (n->nargs && n->args[0]->kind == DC_N_STR) {
		n->args[0]->type = dc_str;
		i = 1;
	}
	if (i >= n->nargs) {
		dc_error(cc, "D_PRINTA_PROTO", n->line, n->col,
			 "printa() prototype mismatch: aggregation argument required");
		return false;
	}
	for (; i < n->nargs; i++) {
		struct dc_node *a = n->args[i];

		if (a->kind != DC_N_AGG || a->nargs) {
			dc_error(cc, "D_PRINTA_AGGARG", a->line, a->col,
				 "printa() argument #%u is incompatible with prototype: an aggregation (@name) is required",
				 i + 1);
			return false;
		}
		id = find_agg(cc, a->name);
		if (id < 0) {
			dc_error(cc, "D_PRINTA_AGGBAD", a->line, a->col,
				 "printa() aggregation @%s is not defined",
				 a->name);
			return false;
		}
		a->id = id;
		a->type.kind = DC_T_AGG;
	}
	/* joined by key (dtrace_aggregate_walk_joined()): the keys must
	 * be alike */
	for (i = (n->args[0]->kind == DC_N_STR) + 1; i < n->nargs; i++) {
		const struct sonde_pagg *a0, *ai;
		uint32_t k;

		a0 = &cc->prog->aggs[n->args[n->args[0]->kind == DC_N_STR]->id];
		ai = &cc->prog->aggs[n->args[i]->id];
		for (k = 0; k < a0->desc.nkeys && a0->desc.nkeys == ai->desc.nkeys;
		     k++)
			if (a0->keys[k].kind != ai->keys[k].kind)
				break;
		if (a0->desc.nkeys != ai->desc.nkeys || k < a0->desc.nkeys) {
			dc_error(cc, "D_PRINTA_AGGPROTO", n->args[i]->line,
				 n->args[i]->col,
				 "printa() aggregation @%s is incompatible with @%s: printa() joins aggregations by key, and their keys differ",
				 n->args[i]->name,
				 n->args[n->args[0]->kind == DC_N_STR]->name);
			return false;
		}
	}
	if (n->args[0]->kind == DC_N_STR) {
		/* the format takes the keys, then one value (%@) per
		 * aggregation; check it like printf's */
		return dc_printf_check(cc, n->args[0], n->args + 1,
				       n->nargs - 1, true);
	}
	return true;
}

/* An integer constant argument of an aggregating function. */
static bool agg_const(struct dc_cc *cc, struct dc_node *a, const char *tag,
		      const char *what, int64_t *v)
{
	if (!sem_expr(cc, a))
		return false;
	if (a->type.kind != DC_T_INT || !a->isconst) {
		dc_error(cc, tag, a->line, a->col,
			 "%s must be an integer constant", what);
		return false;
	}
	*v = (int64_t)a->ival;
	return true;
}

/* lquantize()/llquantize() parameters into @params; same rules as the
 * kernel's image check, reported with DTrace's tags. */
static bool sem_quant_params(struct dc_cc *cc, struct dc_node *call, int fn,
			     int64_t *params)
{
	struct dc_node **a = call->args;
	struct sonde_agg_desc desc = { 0 };
	int rule;

	if (fn == SONDE_AGG_lquantize) {
		params[2] = 1;
		if (!agg_const(cc, a[1], "D_LQUANT_BASETYPE",
			       "lquantize() base", &params[0]) ||
		    !agg_const(cc, a[2], "D_LQUANT_LIMTYPE",
			       "lquantize() limit", &params[1]) ||
		    (call->nargs > 3 &&
		     !agg_const(cc, a[3], "D_LQUANT_STEPTYPE",
				"lquantize() step", &params[2])))
			return false;
		if (params[0] < INT32_MIN || params[0] > INT32_MAX) {
			dc_error(cc, "D_LQUANT_BASEVAL", a[1]->line, a[1]->col,
				 "lquantize() base (argument #2) must be a 32-bit quantity");
			return false;
		}
		if (params[1] < INT32_MIN || params[1] > INT32_MAX) {
			dc_error(cc, "D_LQUANT_LIMVAL", a[2]->line, a[2]->col,
				 "lquantize() limit (argument #3) must be a 32-bit quantity");
			return false;
		}
		if (params[1] <= params[0]) {
			dc_error(cc, "D_LQUANT_MISMATCH", a[2]->line, a[2]->col,
				 "lquantize() limit (argument #3) must be greater than the base (argument #2)");
			return false;
		}
		if (params[2] <= 0 || params[2] > UINT16_MAX) {
			dc_error(cc, "D_LQUANT_STEPVAL", call->line, call->col,
				 "lquantize() step (argument #4) must be between 1 and %u",
				 UINT16_MAX);
			return false;
		}
		if ((params[1] - params[0]) / params[2] > UINT16_MAX) {
			dc_error(cc, "D_LQUANT_STEPSMALL", call->line, call->col,
				 "lquantize() step (argument #4) too small: more than %u levels",
				 UINT16_MAX);
			return false;
		}
		if ((params[1] - params[0]) / params[2] < 1) {
			dc_error(cc, "D_LQUANT_STEPLARGE", call->line, call->col,
				 "lquantize() step (argument #4) too large: no levels between base and limit");
			return false;
		}
		return true;
	}
	/* llquantize(e, factor, low, high, nsteps): DTrace's rules, in its
	 * order, from the one list the image verifier checks too */
	if (!agg_const(cc, a[1], "D_LLQUANT_FACTORTYPE",
		       "llquantize() argument #1 (factor)", &params[0]) ||
	    !agg_const(cc, a[2], "D_LLQUANT_LOWTYPE",
		       "llquantize() argument #2 (low magnitude)", &params[1]) ||
	    !agg_const(cc, a[3], "D_LLQUANT_HIGHTYPE",
		       "llquantize() argument #3 (high magnitude)",
		       &params[2]) ||
	    !agg_const(cc, a[4], "D_LLQUANT_NSTEPTYPE",
		       "llquantize() argument #4 (linear steps per magnitude)",
		       &params[3]))
		return false;
	rule = sonde_llquantize_check((const s64 *)params);
	if (rule != SONDE_LLQ_OK) {
		/* the argument the rule is about */
		static const uint8_t at[] = {
			[SONDE_LLQ_FACTORVAL] = 1, [SONDE_LLQ_LOWVAL] = 2,
			[SONDE_LLQ_HIGHVAL] = 3, [SONDE_LLQ_NSTEPVAL] = 4,
			[SONDE_LLQ_FACTORSMALL] = 1, [SONDE_LLQ_MAGRANGE] = 3,
			[SONDE_LLQ_FACTORNSTEPS] = 4,
			[SONDE_LLQ_FACTOREVEN] = 4, [SONDE_LLQ_MAGTOOBIG] = 3,
		};
		static const char *const tags[] = {
#define LLQ_TAG_(name, what) [SONDE_LLQ_##name] = "D_LLQUANT_" #name,
			SONDE_LLQ_RULES(LLQ_TAG_)
#undef LLQ_TAG_
		};
		struct dc_node *arg = a[at[rule]];

		dc_error(cc, tags[rule], arg->line, arg->col,
			 "llquantize() %s", sonde_llquantize_rule_what(rule));
		return false;
	}
	/*
	 * DTrace has no limit here; sonde's image verifier keeps a value at
	 * 512 KB (SONDE_LLQ_MAX_BUCKETS buckets), so the tag is sonde's own,
	 * named as DTrace's llquantize tags are.
	 */
	desc.fn = SONDE_AGG_llquantize;
	memcpy(desc.params, params, sizeof(desc.params));
	if (sonde_llquantize_nbuckets(&desc) > SONDE_LLQ_MAX_BUCKETS) {
		dc_error(cc, "D_LLQUANT_NBUCKETS", a[4]->line, a[4]->col,
			 "llquantize() has %u buckets, at most %u are allowed: use fewer magnitudes (arguments #2 and #3) or steps (argument #4)",
			 sonde_llquantize_nbuckets(&desc),
			 SONDE_LLQ_MAX_BUCKETS);
		return false;
	}
	return true;
}

/* Define @name, or check a later use agrees with the definition. */
static int sem_agg_define(struct dc_cc *cc, struct dc_node *agg, int fn,
			  const int64_t *params, uint32_t flags)
{
	struct sonde_program *p = cc->prog;
	struct sonde_pagg *a;
	uint32_t cap, k;
	int id = find_agg(cc, agg->name);

	if (id >= 0) {
		a = &p->aggs[id];
		if (a->desc.fn != (uint32_t)fn ||
		    memcmp(a->desc.params, params, sizeof(a->desc.params)) ||
		    a->desc.nkeys != agg->nargs ||
		    (a->desc.flags & SONDE_AGGF_INCR) != flags) {
			dc_error(cc, "D_AGG_REDEF", agg->line, agg->col,
				 "aggregation @%s redefined: its function, parameters and keys must be the same as at line %u",
				 agg->name, DC_LINE(cc->aggs[id].line));
			return -1;
		}
		for (k = 0; k < agg->nargs; k++) {
			struct sonde_dtype d = dc_dtype(cc, agg->args[k]->type);

			bool di = d.kind == SONDE_DT_INT ||
				  d.kind == SONDE_DT_UINT;
			bool ai = a->keys[k].kind == SONDE_DT_INT ||
				  a->keys[k].kind == SONDE_DT_UINT;

			if (di != ai || (!di && (d.kind != a->keys[k].kind ||
						 d.size != a->keys[k].size))) {
				dc_error(cc, "D_AGG_REDEF", agg->args[k]->line,
					 agg->args[k]->col,
					 "aggregation @%s redefined: key #%u has type %s, not the type it had at line %u",
					 agg->name, k + 1,
					 type_name(agg->args[k]->type),
					 DC_LINE(cc->aggs[id].line));
				return -1;
			}
			/* integer keys are 8 bytes in the kernel: print
			 * them as the widest type any use gave them */
			if (di && d.size > a->keys[k].size)
				a->keys[k] = d;
		}
		return id;
	}
	if (p->naggs >= SONDE_MAX_AGGS) {
		dc_error(cc, "D_ID_OFLOW", agg->line, agg->col,
			 "too many aggregations (at most %u)", SONDE_MAX_AGGS);
		return -1;
	}
	cap = cc->cap_aggs;
	if (!dc_grow(cc, (void **)&p->aggs, &cap, p->naggs + 1,
		     sizeof(*p->aggs)) ||
	    !dc_grow(cc, (void **)&cc->aggs, &cc->cap_aggs, p->naggs + 1,
		     sizeof(*cc->aggs)))
		return -1;
	a = &p->aggs[p->naggs];
	memset(a, 0, sizeof(*a));
	a->name = strdup(agg->name);
	a->desc.fn = (uint32_t)fn;
	a->desc.nkeys = agg->nargs;
	a->desc.flags = flags;
	memcpy(a->desc.params, params, sizeof(a->desc.params));
	if (agg->nargs)
		a->keys = calloc(agg->nargs, sizeof(*a->keys));
	if (!a->name || (agg->nargs && !a->keys)) {
		free(a->name);
		free(a->keys);
		cc->oom = true;
		return -1;
	}
	for (k = 0; k < agg->nargs; k++)
		a->keys[k] = dc_dtype(cc, agg->args[k]->type);
	cc->aggs[p->naggs].line = agg->line;
	cc->aggs[p->naggs].col = agg->col;
	return (int)p->naggs++;
}

static bool is_stack_fn(const struct dc_node *n)
{
	return n->kind == DC_N_CALL && (!strcmp(n->name, "stack") ||
					!strcmp(n->name, "ustack") ||
					!strcmp(n->name, "jstack"));
}

/*
 * stack([n]), ustack([n[, strsize]]), jstack (= ustack): the frame count
 * into n->type (a DC_T_STACK), from the stackframes / ustackframes
 * options by default.
 */
static bool sem_stack(struct dc_cc *cc, struct dc_node *n)
{
	bool user = n->name[0] != 's';
	uint32_t max = user ? 2 : 1, i;
	int64_t frames = user ? cc->prog->uopts.ustackframes :
			 cc->prog->uopts.stackframes;

	if (n->nargs > max) {
		dc_error(cc, "D_PROTO_LEN", n->line, n->col,
			 "%s() prototype mismatch: %u args passed, at most %u expected",
			 n->name, n->nargs, max);
		return false;
	}
	for (i = 0; i < n->nargs; i++) {
		struct dc_node *a = n->args[i];

		if (!sem_expr(cc, a))
			return false;
		if (a->type.kind != DC_T_INT || !a->isconst) {
			dc_error(cc, "D_STACK_SIZE", a->line, a->col,
				 "%s() argument #%u must be a non-zero positive integer constant expression",
				 n->name, i + 1);
			return false;
		}
	}
	if (n->nargs)
		frames = (int64_t)n->args[0]->ival;
	if (frames < 1 || frames > DC_STACKFRAMES_MAX) {
		dc_error(cc, "D_STACK_SIZE", n->line, n->col,
			 "%s() frames must be between 1 and %u",
			 n->name, DC_STACKFRAMES_MAX);
		return false;
	}
	n->type.kind = DC_T_STACK;
	n->type.size = (uint8_t)frames;
	n->type.uns = user;
	n->type.ptr = 0;
	return true;
}

/* @name[keys] = fn(args) */
static bool sem_aggregate(struct dc_cc *cc, struct dc_node *asg)
{
	static const struct {
		int fn;
		uint32_t min, max;	/* D arguments */
	} protos[] = {
		{ SONDE_AGG_count, 0, 0 }, { SONDE_AGG_sum, 1, 1 },
		{ SONDE_AGG_avg, 1, 1 }, { SONDE_AGG_min, 1, 1 },
		{ SONDE_AGG_max, 1, 1 }, { SONDE_AGG_stddev, 1, 1 },
		{ SONDE_AGG_quantize, 1, 2 }, { SONDE_AGG_lquantize, 3, 5 },
		{ SONDE_AGG_llquantize, 5, 6 },
	};
	struct dc_node *agg = asg->l, *call = asg->r;
	int64_t params[4] = { 0 };
	uint32_t flags = 0, i, nconst = 0;
	bool ok = true;
	int fn, id;

	if (asg->op != DC_TK_ASSIGN) {
		dc_error(cc, "D_AGG_FUNC", asg->line, asg->col,
			 "operator %s cannot be applied to aggregation @%s: use @%s = fn(...)",
			 op_text(asg->op), agg->name, agg->name);
		return false;
	}
	if (call->kind != DC_N_CALL ||
	    (fn = dc_aggfn_lookup(call->name)) < 0) {
		dc_error(cc, "D_AGG_FUNC", call->line, call->col,
			 "@%s must be assigned the result of an aggregating function (count, sum, avg, min, max, stddev, quantize, lquantize, llquantize)",
			 agg->name);
		return false;
	}
	if (agg->nargs > SONDE_MAX_AGG_KEYS) {
		dc_error(cc, "D_KEY_TYPE", agg->line, agg->col,
			 "aggregation @%s has %u keys: at most %u are allowed",
			 agg->name, agg->nargs, SONDE_MAX_AGG_KEYS);
		return false;
	}
	for (i = 0; i < agg->nargs; i++) {
		struct dc_node *k = agg->args[i];

		if (is_stack_fn(k)) {
			ok &= sem_stack(cc, k);
		} else if (!sem_expr(cc, k)) {
			ok = false;
		} else if (k->type.kind != DC_T_INT &&
			   k->type.kind != DC_T_STR) {
			dc_error(cc, "D_KEY_TYPE", k->line, k->col,
				 "aggregation key #%u has invalid type %s",
				 i + 1, type_name(k->type));
			ok = false;
		}
	}
	for (i = 0; i < sizeof(protos) / sizeof(protos[0]); i++)
		if (protos[i].fn == fn)
			break;
	if (call->nargs < protos[i].min || call->nargs > protos[i].max) {
		dc_error(cc, fn == SONDE_AGG_quantize ? "D_QUANT_PROTO" :
			 "D_PROTO_LEN", call->line, call->col,
			 "%s() prototype mismatch: %u argument%s given, %u to %u expected",
			 call->name, call->nargs, call->nargs == 1 ? "" : "s",
			 protos[i].min, protos[i].max);
		return false;
	}
	if (!ok)
		return false;
	if (fn == SONDE_AGG_lquantize)
		nconst = call->nargs > 3 ? 3 : 2;
	else if (fn == SONDE_AGG_llquantize)
		nconst = 4;
	if (nconst && !sem_quant_params(cc, call, fn, params))
		return false;
	/* the value and the increment */
	for (i = 0; i < call->nargs; i++) {
		struct dc_node *a = call->args[i];

		if (i >= 1 && i <= nconst)
			continue;
		if (!sem_expr(cc, a))
			return false;
		if (a->type.kind != DC_T_INT) {
			dc_error(cc, "D_PROTO_ARG", a->line, a->col,
				 "%s() argument #%u is incompatible with prototype: integer required, %s given",
				 call->name, i + 1, type_name(a->type));
			return false;
		}
		if (i > 0)
			flags |= SONDE_AGGF_INCR;
	}
	id = sem_agg_define(cc, agg, fn, params, flags);
	if (id < 0)
		return false;
	agg->id = id;
	call->id = fn;
	return true;
}

/* ---- speculations ------------------------------------------------------ */

static bool is_spec_action(const char *name)
{
	return !strcmp(name, "speculate") || !strcmp(name, "commit") ||
	       !strcmp(name, "discard");
}

/* Actions that record data (DTrace's data-recording actions). */
static bool is_data_action(const struct dc_node *e)
{
	return !strcmp(e->name, "printf") || !strcmp(e->name, "trace") ||
	       !strcmp(e->name, "printa") || !strcmp(e->name, "exit") ||
	       !strcmp(e->name, "clear") || !strcmp(e->name, "trunc") ||
	       !strcmp(e->name, "normalize") ||
	       !strcmp(e->name, "denormalize") ||
	       !strcmp(e->name, "setopt") || !strcmp(e->name, "tracemem") ||
	       is_stack_fn(e);
}

/* DTrace's ordering rules (dt_compile_one_clause) for a data-recording
 * action. */
static bool spec_data_action(struct dc_cc *cc, struct dc_node *e)
{
	if ((cc->spec_state & DC_SPEC_SPECULATE) && !strcmp(e->name, "exit")) {
		dc_error(cc, "D_EXIT_SPEC", e->line, e->col,
			 "exit() may not follow speculate()");
		return false;
	}
	if (cc->spec_state & DC_SPEC_COMMIT) {
		dc_error(cc, "D_DREC_COMM", e->line, e->col,
			 "data-recording actions may not follow commit()");
		return false;
	}
	if (!(cc->spec_state & DC_SPEC_SPECULATE))
		cc->spec_state |= DC_SPEC_DATAREC;
	return true;
}

/* speculate(id), commit(id), discard(id): void actions. */
static bool sem_spec_action(struct dc_cc *cc, struct dc_node *e)
{
	const struct dc_subr *s = dc_subr_any(e->name);
	uint32_t st = cc->spec_state;

	if (!sem_subr(cc, e, s))
		return false;
	e->type.kind = DC_T_VOID;
	if (s->id == SONDE_SUBR_speculate) {
		if (st & DC_SPEC_SPECULATE)
			dc_error(cc, "D_SPEC_SPEC", e->line, e->col,
				 "speculate() may not follow speculate()");
		else if (st & DC_SPEC_COMMIT)
			dc_error(cc, "D_SPEC_COMM", e->line, e->col,
				 "speculate() may not follow commit()");
		else if (st & DC_SPEC_DATAREC)
			dc_error(cc, "D_SPEC_DREC", e->line, e->col,
				 "speculate() may not follow data-recording action(s)");
		else {
			cc->spec_state |= DC_SPEC_SPECULATE;
			return true;
		}
		return false;
	}
	if (s->id == SONDE_SUBR_commit) {
		if (st & DC_SPEC_COMMIT)
			dc_error(cc, "D_COMM_COMM", e->line, e->col,
				 "commit() may not follow commit()");
		else if (st & DC_SPEC_DATAREC)
			dc_error(cc, "D_COMM_DREC", e->line, e->col,
				 "commit() may not follow data-recording action(s)");
		else {
			cc->spec_state |= DC_SPEC_COMMIT;
			return true;
		}
		return false;
	}
	return true;		/* discard(): records nothing */
}

/*
 * tracemem(buffer, size): size bytes of a copyin() buffer, printed as a
 * hex dump.  DTrace's tracemem() also takes kernel addresses and a third,
 * dynamic size; sonde takes buffers (user memory through copyin()).
 */
static bool sem_tracemem(struct dc_cc *cc, struct dc_node *e)
{
	struct dc_node *a, *sz;

	if (e->nargs < 2 || e->nargs > 3) {
		dc_error(cc, e->nargs > 3 ? "D_TRACEMEM_ARGS" : "D_PROTO_LEN",
			 e->line, e->col,
			 "tracemem() prototype mismatch: 2 arguments required, %u given",
			 e->nargs);
		return false;
	}
	a = e->args[0];
	sz = e->args[1];
	if (!sem_expr(cc, a) || !sem_expr(cc, sz))
		return false;
	if (a->type.kind != DC_T_BUF) {
		dc_error(cc, "D_TRACEMEM_ADDR", a->line, a->col,
			 "tracemem() argument #1 must be a copyin() buffer, not %s: sonde's tracemem() records user memory copied with copyin(addr, size)",
			 type_name(a->type));
		return false;
	}
	if (sz->type.kind != DC_T_INT || !sz->isconst ||
	    (int64_t)sz->ival <= 0 || sz->ival > UINT16_MAX) {
		dc_error(cc, "D_TRACEMEM_SIZE", sz->line, sz->col,
			 "tracemem() argument #2 must be a non-zero positive integral constant expression, at most %u",
			 UINT16_MAX);
		return false;
	}
	if (e->nargs == 3) {
		dc_error(cc, "D_TRACEMEM_DYNSIZE", e->args[2]->line,
			 e->args[2]->col,
			 "tracemem() dynamic size (argument #3) is not supported yet");
		return false;
	}
	return true;
}

static bool sem_stmt(struct dc_cc *cc, struct dc_node *s)
{
	struct dc_node *e = s->l, *b;
	bool ok = true;

	switch (s->kind) {
	case DC_N_BLOCK:
		for (b = s->body; b; b = b->next)
			ok &= sem_stmt(cc, b);
		return ok;
	case DC_N_IF:
		dc_error(cc, "D_SYNTAX", s->line, s->col,
			 "internal compiler error: an if statement was not split");
		return false;
	case DC_N_EXPR:
		break;
	default:
		return false;
	}
	if (e->kind == DC_N_ASSIGN && e->l->kind == DC_N_AGG) {
		if (cc->spec_state & DC_SPEC_SPECULATE)
			dc_error(cc, "D_AGG_SPEC", e->line, e->col,
				 "aggregating actions may not follow speculate()");
		else if (cc->spec_state & DC_SPEC_COMMIT)
			dc_error(cc, "D_AGG_COMM", e->line, e->col,
				 "aggregating actions may not follow commit()");
		cc->spec_state |= DC_SPEC_DATAREC;
		return sem_aggregate(cc, e);
	}
	if (e->kind == DC_N_CALL && is_spec_action(e->name))
		return sem_spec_action(cc, e);
	if (e->kind == DC_N_CALL && is_data_action(e) &&
	    !spec_data_action(cc, e))
		return false;
	if (e->kind == DC_N_CALL) {
		if (!strcmp(e->name, "printf"))
			return sem_printf(cc, e);
		if (!strcmp(e->name, "printa"))
			return sem_printa(cc, e);
		if (!strcmp(e->name, "trace")) {
			if (e->nargs != 1)
				return sem_one_arg(cc, e);
			if (!sem_expr(cc, e->args[0]))
				return false;
			if (e->args[0]->type.kind == DC_T_BUF &&
			    !e->args[0]->type.blen) {
				dc_error(cc, "D_TRACE_DYN", e->line, e->col,
					 "trace() of a buffer records the bytes copyin() copied, which must be a constant from 1 to 65535 and the pointer unmoved: use tracemem(buffer, size)");
				return false;
			}
			if (e->args[0]->type.kind != DC_T_INT &&
			    e->args[0]->type.kind != DC_T_STR &&
			    e->args[0]->type.kind != DC_T_BUF) {
				dc_error(cc, "D_TRACE_VOID", e->line, e->col,
					 "trace() argument has type %s",
					 type_name(e->args[0]->type));
				return false;
			}
			return true;
		}
		if (!strcmp(e->name, "tracemem"))
			return sem_tracemem(cc, e);
		if (!strcmp(e->name, "exit")) {
			if (!sem_one_arg(cc, e))
				return false;
			if (e->args[0]->type.kind != DC_T_INT) {
				dc_error(cc, "D_PROTO_ARG", e->args[0]->line,
					 e->args[0]->col,
					 "exit() argument #1 is incompatible with prototype: integer required, %s given",
					 type_name(e->args[0]->type));
				return false;
			}
			return true;
		}
		if (is_stack_fn(e))
			return sem_stack(cc, e);
		if (!strcmp(e->name, "clear") || !strcmp(e->name, "trunc") ||
		    !strcmp(e->name, "normalize") ||
		    !strcmp(e->name, "denormalize") ||
		    !strcmp(e->name, "setopt"))
			return sem_aggact(cc, e);
		if (dc_is_action(e->name)) {
			dc_error(cc, "D_FUNC_UNDEF", e->line, e->col,
				 "action %s() is not supported yet", e->name);
			return false;
		}
	}
	return sem_expr(cc, e);
}

bool dc_sem_const_index(struct dc_cc *cc, struct dc_node *idx,
			const char *what, int64_t *v)
{
	if (!sem_expr(cc, idx))
		return false;
	if (idx->type.kind != DC_T_INT || !idx->isconst) {
		dc_error(cc, "D_PROTO_ARG", idx->line, idx->col,
			 "%s[ ] argument #1 is incompatible with prototype: an integer constant is required, not %s",
			 what, idx->isconst ? type_name(idx->type) :
			 "an expression evaluated when the probe fires");
		return false;
	}
	*v = (int64_t)idx->ival;
	return true;
}

bool dc_sem_clause(struct dc_cc *cc, struct dc_clause_ast *c)
{
	unsigned int before = cc->nerrors;
	struct dc_node *s;

	cc->cur_clause = (uint32_t)(c - cc->clauses);
	cc->spec_state = 0;
	cc->in_pred = true;
	if (c->pred && sem_expr(cc, c->pred) &&
	    c->pred->type.kind != DC_T_INT) {
		dc_error(cc, "D_PRED_SCALAR", c->pred->line, c->pred->col,
			 "predicate result must be of scalar type, not %s",
			 type_name(c->pred->type));
	}
	cc->in_pred = false;
	for (s = c->body; s; s = s->next)
		sem_stmt(cc, s);
	return cc->nerrors == before;
}
