// SPDX-License-Identifier: GPL-2.0
/*
 * dc_parse.c - recursive-descent parser for D: the clause structure
 * (probe descriptions, /predicate/, { statements }), the whole C
 * expression grammar with D's additions (^^, @aggregations, $macros,
 * self->, this->, stringof, xlate is not parsed yet), statements (;
 * separated, optional trailing ;, if/else) and top-level declarations
 * (skipped with an error until variables are generated).  Builds the AST
 * of dc_impl.h in the compilation's arena.  Errors resynchronise on ';'
 * and '}' so one run reports many.  Userland only.
 */
#include <string.h>

#include "dc_impl.h"

struct dc_parser {
	struct dc_cc *cc;
	struct dc_lexer lx;
	struct dc_tok la[2];	/* lookahead */
	int nla;
	bool in_pred;		/* a '/' at depth 0 ends the predicate */
	int depth;		/* ( and [ nesting */
	int nest;		/* the tree's depth so far (DC_MAX_NEST) */
	bool err;		/* a syntax error in this statement */
	uint32_t src;
	struct dc_clause_ast *clause;
};

static struct dc_tok *peek(struct dc_parser *p, int n)
{
	while (p->nla <= n)
		dc_lex_next(&p->lx, &p->la[p->nla++]);
	return &p->la[n];
}

static int peekk(struct dc_parser *p)
{
	return peek(p, 0)->kind;
}

static struct dc_tok advance(struct dc_parser *p)
{
	struct dc_tok t = *peek(p, 0);

	p->la[0] = p->la[1];
	p->nla--;
	return t;
}

static bool is_kw(struct dc_parser *p, int n, int kw)
{
	struct dc_tok *t = peek(p, n);

	return t->kind == DC_TK_KEYWORD && t->kw == kw;
}

static void syntax(struct dc_parser *p, const struct dc_tok *t,
		   const char *what)
{
	if (p->err)
		return;		/* one error per statement */
	p->err = true;
	if (t->kind == DC_TK_ERROR)
		return;		/* the lexer said it already */
	if (t->kind == DC_TK_EOF)
		dc_error(p->cc, "D_SYNTAX", t->line, t->col,
			 "syntax error: %s, found end of input", what);
	else
		dc_error(p->cc, "D_SYNTAX", t->line, t->col,
			 "syntax error: %s, found '%.*s'", what,
			 (int)(t->len > 40 ? 40 : t->len), t->start);
}

/*
 * One level deeper (@n more, for a chain): false, with one D_SYNTAX error,
 * past DC_MAX_NEST.  DTrace has no tag of its own for this: its yacc
 * parser reports "yacc stack overflow" through yyerror(), D_SYNTAX.
 * Every caller leaves with nest_leave() the levels it entered.
 */
static bool nest_enter(struct dc_parser *p, int n)
{
	struct dc_tok *t;

	p->nest += n;
	if (p->nest <= DC_MAX_NEST)
		return true;
	if (!p->err) {
		t = peek(p, 0);
		dc_error(p->cc, "D_SYNTAX", t->line, t->col,
			 "syntax error: expressions and statements may nest at most %u levels deep (DTrace: yacc stack overflow)",
			 DC_MAX_NEST);
		p->err = true;
	}
	return false;
}

static void nest_leave(struct dc_parser *p, int n)
{
	p->nest -= n;
}

static bool expect(struct dc_parser *p, int kind, const char *what)
{
	if (peekk(p) == kind) {
		advance(p);
		return true;
	}
	syntax(p, peek(p, 0), what);
	return false;
}

static struct dc_node *node(struct dc_parser *p, int kind,
			    const struct dc_tok *at)
{
	struct dc_node *n = dc_alloc(p->cc, sizeof(*n));

	if (!n)
		return NULL;
	n->kind = kind;
	n->line = at->line;
	n->col = at->col;
	return n;
}

/* ---- types ------------------------------------------------------------ */

