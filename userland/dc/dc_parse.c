// SPDX-License-Identifier: GPL-2.0
/*
 * dc_parse.c - recursive-descent parser for D: the clause structure
 * (probe descriptions, /predicate/, { statements }), the whole C
 * expression grammar with D's additions (^^, @aggregations, $macros,
 * self->, this->, stringof, xlate <type> (expr)), statements (;
 * separated, optional trailing ;, if/else); declarations and type names
 * are dc_decl.c's (dc_parse.h has what the two share).  Builds the AST
 * of dc_impl.h in the compilation's arena.  Errors resynchronise on ';'
 * and '}' so one run reports many.  Userland only.
 */
#include <string.h>

#include "dc_impl.h"
#include "dc_parse.h"

struct dc_tok *dc_p_peek(struct dc_parser *p, int n)
{
	if (n >= DC_P_LOOKAHEAD)
		n = DC_P_LOOKAHEAD - 1;
	while (p->nla <= n)
		dc_lex_next(&p->lx, &p->la[p->nla++]);
	return &p->la[n];
}

int dc_p_peekk(struct dc_parser *p)
{
	return peek(p, 0)->kind;
}

struct dc_tok dc_p_advance(struct dc_parser *p)
{
	struct dc_tok t = *peek(p, 0);

	memmove(&p->la[0], &p->la[1], (p->nla - 1) * sizeof(p->la[0]));
	p->nla--;
	return t;
}

bool dc_p_is_kw(struct dc_parser *p, int n, int kw)
{
	struct dc_tok *t = peek(p, n);

	return t->kind == DC_TK_KEYWORD && t->kw == kw;
}

