/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dc_parse.h - the parser's state and token helpers, shared by the two
 * files of the parser: dc_parse.c (clauses, statements, expressions) and
 * dc_decl.c (declarations and type names).  Nothing else includes it.
 * Userland only.
 */
#ifndef _SONDE_DC_PARSE_H
#define _SONDE_DC_PARSE_H

#include "dc_impl.h"

/* Tokens of lookahead: a cast "( name * * )" is told from an
 * expression before it is parsed. */
#define DC_P_LOOKAHEAD	8

struct dc_parser {
	struct dc_cc *cc;
	struct dc_lexer lx;
	struct dc_tok la[DC_P_LOOKAHEAD];	/* lookahead */
	int nla;
	bool in_pred;		/* a '/' at depth 0 ends the predicate */
	int depth;		/* ( and [ nesting */
	int nest;		/* the tree's depth so far (DC_MAX_NEST) */
	bool err;		/* a syntax error in this statement */
	uint32_t src;
	struct dc_clause_ast *clause;
};

/* dc_parse.c: tokens */
struct dc_tok *dc_p_peek(struct dc_parser *p, int n);
int dc_p_peekk(struct dc_parser *p);
struct dc_tok dc_p_advance(struct dc_parser *p);
bool dc_p_is_kw(struct dc_parser *p, int n, int kw);
/* A syntax error at @t (one per statement). */
void dc_p_syntax(struct dc_parser *p, const struct dc_tok *t,
		 const char *what);
bool dc_p_expect(struct dc_parser *p, int kind, const char *what);
struct dc_node *dc_p_node(struct dc_parser *p, int kind,
			  const struct dc_tok *at);
/* Expressions: a comma expression, an assignment, a conditional. */
struct dc_node *dc_p_expr(struct dc_parser *p);
struct dc_node *dc_p_assign(struct dc_parser *p);
struct dc_node *dc_p_cond(struct dc_parser *p);

#define peek(p, n)		dc_p_peek(p, n)
#define peekk(p)		dc_p_peekk(p)
#define advance(p)		dc_p_advance(p)
#define is_kw(p, n, kw)		dc_p_is_kw(p, n, kw)
#define syntax(p, t, what)	dc_p_syntax(p, t, what)
#define expect(p, k, what)	dc_p_expect(p, k, what)
#define node(p, k, at)		dc_p_node(p, k, at)
#define parse_expr(p)		dc_p_expr(p)
#define parse_assign(p)		dc_p_assign(p)
#define parse_cond(p)		dc_p_cond(p)

/* dc_decl.c */
/* Does a type name start at lookahead @n (in a cast, sizeof, offsetof,
 * xlate or a declaration)? */
bool dc_decl_at_type(struct dc_parser *p, int n);
/* A type name (specifiers and an abstract declarator): its type, DC_T_ERR
 * after a reported error. */
struct dc_type dc_decl_typename(struct dc_parser *p);
/* A declaration at top level, up to and including its ';'. */
void dc_decl_parse(struct dc_parser *p);

#endif /* _SONDE_DC_PARSE_H */
