// SPDX-License-Identifier: GPL-2.0
/*
 * program.c - a compiled program's life: the action table's names and
 * flags, the effective kernel options, serialisation into the image
 * SONDE_IOC_LOAD takes (and the verified image bound to the options and
 * enablings of the moment), and freeing.  Userland only, no state.
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

static const uint64_t sonde_kopt_least[SONDE_NKOPTS] = {
#define KOPT_MIN_(name, id, def, min, max) [id] = min,
	SONDE_KOPTS(KOPT_MIN_)
#undef KOPT_MIN_
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
		/* a user symbol: the pid and the address, a 16-byte
		 * object; a kernel one the address */
		if (sonde_dt_is_sym(*t) && t->size == 16)
			return SONDE_TYPE_BYTES(16);
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

/*
 * Each section of @p's image: sonde_put_<field>() returns how many
 * elements it has and, when @out is not NULL, writes them there (room for
 * that many, zeroed).  sonde_program_image() calls one for each row of
 * SONDE_SECTS by the row's name and element type, so a section without
 * its function, or with another element type, does not compile.
 */
static size_t sonde_put_opts(const struct sonde_program *p,
			     struct sonde_opt *out)
{
	uint32_t i;
	size_t n = 0;

	for (i = 0; i < SONDE_NKOPTS; i++) {
		if (!p->kopts[i].set)
			continue;
		if (out) {
			out[n].id = i;
			out[n].value = p->kopts[i].value;
			/* D's smaller sizes: the kernel's least */
			if (sonde_kopt_raised(i) &&
			    out[n].value < sonde_kopt_least[i])
				out[n].value = sonde_kopt_least[i];
		}
		n++;
	}
	return n;
}

/* The sections @p holds as the image does. */
#define SONDE_PUT_COPY_(field, type, count)				\
static size_t sonde_put_##field(const struct sonde_program *p,		\
				type *out)				\
{									\
	if (out)							\
		memcpy(out, p->field, p->count * sizeof(*out));		\
	return p->count;						\
}
SONDE_PUT_COPY_(ecbs, struct sonde_ecb, necbs)
SONDE_PUT_COPY_(insns, struct sonde_insn, ninsns)
SONDE_PUT_COPY_(consts, __u64, nconsts)
SONDE_PUT_COPY_(strtab, char, strtab_len)
#undef SONDE_PUT_COPY_

/* A clause's actions are its run of the ACTS section (sonde_put_acts()). */
static size_t sonde_put_clauses(const struct sonde_program *p,
				struct sonde_clause *out)
{
	uint32_t i, na = 0;

	for (i = 0; out && i < p->nclauses; i++) {
		const struct sonde_pclause *c = &p->clauses[i];
		uint32_t n = sonde_clause_nacts(c);

		out[i].acts_off = n ? na : 0;
		out[i].nacts = n;
		na += n;
		out[i].pred_off = c->pred_len ? c->pred_off : 0;
		out[i].pred_len = c->pred_len;
		out[i].act_off = c->act_off;
		out[i].act_len = c->act_len;
		out[i].rec_size = c->rec_size;
		out[i].flags = c->flags;
	}
	return p->nclauses;
}

/* Each clause's actions in clause order: their first instructions. */
static size_t sonde_put_acts(const struct sonde_program *p, __u32 *out)
{
	uint32_t i, j;
	size_t n = 0;

	for (i = 0; i < p->nclauses; i++) {
		const struct sonde_pclause *c = &p->clauses[i];

		for (j = 0; j < c->nacts; j++) {
			if (!c->acts[j].pc_len)
				continue;
			if (out)
				out[n] = c->acts[j].pc_off;
			n++;
		}
	}
	return n;
}

/*
 * The KEYS section holds the key types of every aggregation, then of
 * every variable, each descriptor's run at its keys_off.
 */