void dc_p_syntax(struct dc_parser *p, const struct dc_tok *t,
		   const char *what)
{
	if (p->err)
		return;		/* one error per statement */
	p->err = true;
	if (t->kind == DC_TK_ERROR)
		return;		/* the lexer said it already */
	/* yyerror()'s words, with yytext, for dtrace */
	if (t->kind == DC_TK_EOF) {
		dc_error(p->cc, "D_SYNTAX", t->line, t->col,
			 "syntax error: %s, found end of input", what);
		dc_error_dtmsg(p->cc, 0, "syntax error near end of input");
	} else {
		dc_error(p->cc, "D_SYNTAX", t->line, t->col,
			 "syntax error: %s, found '%.*s'", what,
			 (int)(t->len > 40 ? 40 : t->len), t->start);
		dc_error_dtmsg(p->cc, 0, "syntax error near \"%.*s\"",
			       (int)t->len, t->start);
	}
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

bool dc_p_expect(struct dc_parser *p, int kind, const char *what)
{
	if (peekk(p) == kind) {
		advance(p);
		return true;
	}
	syntax(p, peek(p, 0), what);
	return false;
}

struct dc_node *dc_p_node(struct dc_parser *p, int kind,
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

/* ---- expressions ------------------------------------------------------ */

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
		if (t.kw == DC_KW_xlate) {
			/* xlate < type > ( expression ) */
			advance(p);
			n = node(p, DC_N_XLATE, &t);
			if (!n || !expect(p, DC_TK_LT, "expected '<' after xlate"))
				return NULL;
			n->ctype = dc_decl_typename(p);
			if (p->err || !expect(p, DC_TK_GT, "expected '>' after the type") ||
			    !expect(p, DC_TK_LPAR, "expected '('"))
				return NULL;
			p->depth++;
			n->l = parse_expr(p);
			p->depth--;
			if (!n->l || !expect(p, DC_TK_RPAR, "expected ')'"))
				return NULL;
			return n;
		}
		if (t.kw == DC_KW_offsetof) {
			advance(p);
			n = node(p, DC_N_OFFSETOF, &t);
			if (!n || !expect(p, DC_TK_LPAR, "expected '('"))
				return NULL;
			n->ctype = dc_decl_typename(p);
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
			n->fn = dc_fn_lookup(n->name);
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
			/* sizeof (name) or (name *): name may be a D
			 * library's typedef */
			if (peekk(p) == DC_TK_LPAR &&
			    peek(p, 1)->kind == DC_TK_IDENT && peek(p, 1)->text &&
			    !strchr(peek(p, 1)->text, '`') &&
			    (peek(p, 2)->kind == DC_TK_RPAR ||
			     peek(p, 2)->kind == DC_TK_STAR) &&
			    !dc_ct_find(p->cc, DC_CT_TYPEDEF, peek(p, 1)->text))
				dc_libs_need(p->cc);
			if (peekk(p) == DC_TK_LPAR && dc_decl_at_type(p, 1)) {
				advance(p);
				n->ctype = dc_decl_typename(p);
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

	if (t.kind == DC_TK_LPAR && dc_decl_at_type(p, 1)) {
		advance(p);
		n = node(p, DC_N_CAST, &t);
		if (!n)
			return NULL;
		n->ctype = dc_decl_typename(p);
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

struct dc_node *dc_p_cond(struct dc_parser *p)
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

struct dc_node *dc_p_assign(struct dc_parser *p)
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

struct dc_node *dc_p_expr(struct dc_parser *p)
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

static void parse_clause(struct dc_parser *p)
{
	struct dc_lexer *lx = &p->lx;
	/* its kind, not a pointer: a D library compiled while the clause
	 * is parsed adds sources */
	uint32_t kind = p->cc->srcs[p->src].kind;
	struct dc_clause_ast *c;
	struct dc_tok t;
	uint32_t dline = 0;	/* the last probe description's line */

	if (p->cc->in_lib) {
		dc_error(p->cc, "D_SYNTAX", lx->line,
			 (uint32_t)(lx->p - lx->line_start) + 1,
			 "a D library may not hold probe clauses");
		skip_clause(p);
		return;
	}
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
		dline = t.line;
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
	if (t.kind == DC_TK_EOF && (kind == DC_IN_PROBESPEC || c->pred))
		return;
	if (t.kind == DC_TK_EOF) {
		dc_error(p->cc, "D_SYNTAX", t.line, t.col,
			 "expected predicate and/or actions following probe description");
		/* dt_lex.l's words at the end of input */
		dc_error_dtmsg(p->cc, 0, "syntax error near end-of-input");
	} else {
		unsigned int nd = dc_ndiags(p->cc->dc);

		syntax(p, &t, "expected '{' to start the actions");
		/* dt_lex.l: the probe description's line ends without
		 * a predicate or actions */
		if (dc_ndiags(p->cc->dc) > nd && !c->pred)
			dc_error_dtmsg(p->cc, dline,
				       "expected predicate and/or actions following probe description");
	}
	c->bad = true;
	p->err = false;
	skip_clause(p);
}

/* Place every node of @n at @line:@col. */
static void dc_place(struct dc_node *n, uint32_t line, uint32_t col)
{
	uint32_t i;

	if (!n)
		return;
	n->line = line;
	n->col = col;
	dc_place(n->l, line, col);
	dc_place(n->r, line, col);
	dc_place(n->x, line, col);
	for (i = 0; i < n->nargs; i++)
		dc_place(n->args[i], line, col);
}

struct dc_node *dc_parse_expr_text(struct dc_cc *cc, const char *text,
				   uint32_t line, uint32_t col)
{
	struct dc_parser p;
	struct dc_node *n;

	memset(&p, 0, sizeof(p));
	p.cc = cc;
	p.src = cc->cur_src;
	p.depth = 1;
	dc_lex_init(&p.lx, cc, text, strlen(text));
	n = parse_expr(&p);
	if (n && peekk(&p) != DC_TK_EOF) {
		syntax(&p, peek(&p, 0), "expected the end of the expression");
		n = NULL;
	}
	dc_place(n, line, col);
	return n;
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
				dc_decl_parse(&p);
				continue;
			}
			if (*p.lx.p == '{' || *p.lx.p == '}' ||
			    *p.lx.p == '/') {
				/* a body or predicate with no description */
				dc_error(cc, "D_SYNTAX", p.lx.line,
					 (uint32_t)(p.lx.p - p.lx.line_start) + 1,
					 "syntax error: expected a probe description, found '%c'",
					 *p.lx.p);
				dc_error_dtmsg(cc, 0, "syntax error near \"%c\"",
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