static const struct {
	const char *name;
	uint8_t size, uns;
} dc_typedefs[] = {
	{ "int8_t", 1, 0 }, { "int16_t", 2, 0 }, { "int32_t", 4, 0 },
	{ "int64_t", 8, 0 }, { "uint8_t", 1, 1 }, { "uint16_t", 2, 1 },
	{ "uint32_t", 4, 1 }, { "uint64_t", 8, 1 }, { "intptr_t", 8, 0 },
	{ "uintptr_t", 8, 1 }, { "size_t", 8, 1 }, { "ssize_t", 8, 0 },
	{ "off_t", 8, 0 }, { "time_t", 8, 0 }, { "pid_t", 4, 0 },
	{ "uid_t", 4, 1 }, { "gid_t", 4, 1 }, { "id_t", 4, 0 },
	{ "uchar_t", 1, 1 }, { "ushort_t", 2, 1 }, { "uint_t", 4, 1 },
	{ "ulong_t", 8, 1 }, { "longlong_t", 8, 0 },
	{ "u_longlong_t", 8, 1 }, { "processorid_t", 4, 0 },
	{ "hrtime_t", 8, 0 }, { "caddr_t", 8, 1 },
};

bool dc_type_name(const char *name, struct dc_type *t)
{
	size_t i;

	for (i = 0; i < sizeof(dc_typedefs) / sizeof(dc_typedefs[0]); i++) {
		if (!strcmp(name, dc_typedefs[i].name)) {
			*t = (struct dc_type){ .kind = DC_T_INT,
					       .size = dc_typedefs[i].size,
					       .uns = dc_typedefs[i].uns };
			return true;
		}
	}
	return false;
}

/* Does a type name start at lookahead @n? */
static bool at_type(struct dc_parser *p, int n)
{
	struct dc_tok *t = peek(p, n);
	struct dc_type ty;

	if (t->kind == DC_TK_IDENT)
		return t->text && dc_type_name(t->text, &ty);
	if (t->kind != DC_TK_KEYWORD)
		return false;
	switch (t->kw) {
	case DC_KW_char: case DC_KW_short: case DC_KW_int: case DC_KW_long:
	case DC_KW_signed: case DC_KW_unsigned: case DC_KW_const:
	case DC_KW_volatile: case DC_KW_string: case DC_KW_void:
	case DC_KW_struct: case DC_KW_union: case DC_KW_enum:
	case DC_KW_float: case DC_KW_double:
		return true;
	}
	return false;
}

/*
 * A type name: specifiers, then '*'s.  Struct/union/enum types and
 * floating point parse but come back as DC_T_ERR with an error.
 */
static struct dc_type parse_type(struct dc_parser *p)
{
	struct dc_type t = { .kind = DC_T_INT, .size = 4 };
	int nlong = 0, nshort = 0, nchar = 0, nsigned = 0, nuns = 0;
	bool any = false, named = false;
	struct dc_tok first = *peek(p, 0);

	for (;;) {
		struct dc_tok *k = peek(p, 0);

		if (k->kind == DC_TK_IDENT && !any && k->text &&
		    dc_type_name(k->text, &t)) {
			advance(p);
			named = any = true;
			continue;
		}
		if (k->kind != DC_TK_KEYWORD)
			break;
		if (k->kw == DC_KW_const || k->kw == DC_KW_volatile) {
			advance(p);
		} else if (k->kw == DC_KW_long && !named) {
			nlong++;
			any = true;
			advance(p);
		} else if (k->kw == DC_KW_short && !named) {
			nshort++;
			any = true;
			advance(p);
		} else if (k->kw == DC_KW_char && !named) {
			nchar++;
			any = true;
			advance(p);
		} else if (k->kw == DC_KW_int && !named) {
			any = true;
			advance(p);
		} else if (k->kw == DC_KW_signed && !named) {
			nsigned++;
			any = true;
			advance(p);
		} else if (k->kw == DC_KW_unsigned && !named) {
			nuns++;
			any = true;
			advance(p);
		} else if ((k->kw == DC_KW_string || k->kw == DC_KW_void) &&
			   !any) {
			t.kind = k->kw == DC_KW_string ? DC_T_STR : DC_T_VOID;
			t.size = 0;
			advance(p);
			named = any = true;
		} else if ((k->kw == DC_KW_struct || k->kw == DC_KW_union ||
			    k->kw == DC_KW_enum) && !any) {
			advance(p);
			if (peekk(p) == DC_TK_IDENT)
				advance(p);
			dc_error(p->cc, "D_TYPE_ERR", first.line, first.col,
				 "struct, union and enum types are not supported yet");
			t.kind = DC_T_ERR;
			named = any = true;
		} else if ((k->kw == DC_KW_float || k->kw == DC_KW_double) &&
			   !any) {
			advance(p);
			dc_error(p->cc, "D_TYPE_ERR", first.line, first.col,
				 "floating-point types are not supported");
			t.kind = DC_T_ERR;
			named = any = true;
		} else {
			break;
		}
	}
	if (!any) {
		syntax(p, peek(p, 0), "expected a type name");
		t.kind = DC_T_ERR;
		return t;
	}
	if (!named) {
		if ((nsigned && nuns) || nlong > 2 || nshort > 1 ||
		    (nchar && (nlong || nshort)) || (nlong && nshort)) {
			dc_error(p->cc, "D_DECL_COMBO", first.line, first.col,
				 "invalid type specifier combination");
			t.kind = DC_T_ERR;
		}
		t.size = nchar ? 1 : nshort ? 2 : nlong ? 8 : 4;
		t.uns = nuns > 0;
	}
	while (peekk(p) == DC_TK_STAR) {
		advance(p);
		t.ptr++;
		while (is_kw(p, 0, DC_KW_const) || is_kw(p, 0, DC_KW_volatile))
			advance(p);
	}
	if (t.ptr && t.kind != DC_T_ERR) {
		/* a pointer is an address, an unsigned 64-bit integer that
		 * remembers what it points to (void and string: bytes) */
		t.esize = t.kind == DC_T_INT ? t.size : 0;
		t.euns = t.kind == DC_T_INT ? t.uns : 1;
		t.kind = DC_T_INT;
		t.size = 8;
		t.uns = 1;
	}
	return t;
}

