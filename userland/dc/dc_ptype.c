// SPDX-License-Identifier: GPL-2.0
/*
 * dc_ptype.c - what print() needs to know of a type: the tree of struct
 * sonde_ptnode (program.h) the consumer walks over the recorded bytes,
 * built here from the compilation's type table, in the order dtrace's
 * print() visits a type (ctf_type_visit(): a struct, then each member
 * and its own members, pointers not followed; an array, then its
 * element's type once).  Called by dc_cg.c for print(); userland only.
 */
#include <stdlib.h>
#include <string.h>

#include "dc_impl.h"

/* dtrace's print() shows 10 levels of nesting (DT_PRINT_DEPTH) */
#define DC_PT_DEPTH	10
/* and a tree of at most this many nodes is kept */
#define DC_PT_MAXNODES	65536

struct dc_ptb {
	struct dc_cc *cc;
	struct sonde_ptnode *v;
	uint32_t n, cap;
	bool failed;
};

static char *dc_pt_typename(struct dc_cc *cc, uint32_t tid)
{
	char buf[512];
	const char *anon;

	dc_ct_name(cc, tid, buf, sizeof(buf));
	/* an anonymous struct is CTF's "struct ", shown as "struct" */
	anon = strstr(buf, " (anon)");
	if (anon && !anon[7])
		buf[anon - buf] = 0;
	return strdup(buf);
}

/* Visit @tid (member @name at @bitoff of its parent, @bits wide when a
 * bit-field) at @depth: its node, then its members or element. */
static void dc_pt_visit(struct dc_ptb *b, const char *name, uint32_t tid,
			uint32_t bitoff, uint32_t bits, uint32_t depth)
{
	struct dc_cc *cc = b->cc;
	struct sonde_ptnode *nd;
	uint32_t r, self, i;
	const struct dc_ctype *t;

	if (b->failed)
		return;
	if (b->n == DC_PT_MAXNODES ||
	    !dc_grow(cc, (void **)&b->v, &b->cap, b->n + 1, sizeof(*b->v))) {
		b->failed = true;
		return;
	}
	self = b->n++;
	nd = &b->v[self];
	memset(nd, 0, sizeof(*nd));
	nd->name = name && name[0] ? strdup(name) : NULL;
	nd->type = dc_pt_typename(cc, tid);
	nd->bitoff = bitoff;
	dc_ct_complete(cc, &tid);
	r = dc_ct_resolve(cc, tid);
	nd->size = dc_ct_size(cc, r);
	/* after the calls that may import types (and move the table) */
	t = dc_ct(cc, r);
	if (!nd->type || (name && name[0] && !nd->name)) {
		b->failed = true;
		return;
	}
	switch (t->kind) {
	case DC_CT_INT:
		nd->kind = SONDE_PT_INT;
		nd->bits = bits ? bits : t->size * 8;
		if (!t->uns)
			nd->flags |= SONDE_PTF_SIGNED;
		if (t->name && !strcmp(t->name, "char"))
			nd->flags |= SONDE_PTF_CHAR;
		break;
	case DC_CT_ENUM:
		nd->kind = SONDE_PT_ENUM;
		nd->nvals = t->n;
		nd->vnames = calloc(t->n ? t->n : 1, sizeof(char *));
		nd->vals = calloc(t->n ? t->n : 1, sizeof(int64_t));
		if (!nd->vnames || !nd->vals) {
			b->failed = true;
			return;
		}
		for (i = 0; i < t->n; i++) {
			nd->vnames[i] = strdup(t->vals[i].name);
			nd->vals[i] = t->vals[i].val;
			if (!nd->vnames[i]) {
				b->failed = true;
				return;
			}
		}
		break;
	case DC_CT_PTR:
		nd->kind = SONDE_PT_PTR;
		break;
	case DC_CT_STRUCT:
	case DC_CT_UNION:
		nd->kind = SONDE_PT_SOU;
		if (depth + 1 > DC_PT_DEPTH)
			break;
		for (i = 0; i < dc_ct(cc, r)->n && !b->failed; i++) {
			const struct dc_cmember *m = &dc_ct(cc, r)->members[i];
			const char *mname = m->name;
			uint32_t moff = m->bitoff, mbits = m->bits;

			dc_pt_visit(b, mname, dc_ct_mtype(cc, r, i), moff, mbits,
				    depth + 1);
		}
		break;
	case DC_CT_ARRAY:
		nd->kind = SONDE_PT_ARRAY;
		nd->nelems = t->n;
		if (depth + 1 <= DC_PT_DEPTH)
			dc_pt_visit(b, NULL, dc_ct_ref(cc, r), 0, 0, depth + 1);
		break;
	default:
		nd->kind = SONDE_PT_OTHER;
		break;
	}
	if (!b->failed)
		b->v[self].span = b->n - self;
}

int dc_ptype_build(struct dc_cc *cc, uint32_t tid, struct sonde_ptnode **out,
		   uint32_t *n)
{
	struct dc_ptb b = { .cc = cc };

	dc_pt_visit(&b, NULL, tid, 0, 0, 0);
	if (b.failed) {
		sonde_ptype_free(b.v, b.n);
		if (b.n == DC_PT_MAXNODES)
			dc_error(cc, "D_PRINT_SIZE", 0, 0,
				 "print(): the type has more than %u members to show",
				 DC_PT_MAXNODES);
		else
			cc->oom = true;
		return -1;
	}
	*out = b.v;
	*n = b.n;
	return 0;
}
