// SPDX-License-Identifier: GPL-2.0
/*
 * dc_if.c - if/else in clauses, as illumos DTrace does it: by splitting
 * the clause.  The VM has no backward branch and no statement-level
 * control flow the consumer could follow (records are laid out per
 * clause), so
 *
 *	P /pred/ { a; if (c) { b; } else { d; } e; }
 *
 * becomes clauses with the same probe descriptions, in order:
 *
 *	P /pred/            { a; this->%if0 = c ? 1 : 2; }
 *	P /this->%if0 == 1/ { b; }
 *	P /this->%if0 == 2/ { d; }
 *	P /this->%if0/      { e; }
 *
 * this-> variables are zeroed once per probe firing (kernel and test
 * world alike) and a probe's clauses run in order, so the hidden variable
 * is 0 unless the clause that evaluated the condition ran: the predicate
 * and the condition are each evaluated exactly once.  Nested ifs and
 * else-if chains recurse; empty branches and empty tails make no clause.
 * Userland only.
 */
#include <stdio.h>
#include <string.h>

#include "dc_impl.h"

struct dc_split {
	struct dc_cc *cc;
	uint32_t tmpl;			/* the clause being split */
	uint32_t cur;			/* clause receiving statements */
	struct dc_node *head, *last;	/* its statements so far */
	struct dc_node *pending;	/* guard of a clause to start lazily */
	uint32_t pline, pcol;		/* where that clause starts */
};

static struct dc_node *mk(struct dc_cc *cc, int kind, uint32_t line,
			  uint32_t col)
{
	struct dc_node *n = dc_alloc(cc, sizeof(*n));

	if (n) {
		n->kind = kind;
		n->line = line;
		n->col = col;
	}
	return n;
}

static struct dc_node *mk_int(struct dc_cc *cc, uint64_t v, uint32_t line,
			      uint32_t col)
{
	struct dc_node *n = mk(cc, DC_N_INT, line, col);

	if (n) {
		n->ival = v;
		n->type.kind = DC_T_INT;
		n->type.size = 4;
	}
	return n;
}

static struct dc_node *mk_this(struct dc_cc *cc, char *name, uint32_t line,
			       uint32_t col)
{
	struct dc_node *n = mk(cc, DC_N_THIS, line, col);

	if (n)
		n->name = name;
	return n;
}

/* this->@name == @v, or this->@name when @v is 0 (nonzero: it ran) */
static struct dc_node *mk_guard(struct dc_cc *cc, char *name, uint64_t v,
				uint32_t line, uint32_t col)
{
	struct dc_node *n, *t = mk_this(cc, name, line, col);

	if (!t || !v)
		return t;
	n = mk(cc, DC_N_BINARY, line, col);
	if (!n)
		return NULL;
	n->op = DC_TK_EQ;
	n->l = t;
	n->r = mk_int(cc, v, line, col);
	return n->r ? n : NULL;
}

/* Close the current clause: hand it its statements. */
static void flush(struct dc_split *st)
{
	if (st->cc->oom)
		return;
	st->cc->clauses[st->cur].body = st->head;
	st->head = st->last = NULL;
}

/* Start a clause guarded by @pred, a copy of the template's descriptions. */
static void start(struct dc_split *st, struct dc_node *pred, uint32_t line)
{
	struct dc_cc *cc = st->cc;
	struct dc_clause_ast *c;

	flush(st);
	st->pending = NULL;
	if (!pred || !dc_grow(cc, (void **)&cc->clauses, &cc->cap_clauses,
			      cc->nclauses + 1, sizeof(*cc->clauses))) {
		cc->oom = true;
		return;
	}
	c = &cc->clauses[cc->nclauses];
	*c = cc->clauses[st->tmpl];
	c->pred = pred;
	c->body = NULL;
	c->line = line;
	st->cur = cc->nclauses++;
}

static void append(struct dc_split *st, struct dc_node *s)
{
	if (st->pending)
		start(st, st->pending, st->pline);
	if (st->cc->oom)
		return;
	s->next = NULL;
	if (st->last)
		st->last->next = s;
	else
		st->head = s;
	st->last = s;
}

/* Does the statement (list) do anything? */
static bool nonempty(const struct dc_node *s, bool list)
{
	for (; s; s = list ? s->next : NULL) {
		if (s->kind == DC_N_BLOCK ? nonempty(s->body, true) :
		    s->kind == DC_N_EXPR || s->kind == DC_N_IF)
			return true;
	}
	return false;
}

static bool has_if(const struct dc_node *s)
{
	for (; s; s = s->next)
		if (s->kind == DC_N_IF ||
		    (s->kind == DC_N_BLOCK && has_if(s->body)))
			return true;
	return false;
}

static void walk(struct dc_split *st, struct dc_node *s, bool list);

static void split_if(struct dc_split *st, struct dc_node *s)
{
	struct dc_cc *cc = st->cc;
	struct dc_node *asg, *ter, *stmt;
	char buf[32], *name;

	snprintf(buf, sizeof(buf), "%%if%u", cc->nifvars++);
	name = dc_strndup(cc, buf, strlen(buf));
	stmt = mk(cc, DC_N_EXPR, s->line, s->col);
	asg = mk(cc, DC_N_ASSIGN, s->line, s->col);
	ter = mk(cc, DC_N_TERNARY, s->x->line, s->x->col);
	if (!name || !stmt || !asg || !ter)
		return;
	/* defined here, so the later guards never read an undefined one */
	if (dc_var_define(cc, name, SONDE_VAR_LOCAL,
			  (struct dc_type){ .kind = DC_T_INT, .size = 4 }, 0, NULL,
			  s->line, s->col) < 0)
		return;
	ter->op = DC_TK_KEYWORD;	/* an if condition (sema's message) */
	ter->x = s->x;
	ter->l = mk_int(cc, 1, s->line, s->col);
	ter->r = mk_int(cc, 2, s->line, s->col);
	asg->op = DC_TK_ASSIGN;
	asg->l = mk_this(cc, name, s->line, s->col);
	asg->r = ter;
	stmt->l = asg;
	if (!ter->l || !ter->r || !asg->l)
		return;
	append(st, stmt);
	if (s->l && nonempty(s->l, false)) {
		start(st, mk_guard(cc, name, 1, s->l->line, s->l->col),
		      s->l->line);
		walk(st, s->l, false);
	}
	if (s->r && nonempty(s->r, false)) {
		start(st, mk_guard(cc, name, 2, s->r->line, s->r->col),
		      s->r->line);
		walk(st, s->r, false);
	}
	/* what follows runs when the clause that evaluated c ran */
	st->pending = mk_guard(cc, name, 0, s->line, s->col);
	st->pline = s->line;
	if (!st->pending)
		cc->oom = true;
}

static void walk(struct dc_split *st, struct dc_node *s, bool list)
{
	struct dc_node *next;

	for (; s && !st->cc->oom; s = next) {
		next = list ? s->next : NULL;
		if (s->kind == DC_N_BLOCK)
			walk(st, s->body, true);
		else if (s->kind == DC_N_IF)
			split_if(st, s);
		else
			append(st, s);
	}
}

void dc_if_split(struct dc_cc *cc, uint32_t idx)
{
	struct dc_split st;
	struct dc_node *body = cc->clauses[idx].body;

	if (!has_if(body))
		return;
	memset(&st, 0, sizeof(st));
	st.cc = cc;
	st.tmpl = idx;
	st.cur = idx;
	walk(&st, body, true);
	flush(&st);
}