/* ---- expressions ------------------------------------------------------ */

static struct dc_node *parse_expr(struct dc_parser *p);
static struct dc_node *parse_assign(struct dc_parser *p);
static struct dc_node *parse_cast(struct dc_parser *p);
static struct dc_node *parse_postfix_chain(struct dc_parser *p,
					   struct dc_node *n, int *chain);

/* '(' args ')' or '[' args ']' after the opening token. */
static bool parse_args(struct dc_parser *p, int close, struct dc_node ***args,
		       uint32_t *nargs)
{
	struct dc_node *v[64];
	uint32_t n = 0;

	p->depth++;
	if (peekk(p) != close) {
		for (;;) {
			struct dc_node *a = parse_assign(p);

			if (!a) {
				p->depth--;
				return false;
			}
			if (n == sizeof(v) / sizeof(v[0])) {
				syntax(p, peek(p, 0), "too many arguments");
				p->depth--;
				return false;
			}
			v[n++] = a;
			if (peekk(p) != DC_TK_COMMA)
				break;
			advance(p);
		}
	}
	p->depth--;
	if (!expect(p, close, close == DC_TK_RPAR ? "expected ')'" :
		    "expected ']'"))
		return false;
	*nargs = n;
	*args = NULL;
	if (n) {
		*args = dc_alloc(p->cc, n * sizeof(**args));
		if (!*args)
			return false;
		memcpy(*args, v, n * sizeof(**args));
	}
	return true;
}

static struct dc_node *parse_primary(struct dc_parser *p)
{
	struct dc_tok t = *peek(p, 0);
	struct dc_node *n;

	switch (t.kind) {
	case DC_TK_INT:
		advance(p);
		n = node(p, DC_N_INT, &t);
		if (n) {
			n->ival = t.ival;
			n->type = t.ityp;
		}
		return n;
	case DC_TK_STR:
		advance(p);
		n = node(p, DC_N_STR, &t);
		if (n) {
			n->str = t.text;
			n->slen = t.tlen;
		}
		return n;
	case DC_TK_IDENT:
		advance(p);
		n = node(p, DC_N_IDENT, &t);
		if (n)
			n->name = t.text;
		return n;
	case DC_TK_MACRO:
		advance(p);
		n = node(p, DC_N_MACRO, &t);
		if (n)
			n->name = t.text;
		return n;
	case DC_TK_AGG:
		advance(p);
		n = node(p, DC_N_AGG, &t);
		if (!n)
			return NULL;
		n->name = t.text;
		if (peekk(p) == DC_TK_LBRAC) {
			advance(p);
			if (!parse_args(p, DC_TK_RBRAC, &n->args, &n->nargs))
				return NULL;
		}
		return n;
	case DC_TK_LPAR: {
		int was = p->in_pred;

		/* no level of its own: parse_unary() counts the cycle */
		advance(p);
		p->depth++;
		p->in_pred = false;
		n = parse_expr(p);
		p->in_pred = was;
		p->depth--;
		if (!n || !expect(p, DC_TK_RPAR, "expected ')'"))
			return NULL;
		return n;
	}
	case DC_TK_KEYWORD:
		if (t.kw == DC_KW_self || t.kw == DC_KW_this) {
			struct dc_tok m;

			advance(p);
			if (!expect(p, DC_TK_ARROW, "expected '->'"))
				return NULL;
			m = *peek(p, 0);
			if (!expect(p, DC_TK_IDENT, "expected a member name"))
				return NULL;
			n = node(p, t.kw == DC_KW_self ? DC_N_SELF : DC_N_THIS,
				 &t);
			if (n)
				n->name = m.text;
			return n;
		}
		if (t.kw == DC_KW_offsetof) {
			advance(p);
			n = node(p, DC_N_OFFSETOF, &t);
			if (!n || !expect(p, DC_TK_LPAR, "expected '('"))
				return NULL;
			n->ctype = parse_type(p);
			if (!expect(p, DC_TK_COMMA, "expected ','"))
				return NULL;
			n->name = peek(p, 0)->text;
			if (!expect(p, DC_TK_IDENT, "expected a member name") ||
			    !expect(p, DC_TK_RPAR, "expected ')'"))
				return NULL;
			return n;
		}
		break;
	}
	syntax(p, &t, "expected an expression");
	return NULL;
}

