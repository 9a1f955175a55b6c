// SPDX-License-Identifier: GPL-2.0
/*
 * program.c - a compiled program's life: the action table's names and
 * flags, the effective kernel options, serialisation into the image
 * SONDE_IOC_LOAD takes, and freeing.  Userland only, no state.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "program.h"

static const uint64_t sonde_kopt_defaults[SONDE_NKOPTS] = {
#define KOPT_DEF_(name, id, def, min, max) [id] = def,
	SONDE_KOPTS(KOPT_DEF_)
#undef KOPT_DEF_
};

static const struct {
	const char *name;
	uint32_t flags;
} sonde_actions[] = {
#define SONDE_A_ROW_(name, code, str, flags) [code] = { str, flags },
	SONDE_ACTIONS(SONDE_A_ROW_)
#undef SONDE_A_ROW_
};
#define SONDE_NACTROWS	(sizeof(sonde_actions) / sizeof(sonde_actions[0]))

const char *sonde_action_name(uint32_t kind)
{
	if (kind < SONDE_NACTROWS && sonde_actions[kind].name)
		return sonde_actions[kind].name;
	return "?";
}

uint32_t sonde_action_flags(uint32_t kind)
{
	return kind < SONDE_NACTROWS ? sonde_actions[kind].flags : 0;
}

uint32_t sonde_action_lookup(const char *name)
{
	uint32_t k;

	for (k = 1; k < SONDE_NACTROWS; k++)
		if (sonde_actions[k].name && !strcmp(sonde_actions[k].name, name))
			return k;
	return 0;
}

void sonde_ptype_free(struct sonde_ptnode *v, uint32_t n)
{
	uint32_t i, k;

	for (i = 0; v && i < n; i++) {
		free(v[i].name);
		free(v[i].type);
		for (k = 0; k < v[i].nvals && v[i].vnames; k++)
			free(v[i].vnames[k]);
		free(v[i].vnames);
		free(v[i].vals);
	}
	free(v);
}

uint64_t sonde_program_kopt(const struct sonde_program *p, uint32_t id)
{
	if (id >= SONDE_NKOPTS)
		return 0;
	return p->kopts[id].set ? p->kopts[id].value : sonde_kopt_defaults[id];
}

/* Actions that have instructions (printa has none of its own). */
static uint32_t sonde_clause_nacts(const struct sonde_pclause *c)
{
	uint32_t j, n = 0;

	for (j = 0; j < c->nacts; j++)
		n += c->acts[j].pc_len != 0;
	return n;
}

/* The KEYS section's type of a key component of D type @t. */
static uint32_t sonde_keytype(const struct sonde_dtype *t)
{
	switch (t->kind) {
	case SONDE_DT_STR:
		return SONDE_T_STR;
	case SONDE_DT_KSTACK:
		return SONDE_KEY_STACK(SONDE_T_KSTACK, t->size / 8);
	case SONDE_DT_USTACK:
		return SONDE_KEY_STACK(SONDE_T_USTACK, t->size / 8);
	case SONDE_DT_BYTES:
		return SONDE_TYPE_BYTES(t->size);
	default:
		if (sonde_dt_is_jstack(*t))
			return SONDE_KEY_JSTACK(SONDE_DT_JFRAMES(t->kind),
						sonde_dt_jstrsize(*t));
		return SONDE_T_INT;
	}
}

static size_t sonde_align8(size_t n)
{
	return (n + 7) & ~(size_t)7;
}