static size_t sonde_put_keys(const struct sonde_program *p, __u32 *out)
{
	uint32_t i, j;
	size_t n = 0;

	for (i = 0; i < p->naggs; i++)
		for (j = 0; j < p->aggs[i].desc.nkeys; j++, n++)
			if (out)
				out[n] = sonde_keytype(&p->aggs[i].keys[j]);
	for (i = 0; i < p->nvars; i++)
		for (j = 0; j < p->vars[i].desc.nkeys; j++, n++)
			if (out)
				out[n] = sonde_keytype(&p->vars[i].keys[j]);
	return n;
}

static size_t sonde_put_aggs(const struct sonde_program *p,
			     struct sonde_agg_desc *out)
{
	uint32_t i, k = 0;

	for (i = 0; out && i < p->naggs; i++) {
		out[i] = p->aggs[i].desc;
		out[i].keys_off = out[i].nkeys ? k : 0;
		k += out[i].nkeys;
	}
	return p->naggs;
}

static size_t sonde_put_vars(const struct sonde_program *p,
			     struct sonde_var_desc *out)
{
	uint32_t i, k = 0;

	if (!out)
		return p->nvars;
	for (i = 0; i < p->naggs; i++)
		k += p->aggs[i].desc.nkeys;
	for (i = 0; i < p->nvars; i++) {
		out[i] = p->vars[i].desc;
		out[i].keys_off = out[i].nkeys ? k : 0;
		k += out[i].nkeys;
	}
	return p->nvars;
}

/*
 * The sections that change after the compiler verified the image: the
 * options (bufresize lowers sizes, the destructive option is the loader's
 * to check) and the enablings (probes are resolved after compiling).
 * sonde_program_image_bind() makes these from the program again and
 * copies the others from the verified image.
 */
static bool sonde_sect_bound(uint32_t id)
{
	return id == SONDE_SECT_OPTS || id == SONDE_SECT_ECBS;
}

/*
 * @p's image, each section from @p, or, with @from (an image this
 * library built), every section but the bound ones copied from @from.
 */
static int sonde_image_build(const struct sonde_program *p,
			     const struct sonde_prog_hdr *from, void **image,
			     size_t *size)
{
	size_t off[SONDE_NSECTS], count[SONDE_NSECTS];
	size_t total = sizeof(struct sonde_prog_hdr);
	struct sonde_prog_hdr *h;
	uint8_t *buf;
	uint32_t i;

	/* the sections in id order (the rows' order), each 8-byte aligned */
#define SECT_SIZE_(NAME, id, type, field, max, what)			\
	count[id] = from && !sonde_sect_bound(id) ?			\
		    from->sects[id].count : sonde_put_##field(p, NULL);	\
	off[id] = count[id] ? total : 0;				\
	total = sonde_align8(total + count[id] * sizeof(type));
	SONDE_SECTS(SECT_SIZE_)
#undef SECT_SIZE_
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
#define SECT_PUT_(NAME, id, type, field, max, what)			\
	if (count[id] && from && !sonde_sect_bound(id))			\
		memcpy(buf + off[id],					\
		       (const uint8_t *)from + from->sects[id].off,	\
		       count[id] * sizeof(type));			\
	else if (count[id])						\
		sonde_put_##field(p, (type *)(buf + off[id]));
	SONDE_SECTS(SECT_PUT_)
#undef SECT_PUT_
	*image = buf;
	*size = total;
	return 0;
}

int sonde_program_image(const struct sonde_program *p, void **image,
			size_t *size)
{
	return sonde_image_build(p, NULL, image, size);
}

int sonde_program_image_bind(const struct sonde_program *p, void **image,
			     size_t *size)
{
	if (!p->image || p->image_size < sizeof(struct sonde_prog_hdr))
		return -EINVAL;
	return sonde_image_build(p, p->image, image, size);
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
		sonde_pagg_free_keynames(&p->aggs[i]);
	}
	free(p->aggs);
	for (i = 0; i < p->nvars; i++) {
		free(p->vars[i].name);
		free(p->vars[i].keys);
	}
	free(p->vars);
	free(p->ecbs);
	free(p->ecb_probe);
	free(p->image);
	free(p);
}