static struct dc_node *parse_postfix(struct dc_parser *p)
{
	struct dc_node *n = parse_primary(p);

	/* a chain of calls, indexes, members and ++/--: one level each */
	int chain = 0;

	n = parse_postfix_chain(p, n, &chain);
	nest_leave(p, chain);
	return n;
}

static struct dc_node *parse_postfix_chain(struct dc_parser *p,
					   struct dc_node *n, int *chain)
{
	struct dc_node *m;

	while (n) {
		struct dc_tok t = *peek(p, 0);

		if (t.kind == DC_TK_LPAR || t.kind == DC_TK_LBRAC ||
		    t.kind == DC_TK_ARROW || t.kind == DC_TK_DOT ||
		    t.kind == DC_TK_INC || t.kind == DC_TK_DEC) {
			++*chain;
			if (!nest_enter(p, 1))
				return NULL;
		}
		switch (t.kind) {
		case DC_TK_LPAR:
			advance(p);
			if (n->kind != DC_N_IDENT) {
				dc_error(p->cc, "D_FUNC_IDENT", t.line, t.col,
					 "function designator is not an identifier");
				p->err = true;
				return NULL;
			}
			n->kind = DC_N_CALL;
			if (!parse_args(p, DC_TK_RPAR, &n->args, &n->nargs))
				return NULL;
			break;
		case DC_TK_LBRAC:
			advance(p);
			m = node(p, DC_N_INDEX, &t);
			if (!m)
				return NULL;
			m->l = n;
			m->line = n->line;
			m->col = n->col;
			if (!parse_args(p, DC_TK_RBRAC, &m->args, &m->nargs))
				return NULL;
			n = m;
			break;
		case DC_TK_ARROW:
		case DC_TK_DOT:
			advance(p);
			m = node(p, DC_N_MEMBER, &t);
			if (!m)
				return NULL;
			m->op = t.kind;
			m->l = n;
			m->name = peek(p, 0)->text;
			if (!expect(p, DC_TK_IDENT, "expected a member name"))
				return NULL;
			n = m;
			break;
		case DC_TK_INC:
		case DC_TK_DEC:
			advance(p);
			m = node(p, DC_N_POSTFIX, &t);
			if (!m)
				return NULL;
			m->op = t.kind;
			m->l = n;
			n = m;
			break;
		default:
			return n;
		}
	}
	return n;
}

static struct dc_node *parse_unary_1(struct dc_parser *p);

/* An operator and its operand: one level. */
static struct dc_node *parse_unary(struct dc_parser *p)
{
	struct dc_node *n = NULL;

	if (nest_enter(p, 1))
		n = parse_unary_1(p);
	nest_leave(p, 1);
	return n;
}

static struct dc_node *parse_unary_1(struct dc_parser *p)
{
	struct dc_tok t = *peek(p, 0);
	struct dc_node *n;

