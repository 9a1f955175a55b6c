// SPDX-License-Identifier: GPL-2.0
/*
 * dc_sem_cook.c - the order in which semantic analysis checks a clause,
 * as DTrace's dt_cook_clause() cooks it: the actions first, then the
 * predicate, so that a predicate may read a variable its own actions
 * create (`/self->count == 0/ { self->count++; }`); and if the actions
 * name a variable the predicate creates (`/x++ == 0/ { trace(x); }`),
 * the predicate first and then the actions.  Variables come into being
 * by their first assignment (or ++/--), in program order, as in DTrace;
 * a read of one that no earlier clause or statement created is DTrace's
 * D_VAR_UNDEF (dc_sem_var.c).
 *
 * Checking rewrites the tree (constant folding, compound assignments), so
 * a first try that has to be undone works on a copy of the clause.
 * Called by dc_sem_clause() for each clause.  Userland only.
 */
#include <stdlib.h>
#include <string.h>

#include "dc_impl.h"
#include "dc_sem.h"

/* A deep copy of tree @n (statement lists included), or NULL on OOM. */
static struct dc_node *dc_tree_clone(struct dc_cc *cc, const struct dc_node *n)
{
	struct dc_node *c;
	uint32_t i;

	if (!n)
		return NULL;
	c = dc_alloc(cc, sizeof(*c));
	if (!c)
		return NULL;
	*c = *n;
	c->l = dc_tree_clone(cc, n->l);
	c->r = dc_tree_clone(cc, n->r);
	/* a translator argument's x is not a node of the tree */
	c->x = n->kind == DC_N_XARG ? n->x : dc_tree_clone(cc, n->x);
	c->next = dc_tree_clone(cc, n->next);
	c->body = dc_tree_clone(cc, n->body);
	if (n->nargs) {
		c->args = dc_alloc(cc, n->nargs * sizeof(*c->args));
		if (!c->args)
			return NULL;
		for (i = 0; i < n->nargs; i++)
			c->args[i] = dc_tree_clone(cc, n->args[i]);
	}
	return c;
}

/* What a try changed outside the tree, to undo it. */
struct dc_cook_mark {
	unsigned int ndiags, nerrors;
	uint32_t nvars, naggs;
};

static void dc_cook_mark(struct dc_cc *cc, struct dc_cook_mark *m)
{
	m->ndiags = dc_ndiags(cc->dc);
	m->nerrors = cc->nerrors;
	m->nvars = cc->nvars;
	m->naggs = cc->prog->naggs;
}

static void dc_cook_undo(struct dc_cc *cc, const struct dc_cook_mark *m)
{
	struct sonde_program *p = cc->prog;

	dc_diags_truncate(cc->dc, m->ndiags);
	cc->nerrors = m->nerrors;
	cc->nvars = m->nvars;
	while (p->naggs > m->naggs) {
		p->naggs--;
		free(p->aggs[p->naggs].name);
		free(p->aggs[p->naggs].keys);
		sonde_pagg_free_keynames(&p->aggs[p->naggs]);
		memset(&p->aggs[p->naggs], 0, sizeof(p->aggs[p->naggs]));
	}
}

/* Was the first error since @m one of a name not known yet? */
static bool dc_cook_undef(struct dc_cc *cc, const struct dc_cook_mark *m)
{
	const struct dc_diag *d = dc_diag_get(cc->dc, m->ndiags);

	return d && (!strcmp(d->tag, "D_IDENT_UNDEF") ||
		     !strcmp(d->tag, "D_VAR_UNDEF"));
}

static void dc_cook_pred(struct dc_cc *cc, struct dc_clause_ast *c)
{
	cc->in_pred = true;
	if (dc_sem_expr(cc, c->pred) && c->pred->type.kind != DC_T_INT)
		dc_error(cc, "D_PRED_SCALAR", c->pred->line, c->pred->col,
			 "predicate result must be of scalar type");
	cc->in_pred = false;
}

static void dc_cook_acts(struct dc_cc *cc, struct dc_clause_ast *c)
{
	struct dc_node *s;

	cc->spec_state = 0;
	for (s = c->body; s; s = s->next)
		dc_sem_stmt(cc, s);
}

bool dc_sem_clause_cook(struct dc_cc *cc, struct dc_clause_ast *c)
{
	unsigned int before = cc->nerrors;
	struct dc_node *pred0, *body0;
	struct dc_cook_mark m;

	if (!c->pred) {
		dc_cook_acts(cc, c);
		return cc->nerrors == before;
	}
	pred0 = dc_tree_clone(cc, c->pred);
	body0 = dc_tree_clone(cc, c->body);
	if (cc->oom)
		return false;
	dc_cook_mark(cc, &m);
	dc_cook_acts(cc, c);
	if (cc->nerrors != m.nerrors && dc_cook_undef(cc, &m)) {
		/* the actions name what the predicate may create */
		dc_cook_undo(cc, &m);
		c->pred = pred0;
		c->body = body0;
		dc_cook_pred(cc, c);
		if (cc->nerrors != before)
			return false;
		dc_cook_acts(cc, c);
		return cc->nerrors == before;
	}
	if (cc->nerrors != before)
		return false;
	dc_cook_pred(cc, c);
	return cc->nerrors == before;
}