int sonde_program_image(const struct sonde_program *p, void **image,
			size_t *size)
{
	size_t off[SONDE_NSECTS], len[SONDE_NSECTS], count[SONDE_NSECTS];
	struct sonde_prog_hdr *h;
	struct sonde_opt *opts;
	struct sonde_clause *cl;
	struct sonde_agg_desc *ad;
	struct sonde_var_desc *vd;
	uint32_t *keys;
	size_t total, nopts = 0, nkeys = 0, nacts = 0;
	uint32_t *acts, na;
	uint8_t *buf;
	uint32_t i, k;

	for (i = 0; i < SONDE_NKOPTS; i++)
		nopts += p->kopts[i].set;
	for (i = 0; i < p->naggs; i++)
		nkeys += p->aggs[i].desc.nkeys;
	for (i = 0; i < p->nvars; i++)
		nkeys += p->vars[i].desc.nkeys;
	for (i = 0; i < p->nclauses; i++)
		nacts += sonde_clause_nacts(&p->clauses[i]);

	count[SONDE_SECT_OPTS] = nopts;
	len[SONDE_SECT_OPTS] = nopts * sizeof(struct sonde_opt);
	count[SONDE_SECT_ECBS] = p->necbs;
	len[SONDE_SECT_ECBS] = p->necbs * sizeof(struct sonde_ecb);
	count[SONDE_SECT_CLAUSES] = p->nclauses;
	len[SONDE_SECT_CLAUSES] = p->nclauses * sizeof(struct sonde_clause);
	count[SONDE_SECT_INSNS] = p->ninsns;
	len[SONDE_SECT_INSNS] = p->ninsns * sizeof(struct sonde_insn);
	count[SONDE_SECT_CONSTS] = p->nconsts;
	len[SONDE_SECT_CONSTS] = p->nconsts * sizeof(uint64_t);
	count[SONDE_SECT_STRTAB] = p->strtab_len;
	len[SONDE_SECT_STRTAB] = p->strtab_len;
	count[SONDE_SECT_AGGS] = p->naggs;
	len[SONDE_SECT_AGGS] = p->naggs * sizeof(struct sonde_agg_desc);
	count[SONDE_SECT_KEYS] = nkeys;
	len[SONDE_SECT_KEYS] = nkeys * sizeof(uint32_t);
	count[SONDE_SECT_VARS] = p->nvars;
	len[SONDE_SECT_VARS] = p->nvars * sizeof(struct sonde_var_desc);
	count[SONDE_SECT_ACTS] = nacts;
	len[SONDE_SECT_ACTS] = nacts * sizeof(uint32_t);

	total = sizeof(*h);
	for (i = 0; i < SONDE_NSECTS; i++) {
		off[i] = count[i] ? total : 0;
		total = sonde_align8(total + len[i]);
	}
	if (total > UINT32_MAX)
		return -E2BIG;
	buf = calloc(1, total);
	if (!buf)
		return -ENOMEM;

	h = (struct sonde_prog_hdr *)buf;
	h->magic = SONDE_PROG_MAGIC;
	h->hdr_size = sizeof(*h);
	h->abi_version = SONDE_ABI_VERSION;
	for (i = 0; i < SONDE_NSECTS; i++) {
		h->sects[i].off = (uint32_t)off[i];
		h->sects[i].count = (uint32_t)count[i];
	}

	opts = (struct sonde_opt *)(buf + off[SONDE_SECT_OPTS]);
	for (i = 0, k = 0; i < SONDE_NKOPTS; i++) {
		if (!p->kopts[i].set)
			continue;
		opts[k].id = i;
		opts[k++].value = p->kopts[i].value;
	}
	if (p->necbs)
		memcpy(buf + off[SONDE_SECT_ECBS], p->ecbs,
		       len[SONDE_SECT_ECBS]);
	cl = (struct sonde_clause *)(buf + off[SONDE_SECT_CLAUSES]);
	acts = (uint32_t *)(buf + off[SONDE_SECT_ACTS]);
	for (i = 0, na = 0; i < p->nclauses; i++) {
		const struct sonde_pclause *c = &p->clauses[i];
		uint32_t j, n = sonde_clause_nacts(c);

		cl[i].acts_off = n ? na : 0;
		cl[i].nacts = n;
		for (j = 0; j < c->nacts; j++)
			if (c->acts[j].pc_len)
				acts[na++] = c->acts[j].pc_off;

		cl[i].pred_off = c->pred_len ? c->pred_off : 0;
		cl[i].pred_len = c->pred_len;
		cl[i].act_off = c->act_off;
		cl[i].act_len = c->act_len;
		cl[i].rec_size = c->rec_size;
		cl[i].flags = c->flags;
	}
	if (p->ninsns)
		memcpy(buf + off[SONDE_SECT_INSNS], p->insns,
		       len[SONDE_SECT_INSNS]);
	if (p->nconsts)
		memcpy(buf + off[SONDE_SECT_CONSTS], p->consts,
		       len[SONDE_SECT_CONSTS]);
	if (p->strtab_len)
		memcpy(buf + off[SONDE_SECT_STRTAB], p->strtab,
		       p->strtab_len);
	ad = (struct sonde_agg_desc *)(buf + off[SONDE_SECT_AGGS]);
	keys = (uint32_t *)(buf + off[SONDE_SECT_KEYS]);
	for (i = 0, k = 0; i < p->naggs; i++) {
		const struct sonde_pagg *a = &p->aggs[i];
		uint32_t j;

		ad[i] = a->desc;
		ad[i].keys_off = a->desc.nkeys ? k : 0;
		for (j = 0; j < a->desc.nkeys; j++)
			keys[k++] = sonde_keytype(&a->keys[j]);
	}
	vd = (struct sonde_var_desc *)(buf + off[SONDE_SECT_VARS]);
	for (i = 0; i < p->nvars; i++) {
		const struct sonde_pvar *v = &p->vars[i];
		uint32_t j;

		vd[i] = v->desc;
		vd[i].keys_off = v->desc.nkeys ? k : 0;
		for (j = 0; j < v->desc.nkeys; j++)
			keys[k++] = sonde_keytype(&v->keys[j]);
	}
	*image = buf;
	*size = total;
	return 0;
}

void sonde_program_free(struct sonde_program *p)
{
	uint32_t i, j;

	if (!p)
		return;
	for (i = 0; i < p->nclauses; i++) {
		struct sonde_pclause *c = &p->clauses[i];

		for (j = 0; j < c->ndescs; j++)
			free(c->descs[j].text);
		free(c->descs);
		free(c->fields);
		for (j = 0; j < c->nacts; j++) {
			free(c->acts[j].fmt);
			free(c->acts[j].aggids);
			sonde_ptype_free(c->acts[j].ptype, c->acts[j].nptype);
		}
		free(c->acts);
	}
	free(p->clauses);
	free(p->insns);
	free(p->insn_line);
	free(p->consts);
	free(p->strtab);
	for (i = 0; i < p->naggs; i++) {
		free(p->aggs[i].name);
		free(p->aggs[i].keys);
	}
	free(p->aggs);
	for (i = 0; i < p->nvars; i++) {
		free(p->vars[i].name);
		free(p->vars[i].keys);
	}
	free(p->vars);
	free(p->ecbs);
	free(p->ecb_probe);
	free(p);
}