	switch (t.kind) {
	case DC_TK_INC:
	case DC_TK_DEC:
		advance(p);
		n = node(p, DC_N_UNARY, &t);
		if (!n || !(n->l = parse_unary(p)))
			return NULL;
		n->op = t.kind;
		return n;
	case DC_TK_AMP: case DC_TK_STAR: case DC_TK_PLUS: case DC_TK_MINUS:
	case DC_TK_TILDE: case DC_TK_LNOT:
		advance(p);
		n = node(p, DC_N_UNARY, &t);
		if (!n || !(n->l = parse_cast(p)))
			return NULL;
		n->op = t.kind;
		return n;
	case DC_TK_KEYWORD:
		if (t.kw == DC_KW_sizeof) {
			advance(p);
			n = node(p, DC_N_SIZEOF, &t);
			if (!n)
				return NULL;
			if (peekk(p) == DC_TK_LPAR && at_type(p, 1)) {
				advance(p);
				n->ctype = parse_type(p);
				if (!expect(p, DC_TK_RPAR, "expected ')'"))
					return NULL;
				return n;
			}
			if (!(n->l = parse_unary(p)))
				return NULL;
			return n;
		}
		if (t.kw == DC_KW_stringof) {
			advance(p);
			n = node(p, DC_N_STRINGOF, &t);
			if (!n || !(n->l = parse_unary(p)))
				return NULL;
			return n;
		}
		break;
	}
	return parse_postfix(p);
}

static struct dc_node *parse_cast(struct dc_parser *p)
{
	struct dc_tok t = *peek(p, 0);
	struct dc_node *n;

	if (t.kind == DC_TK_LPAR && at_type(p, 1)) {
		advance(p);
		n = node(p, DC_N_CAST, &t);
		if (!n)
			return NULL;
		n->ctype = parse_type(p);
		if (!expect(p, DC_TK_RPAR, "expected ')' after the type name"))
			return NULL;
		if (nest_enter(p, 1))
			n->l = parse_cast(p);
		nest_leave(p, 1);
		if (!n->l)
			return NULL;
		return n;
	}
	return parse_unary(p);
}

/* Binary operator precedence, C's plus ^^ between && and ||. */
static int binprec(struct dc_parser *p, int kind)
{
	switch (kind) {
	case DC_TK_LOR: return 1;
	case DC_TK_LXOR: return 2;
	case DC_TK_LAND: return 3;
	case DC_TK_BOR: return 4;
	case DC_TK_XOR: return 5;
	case DC_TK_AMP: return 6;
	case DC_TK_EQ: case DC_TK_NE: return 7;
	case DC_TK_LT: case DC_TK_GT: case DC_TK_LE: case DC_TK_GE: return 8;
	case DC_TK_SHL: case DC_TK_SHR: return 9;
	case DC_TK_PLUS: case DC_TK_MINUS: return 10;
	case DC_TK_SLASH:
		/* the end of a predicate, not a division */
		if (p->in_pred && p->depth == 0)
			return 0;
		return 11;
	case DC_TK_STAR: case DC_TK_PERCENT: return 11;
	}
	return 0;
}

/* Precedence climbing over the left-associative binary operators. */
static struct dc_node *parse_binary(struct dc_parser *p, int minprec)
{
	struct dc_node *l = parse_cast(p);
	int chain = 0;

	while (l) {
		struct dc_tok t = *peek(p, 0);
		int prec = binprec(p, t.kind);
		struct dc_node *n;

		if (!prec || prec < minprec)
			break;
		advance(p);
		/* each operator is a level, on the left or on the right */
		chain++;
		if (!nest_enter(p, 1)) {
			l = NULL;
			break;
		}
		n = node(p, t.kind == DC_TK_LAND || t.kind == DC_TK_LOR ||
			 t.kind == DC_TK_LXOR ? DC_N_LOGICAL : DC_N_BINARY, &t);
		if (!n)
			return NULL;
		n->op = t.kind;
		n->l = l;
		if (!(n->r = parse_binary(p, prec + 1))) {
			l = NULL;
			break;
		}
		l = n;
	}
	nest_leave(p, chain);
	return l;
}

static struct dc_node *parse_cond(struct dc_parser *p)
{
	struct dc_node *c = parse_binary(p, 1), *n;
	struct dc_tok t;

	if (!c || peekk(p) != DC_TK_QUEST)
		return c;
	t = advance(p);
	n = node(p, DC_N_TERNARY, &t);
	if (!n)
		return NULL;
	n->x = c;
	if (!nest_enter(p, 1)) {
		nest_leave(p, 1);
		return NULL;
	}
	p->depth++;	/* a '/' between ? and : cannot end a predicate */
	n->l = parse_expr(p);
	p->depth--;
	if (n->l && expect(p, DC_TK_COLON, "expected ':'"))
		n->r = parse_cond(p);
	nest_leave(p, 1);
	if (!n->l || !n->r)
		return NULL;
	return n;
}

static bool is_assignop(int kind)
{
	return kind >= DC_TK_ASSIGN && kind <= DC_TK_SHR_EQ;
}

static struct dc_node *parse_assign(struct dc_parser *p)
{
	struct dc_node *l = parse_cond(p), *n;
	struct dc_tok t;

	if (!l || !is_assignop(peekk(p)))
		return l;
	t = advance(p);
	n = node(p, DC_N_ASSIGN, &t);
	if (!n)
		return NULL;
	n->op = t.kind;
	n->l = l;
	if (nest_enter(p, 1))
		n->r = parse_assign(p);
	nest_leave(p, 1);
	if (!n->r)
		return NULL;
	return n;
}

static struct dc_node *parse_expr(struct dc_parser *p)
{
	struct dc_node *l = parse_assign(p), *n;
	int chain = 0;

	while (l && peekk(p) == DC_TK_COMMA) {
		struct dc_tok t = advance(p);

		chain++;
		if (!nest_enter(p, 1)) {
			l = NULL;
			break;
		}
		n = node(p, DC_N_COMMA, &t);
		if (!n) {
			l = NULL;
			break;
		}
		n->l = l;
		if (!(n->r = parse_assign(p))) {
			l = NULL;
			break;
		}
		l = n;
	}
	nest_leave(p, chain);
	return l;
}

/* ---- statements ------------------------------------------------------- */

/* After an error: skip to the end of the statement (eat ';', leave '}'). */
static void resync(struct dc_parser *p)
{
	int depth = 0;

	for (;;) {
		int k = peekk(p);

		if (k == DC_TK_EOF)
			break;
		if (k == DC_TK_SEMI && depth == 0) {
			advance(p);
			break;
		}
		if (k == DC_TK_RBRACE) {
			if (depth == 0)
				break;
			depth--;
		}
		if (k == DC_TK_LBRACE)
			depth++;
		advance(p);
	}
	p->err = false;
	p->depth = 0;
	p->in_pred = false;
}

static struct dc_node *parse_stmts(struct dc_parser *p);

static struct dc_node *parse_stmt_1(struct dc_parser *p);

/* A statement, and the ones an if or a block holds: one level. */
static struct dc_node *parse_stmt(struct dc_parser *p)
{
	struct dc_node *n = NULL;

	if (nest_enter(p, 1))
		n = parse_stmt_1(p);
	nest_leave(p, 1);
	return n;
}

static struct dc_node *parse_stmt_1(struct dc_parser *p)
{
	struct dc_tok t = *peek(p, 0);
	struct dc_node *n, *e;

	if (t.kind == DC_TK_SEMI) {
		advance(p);
		return NULL;
	}
	if (t.kind == DC_TK_LBRACE) {
		advance(p);
		n = node(p, DC_N_BLOCK, &t);
		if (!n)
			return NULL;
		n->body = parse_stmts(p);
		expect(p, DC_TK_RBRACE, "expected '}'");
		return n;
	}
	if (t.kind == DC_TK_KEYWORD && t.kw == DC_KW_if) {
		advance(p);
		n = node(p, DC_N_IF, &t);
		if (!n || !expect(p, DC_TK_LPAR, "expected '(' after if"))
			return NULL;
		p->depth++;
		n->x = parse_expr(p);
		p->depth--;
		if (!n->x || !expect(p, DC_TK_RPAR, "expected ')'"))
			return NULL;
		n->l = parse_stmt(p);
		if (p->err)
			return NULL;
		if (is_kw(p, 0, DC_KW_else)) {
			advance(p);
			n->r = parse_stmt(p);
		}
		return n;
	}
	e = parse_expr(p);
	if (!e)
		return NULL;
	n = node(p, DC_N_EXPR, &t);
	if (!n)
		return NULL;
	n->l = e;
	/* the last statement of a clause needs no ';' */
	if (peekk(p) == DC_TK_RBRACE)
		return n;
	if (!expect(p, DC_TK_SEMI, "expected ';' or '}' after the statement"))
		return NULL;
	return n;
}

/* Statements up to (not including) '}' or end of input. */
static struct dc_node *parse_stmts(struct dc_parser *p)
{
	struct dc_node *head = NULL, **tail = &head;

	while (peekk(p) != DC_TK_RBRACE && peekk(p) != DC_TK_EOF) {
		struct dc_node *s = parse_stmt(p);

		if (p->err) {
			p->clause->bad = true;
			resync(p);
			continue;
		}
		if (s) {
			*tail = s;
			tail = &s->next;
		}
	}
	return head;
}

/* ---- clauses ---------------------------------------------------------- */

static struct dc_clause_ast *new_clause(struct dc_parser *p, uint32_t line)
{
	struct dc_cc *cc = p->cc;
	struct dc_clause_ast *c;

	if (!dc_grow(cc, (void **)&cc->clauses, &cc->cap_clauses,
		     cc->nclauses + 1, sizeof(*cc->clauses)))
		return NULL;
	c = &cc->clauses[cc->nclauses++];
	memset(c, 0, sizeof(*c));
	c->line = line;
	c->src = p->src;
	return c;
}

static bool add_pdesc(struct dc_parser *p, struct dc_clause_ast *c,
		      const struct dc_tok *t)
{
	struct dc_pdesc_ast *d;

	d = dc_alloc(p->cc, (c->ndescs + 1) * sizeof(*d));
	if (!d)
		return false;
	if (c->ndescs)
		memcpy(d, c->descs, c->ndescs * sizeof(*d));
	d[c->ndescs].text = t->text;
	d[c->ndescs].line = t->line;
	d[c->ndescs].col = t->col;
	c->descs = d;
	c->ndescs++;
	return true;
}

/* Skip tokens to the end of the clause body (after '}') or of input. */
static void skip_clause(struct dc_parser *p)
{
	int depth = 0;

	for (;;) {
		int k = peekk(p);

		if (k == DC_TK_EOF)
			return;
		advance(p);
		if (k == DC_TK_LBRACE)
			depth++;
		else if (k == DC_TK_RBRACE && --depth <= 0)
			return;
	}
}

/* Skip the rest of a declaration we do not handle. */
static void skip_decl(struct dc_parser *p)
{
	int depth = 0;

	for (;;) {
		int k = peekk(p);

		if (k == DC_TK_EOF)
			return;
		advance(p);
		if (k == DC_TK_LBRACE)
			depth++;
		else if (k == DC_TK_RBRACE)
			depth--;
		else if (k == DC_TK_SEMI && depth <= 0)
			return;
	}
}

/*
 * A declaration at top level: [self | this] type name [ '[' types ']' ]
 * {, name ...} ';'.  Defines the variables right away (dc_var_define()
 * reports redeclarations).  Typedefs, inlines, translators, struct types
 * are D_VAR_UNSUP.
 */
static void parse_decl(struct dc_parser *p)
{
	struct dc_tok t = *peek(p, 0);
	uint32_t scope = SONDE_VAR_GLOBAL;
	struct dc_type ty;

	if (is_kw(p, 0, DC_KW_self) || is_kw(p, 0, DC_KW_this)) {
		scope = t.kw == DC_KW_self ? SONDE_VAR_TLS : SONDE_VAR_LOCAL;
		advance(p);
	}
	if (!at_type(p, 0)) {
		dc_error(p->cc, "D_VAR_UNSUP", t.line, t.col,
			 "this kind of declaration is not supported yet");
		skip_decl(p);
		return;
	}
	ty = parse_type(p);
	for (;;) {
		struct dc_tok name = *peek(p, 0);
		struct dc_type keys[SONDE_MAX_AGG_KEYS];
		uint32_t nkeys = 0;

		if (p->err || !expect(p, DC_TK_IDENT, "expected a variable name"))
			break;
		if (peekk(p) == DC_TK_LBRAC) {
			advance(p);
			for (;;) {
				struct dc_type k = parse_type(p);

				if (p->err)
					break;
				if (nkeys < SONDE_MAX_AGG_KEYS)
					keys[nkeys] = k;
				nkeys++;
				if (peekk(p) != DC_TK_COMMA)
					break;
				advance(p);
			}
			if (p->err || !expect(p, DC_TK_RBRAC, "expected ']'"))
				break;
		}
		if (ty.kind == DC_T_VOID) {
			dc_error(p->cc, "D_DECL_VOIDOBJ", name.line, name.col,
				 "cannot declare variable %s of type void",
				 name.text);
		} else if (ty.kind != DC_T_ERR) {
			if (nkeys > SONDE_MAX_AGG_KEYS)
				dc_error(p->cc, "D_KEY_TYPE", name.line, name.col,
					 "array %s has %u keys: at most %u are allowed",
					 name.text, nkeys, SONDE_MAX_AGG_KEYS);
			else if (nkeys && scope == SONDE_VAR_LOCAL)
				dc_error(p->cc, "D_DECL_ARRSUP", name.line,
					 name.col,
					 "clause-local arrays are not supported");
			else
				dc_var_define(p->cc, name.text, scope, ty,
					      nkeys, keys, name.line, name.col);
		}
		if (peekk(p) != DC_TK_COMMA)
			break;
		advance(p);
	}
	if (!p->err && peekk(p) != DC_TK_SEMI)
		syntax(p, peek(p, 0), "expected ';' after the declaration");
	if (p->err) {
		p->err = false;
		skip_decl(p);
		return;
	}
	advance(p);
}

static void parse_clause(struct dc_parser *p)
{
	struct dc_lexer *lx = &p->lx;
	const struct dc_src *src = &p->cc->srcs[p->src];
	struct dc_clause_ast *c;
	struct dc_tok t;

	c = new_clause(p, lx->line);
	if (!c)
		return;
	p->clause = c;
	/* probe descriptions, comma-separated */
	for (;;) {
		if (!dc_lex_pdesc(lx, &t)) {
			dc_lex_skip(lx);
			t.line = lx->line;
			t.col = (uint32_t)(lx->p - lx->line_start) + 1;
			t.start = lx->p;
			t.len = lx->p < lx->end ? 1 : 0;
			t.kind = lx->p < lx->end ? DC_TK_IDENT : DC_TK_EOF;
			syntax(p, &t, "expected a probe description");
			c->bad = true;
			p->err = false;
			skip_clause(p);
			return;
		}
		if (!add_pdesc(p, c, &t))
			return;
		if (!dc_lex_skip(lx) || *lx->p != ',')
			break;
		lx->p++;
		lx->bol = false;
		dc_lex_skip(lx);
	}
	/* /predicate/ */
	if (lx->p < lx->end && *lx->p == '/') {
		struct dc_tok at;

		lx->p++;
		p->in_pred = true;
		p->depth = 0;
		c->pred = parse_expr(p);
		p->in_pred = false;
		at = *peek(p, 0);
		if (c->pred && at.kind != DC_TK_SLASH)
			syntax(p, &at, "expected '/' to end the predicate");
		else if (c->pred)
			advance(p);
		if (p->err) {
			c->bad = true;
			p->err = false;
			skip_clause(p);
			return;
		}
	}
	/* { actions }, or nothing: the default action */
	t = *peek(p, 0);
	if (t.kind == DC_TK_LBRACE) {
		advance(p);
		c->has_body = true;
		c->body = parse_stmts(p);
		if (!expect(p, DC_TK_RBRACE, "expected '}'")) {
			c->bad = true;
			p->err = false;
			return;
		}
		dc_if_split(p->cc, (uint32_t)(c - p->cc->clauses));
		return;
	}
	if (t.kind == DC_TK_EOF && (src->kind == DC_IN_PROBESPEC || c->pred))
		return;
	if (t.kind == DC_TK_EOF)
		dc_error(p->cc, "D_SYNTAX", t.line, t.col,
			 "expected predicate and/or actions following probe description");
	else
		syntax(p, &t, "expected '{' to start the actions");
	c->bad = true;
	p->err = false;
	skip_clause(p);
}

void dc_parse(struct dc_cc *cc, uint32_t src)
{
	struct dc_parser p;
	const struct dc_src *s = &cc->srcs[src];

	memset(&p, 0, sizeof(p));
	p.cc = cc;
	p.src = src;
	dc_lex_init(&p.lx, cc, s->text, s->len);
	for (;;) {
		if (p.nla == 0) {
			if (!dc_lex_skip(&p.lx))
				break;
			if (*p.lx.p == ';') {
				p.lx.p++;
				continue;
			}
			if (dc_lex_at_decl(&p.lx)) {
				parse_decl(&p);
				continue;
			}
			if (*p.lx.p == '{' || *p.lx.p == '}' ||
			    *p.lx.p == '/') {
				/* a body or predicate with no description */
				dc_error(cc, "D_SYNTAX", p.lx.line,
					 (uint32_t)(p.lx.p - p.lx.line_start) + 1,
					 "syntax error: expected a probe description, found '%c'",
					 *p.lx.p);
				if (*p.lx.p == '}') {
					p.lx.p++;
					continue;
				}
				skip_clause(&p);
				continue;
			}
			parse_clause(&p);
			if (cc->oom)
				return;
			continue;
		}
		/* tokens left over after an error: drop them */
		if (peekk(&p) == DC_TK_EOF)
			break;
		advance(&p);
	}
}
