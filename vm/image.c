// SPDX-License-Identifier: GPL-2.0
/*
 * image.c - verification of a whole program image (uapi/sonde.h): the
 * header, every section's bounds, options, enablings, clauses,
 * aggregation descriptors, and every program through verify.c.  The same
 * code runs in the compiler (so users see errors before anything reaches
 * the kernel) and in the kernel on every LOAD (which trusts nobody).
 *
 * Errors: -EINVAL malformed, -E2BIG over a limit, -EACCES not allowed;
 * each with one line in the log.  Process context; never allocates.
 */
#include "vm_impl.h"

struct sonde_sectinfo {
	const char *name;
	u32 elem;	/* element size in bytes */
	u32 max;	/* maximum count */
};

static const struct sonde_sectinfo sonde_sects[SONDE_NSECTS] = {
#define SECT_INFO_(NAME, id, type, field, max, what)			\
	[id] = { what, sizeof(type), max },
	SONDE_SECTS(SECT_INFO_)
#undef SECT_INFO_
};

/*
 * The rows of SONDE_SECTS in id order from 0, without a gap or a
 * duplicate: each row's id is its position.  So SONDE_NSECTS (the
 * number of rows) sizes struct sonde_prog_hdr's array exactly, and
 * libsonde lays the sections out in id order.
 */
#define SECT_POS_(NAME, id, type, field, max, what) sonde_sect_pos_##NAME,
enum { SONDE_SECTS(SECT_POS_) };
#undef SECT_POS_
#define SECT_CHECK_(NAME, id, type, field, max, what)			\
	_Static_assert(sonde_sect_pos_##NAME == (id),			\
		       "SONDE_SECTS: " #NAME "'s id is not its row");
SONDE_SECTS(SECT_CHECK_)
#undef SECT_CHECK_

struct sonde_koptinfo {
	const char *name;
	u64 def, min, max;
};

static const struct sonde_koptinfo sonde_kopts[SONDE_NKOPTS] = {
#define KOPT_INFO_(name, id, def, min, max) [id] = { #name, def, min, max },
	SONDE_KOPTS(KOPT_INFO_)
#undef KOPT_INFO_
};

#define ALIGN_8(x)	(((x) + 7) & ~7u)
/* Bytes of global or clause-local scalars, each. */
#define SONDE_MAX_STATIC	(1u << 20)

#define ireject(log, err, fmt, ...)					\
	({								\
		sonde_vlog(log, fmt "\n", ##__VA_ARGS__);		\
		(err);							\
	})

static bool sonde_allzero(const void *p, u32 n)
{
	const u8 *b = p;

	while (n--)
		if (*b++)
			return false;
	return true;
}

static int sonde_image_sects(const void *image, u32 size,
			     struct sonde_image *img, struct sonde_vlog *log)
{
	const struct sonde_prog_hdr *h = image;
	const u8 *base = image;
	const void *at[SONDE_NSECTS];
	u32 i;

	for (i = 0; i < SONDE_NSECTS; i++) {
		const struct sonde_sectinfo *si = &sonde_sects[i];
		u32 off = h->sects[i].off, count = h->sects[i].count;

		if (count > si->max)
			return ireject(log, -E2BIG,
				       "%s: %u entries, at most %u allowed",
				       si->name, count, si->max);
		if (!count) {
			if (off)
				return ireject(log, -EINVAL,
					       "%s: empty section with a non-zero offset",
					       si->name);
			at[i] = NULL;
			continue;
		}
		if (off % 8)
			return ireject(log, -EINVAL,
				       "%s: offset %u is not 8-byte aligned",
				       si->name, off);
		if (off < sizeof(*h) || off > size ||
		    (u64)count * si->elem > size - off)
			return ireject(log, -EINVAL,
				       "%s: %u entries at offset %u run past the end of the %u-byte image (truncated)",
				       si->name, count, off, size);
		at[i] = base + off;
	}
#define SECT_UNPACK_(NAME, id, type, field, max, what)			\
	img->field = at[id];						\
	img->n##field = h->sects[id].count;
	SONDE_SECTS(SECT_UNPACK_)
#undef SECT_UNPACK_
	return 0;
}

static int sonde_image_opts(struct sonde_image *img, struct sonde_vlog *log)
{
	u32 seen = 0, i;

	for (i = 0; i < SONDE_NKOPTS; i++)
		img->opt[i] = sonde_kopts[i].def;
	for (i = 0; i < img->nopts; i++) {
		const struct sonde_opt *o = &img->opts[i];
		const struct sonde_koptinfo *ki;

		if (o->id >= SONDE_NKOPTS)
			return ireject(log, -EINVAL, "option %u: unknown id %u",
				       i, o->id);
		ki = &sonde_kopts[o->id];
		if (o->reserved)
			return ireject(log, -EINVAL,
				       "option %s: reserved field must be zero",
				       ki->name);
		if (seen & (1u << o->id))
			return ireject(log, -EINVAL, "option %s: given twice",
				       ki->name);
		seen |= 1u << o->id;
		if (o->value < ki->min || o->value > ki->max)
			return ireject(log, o->value > ki->max ? -E2BIG : -EINVAL,
				       "option %s: %llu is outside [%llu, %llu]",
				       ki->name, (unsigned long long)o->value,
				       (unsigned long long)ki->min,
				       (unsigned long long)ki->max);
		img->opt[o->id] = o->value;
	}
	/*
	 * Buffer sizes are used in whole 8-byte words: records and
	 * aggregation entries are multiples of 8, and the bucket array at
	 * the end of an aggregation area must stay aligned.
	 */
	img->opt[SONDE_OPT_bufsize] &= ~7ULL;
	img->opt[SONDE_OPT_aggsize] &= ~7ULL;
	img->opt[SONDE_OPT_dynvarsize] &= ~7ULL;
	img->opt[SONDE_OPT_specsize] &= ~7ULL;
	img->strsize = (u32)img->opt[SONDE_OPT_strsize];
	return 0;
}

/* Bytes of one key component of (verified) type @t. */
u32 sonde_keytype_size(const struct sonde_image *img, u32 t)
{
	switch (SONDE_KEY_KIND(t)) {
	case SONDE_T_STR:
		return img->strsize;
	case SONDE_T_KSTACK:
	case SONDE_T_USTACK:
		return SONDE_KEY_FRAMES(t) * sizeof(u64);
	case SONDE_T_JSTACK:
		return SONDE_JSTACK_SIZE(SONDE_KEY_FRAMES(t),
					 SONDE_KEY_JSTRSIZE(t));
	case SONDE_T_BYTES:
		return SONDE_TYPE_SIZE(t);
	default:
		return sizeof(u64);
	}
}

u32 sonde_key_size(const struct sonde_image *img, u32 keys_off, u32 nkeys)
{
	u32 k, size = 0;

	for (k = 0; k < nkeys; k++)
		size += sonde_keytype_size(img, img->keys[keys_off + k]);
	return size;
}

u32 sonde_agg_key_size(const struct sonde_image *img, u32 aggid)
{
	const struct sonde_agg_desc *ad = &img->aggs[aggid];

	return sonde_key_size(img, ad->keys_off, ad->nkeys);
}

u32 sonde_var_val_size(const struct sonde_image *img, u32 type)
{
	if (type == SONDE_T_STR)
		return img->strsize;
	if (SONDE_TYPE_KIND(type) == SONDE_T_BYTES)
		return SONDE_TYPE_SIZE(type);
	return sizeof(u64);
}

static u32 sonde_var_size(const struct sonde_image *img,
			  const struct sonde_var_desc *v)
{
	return ALIGN_8(sonde_var_val_size(img, v->type));
}

void sonde_vars_layout(const struct sonde_image *img, u32 *off)
{
	u32 i, g = 0, l = 0;

	for (i = 0; i < img->nvars; i++) {
		const struct sonde_var_desc *v = &img->vars[i];

		off[i] = 0;
		if (v->nkeys || v->scope == SONDE_VAR_TLS)
			continue;
		if (v->scope == SONDE_VAR_GLOBAL) {
			off[i] = g;
			g += sonde_var_size(img, v);
		} else {
			off[i] = l;
			l += sonde_var_size(img, v);
		}
	}
}

static int sonde_image_vars(struct sonde_image *img, struct sonde_vlog *log)
{
	u64 g = 0, l = 0;
	u32 i, k;

	for (i = 0; i < img->nvars; i++) {
		const struct sonde_var_desc *v = &img->vars[i];

		if (v->scope > SONDE_VAR_TLS ||
		    (v->type != SONDE_T_INT && v->type != SONDE_T_STR &&
		     v->type != SONDE_T_BUF &&
		     SONDE_TYPE_KIND(v->type) != SONDE_T_BYTES))
			return ireject(log, -EINVAL,
				       "variable %u: unknown scope %u or type %u",
				       i, v->scope, v->type);
		if (SONDE_TYPE_KIND(v->type) == SONDE_T_BYTES &&
		    (!SONDE_TYPE_SIZE(v->type) ||
		     SONDE_TYPE_SIZE(v->type) > SONDE_MAX_BYREF))
			return ireject(log, -E2BIG,
				       "variable %u: %u bytes, 1 to %u allowed", i,
				       SONDE_TYPE_SIZE(v->type), SONDE_MAX_BYREF);
		if (SONDE_TYPE_KIND(v->type) == SONDE_T_BYTES &&
		    SONDE_TYPE_SIZE(v->type) > img->max_var_size)
			img->max_var_size = SONDE_TYPE_SIZE(v->type);
		/* a buffer lives in the firing's scratch: only a clause-local
		 * scalar may hold one (the VM checks every use) */
		if (v->type == SONDE_T_BUF &&
		    (v->scope != SONDE_VAR_LOCAL || v->nkeys))
			return ireject(log, -EINVAL,
				       "variable %u: only a clause-local scalar may hold a buffer",
				       i);
		if (v->nkeys > SONDE_MAX_AGG_KEYS)
			return ireject(log, -E2BIG,
				       "variable %u: %u keys, at most %u allowed",
				       i, v->nkeys, SONDE_MAX_AGG_KEYS);
		if (v->nkeys && v->scope == SONDE_VAR_LOCAL)
			return ireject(log, -EINVAL,
				       "variable %u: clause-local arrays are not allowed",
				       i);
		if ((u64)v->keys_off + v->nkeys > img->nkeys ||
		    (!v->nkeys && v->keys_off))
			return ireject(log, -EINVAL,
				       "variable %u: key types %u..%u out of range",
				       i, v->keys_off, v->keys_off + v->nkeys);
		k = sonde_key_size(img, v->keys_off, v->nkeys);
		if (k > img->max_key_size)
			img->max_key_size = k;
		if (v->nkeys || v->scope == SONDE_VAR_TLS)
			continue;
		if (v->scope == SONDE_VAR_GLOBAL)
			g += sonde_var_size(img, v);
		else
			l += sonde_var_size(img, v);
	}
	if (g > SONDE_MAX_STATIC || l > SONDE_MAX_STATIC)
		return ireject(log, -E2BIG,
			       "variables need %llu bytes of global and %llu of clause-local storage, at most %u each",
			       (unsigned long long)g, (unsigned long long)l,
			       SONDE_MAX_STATIC);
	img->global_size = (u32)g;
	img->local_size = (u32)l;
	return 0;
}

static int sonde_image_aggs(struct sonde_image *img, struct sonde_vlog *log)
{
	u32 i, k;

	img->max_key_size = 0;
	for (i = 0; i < img->nkeys; i++) {
		u32 t = img->keys[i], kind = SONDE_KEY_KIND(t);
		bool stack = kind == SONDE_T_KSTACK || kind == SONDE_T_USTACK;
		bool jstack = kind == SONDE_T_JSTACK;
		u32 js = SONDE_KEY_JSTRSIZE(t);

		if (jstack && (!SONDE_KEY_FRAMES(t) || js < 8 ||
			       js > SONDE_JSTACK_MAXSTR || (t >> 28)))
			return ireject(log, -EINVAL,
				       "key type %u: jstack of %u frames and %u bytes of names",
				       i, SONDE_KEY_FRAMES(t), js);
		if (jstack)
			continue;
		if (kind == SONDE_T_BYTES) {
			if (!SONDE_TYPE_SIZE(t) ||
			    SONDE_TYPE_SIZE(t) > SONDE_MAX_BYREF)
				return ireject(log, -EINVAL,
					       "key type %u: a struct of %u bytes: 1 to %u allowed",
					       i, SONDE_TYPE_SIZE(t),
					       SONDE_MAX_BYREF);
			continue;
		}
		if ((kind != SONDE_T_INT && kind != SONDE_T_STR && !stack) ||
		    (stack ? !SONDE_KEY_FRAMES(t) : t != kind) ||
		    (t >> 16))
			return ireject(log, -EINVAL,
				       "key type %u: unknown type 0x%x", i, t);
		if (kind == SONDE_T_KSTACK &&
		    (img->vflags & SONDE_VERIFY_CONFIDENTIAL))
			return ireject(log, -EPERM,
				       "key type %u: a kernel stack is kernel addresses: refused under kernel lockdown (confidentiality)",
				       i);
	}
	for (i = 0; i < img->naggs; i++) {
		const struct sonde_agg_desc *ad = &img->aggs[i];
		const s64 *p = ad->params;

		if (!sonde_aggfn_name(ad->fn))
			return ireject(log, -EINVAL,
				       "aggregation %u: unknown function %u",
				       i, ad->fn);
		if (ad->nkeys > SONDE_MAX_AGG_KEYS)
			return ireject(log, -E2BIG,
				       "aggregation %u: %u keys, at most %u allowed",
				       i, ad->nkeys, SONDE_MAX_AGG_KEYS);
		if ((u64)ad->keys_off + ad->nkeys > img->nkeys)
			return ireject(log, -EINVAL,
				       "aggregation %u: key types %u..%u out of range",
				       i, ad->keys_off,
				       ad->keys_off + ad->nkeys);
		if (ad->flags & ~SONDE_AGGF_INCR)
			return ireject(log, -EINVAL,
				       "aggregation %u: unknown flags 0x%x", i,
				       ad->flags);
		/* count() has no value register, so no increment in the
		 * register after it either (the interpreter would read
		 * r[rt + 1] past the verifier's range check) */
		if ((ad->flags & SONDE_AGGF_INCR) && ad->fn == SONDE_AGG_count)
			return ireject(log, -EINVAL,
				       "aggregation %u: count() takes no increment",
				       i);
		switch (ad->fn) {
		case SONDE_AGG_lquantize:
			if (p[2] <= 0 || p[0] >= p[1] ||
			    p[0] < -0x80000000LL || p[1] > 0x7fffffffLL ||
			    (p[1] - p[0]) / p[2] < 1 ||
			    (p[1] - p[0]) / p[2] > 65535 || p[3])
				return ireject(log, -EINVAL,
					       "aggregation %u: invalid lquantize() parameters",
					       i);
			break;
		case SONDE_AGG_llquantize: {
			int rule = sonde_llquantize_check(p);
			u32 n;

			if (rule == SONDE_LLQ_MAGTOOBIG)
				return ireject(log, -E2BIG,
					       "aggregation %u: llquantize() %s",
					       i, sonde_llquantize_rule_what(rule));
			if (rule != SONDE_LLQ_OK)
				return ireject(log, -EINVAL,
					       "aggregation %u: invalid llquantize() parameters: %s",
					       i, sonde_llquantize_rule_what(rule));
			n = sonde_llquantize_nbuckets(ad);
			if (n > SONDE_LLQ_MAX_BUCKETS)
				return ireject(log, -E2BIG,
					       "aggregation %u: llquantize() has %u buckets, at most %u allowed",
					       i, n, SONDE_LLQ_MAX_BUCKETS);
			break;
		}
		default:
			for (k = 0; k < 4; k++)
				if (p[k])
					return ireject(log, -EINVAL,
						       "aggregation %u: %s() takes no parameters",
						       i, sonde_aggfn_name(ad->fn));
		}
		k = sonde_agg_key_size(img, i);
		if (k > img->max_key_size)
			img->max_key_size = k;
	}
	return 0;
}

/* 1 + the first instruction of [@off, @off + @len) calling @subr, or 0. */
static u32 sonde_prog_calls(const struct sonde_image *img, u32 off, u32 len,
			    u32 subr)
{
	u32 pc;

	for (pc = 0; pc < len; pc++)
		if (img->insns[off + pc].op == SONDE_OP_CALL &&
		    img->insns[off + pc].imm == (s32)subr)
			return pc + 1;
	return 0;
}

/* Clause @i: its flags, actions, ranges, record and both programs. */
static int sonde_image_clause(struct sonde_image *img, u32 i,
			      struct sonde_vlog *log)
{
	const struct sonde_clause *c = &img->clauses[i];
	char what[48];
	u32 k;
	int err;

	if (c->flags & ~(SONDE_CLAUSEF_RECORD | SONDE_CLAUSEF_DESTRUCTIVE))
		return ireject(log, -EINVAL,
			       "clause %u: reserved flags must be zero", i);
	if ((c->flags & SONDE_CLAUSEF_DESTRUCTIVE) &&
	    !img->opt[SONDE_OPT_destructive])
		return ireject(log, -EACCES,
			       "clause %u: destructive actions are not allowed (the destructive option is off)",
			       i);
	if ((u64)c->acts_off + c->nacts > img->nacts ||
	    (!c->nacts && c->acts_off))
		return ireject(log, -EINVAL,
			       "clause %u: actions %u..%u out of range",
			       i, c->acts_off, c->acts_off + c->nacts);
	for (k = 0; k < c->nacts; k++) {
		u32 a = img->acts[c->acts_off + k];

		if (a >= c->act_len ||
		    (k && a <= img->acts[c->acts_off + k - 1]))
			return ireject(log, -EINVAL,
				       "clause %u: action %u starts at %u: outside the actions or out of order",
				       i, k + 1, a);
	}
	if ((u64)c->pred_off + c->pred_len > img->ninsns ||
	    (u64)c->act_off + c->act_len > img->ninsns)
		return ireject(log, -EINVAL,
			       "clause %u: instruction range outside the %u instructions",
			       i, img->ninsns);
	if (c->rec_size > SONDE_MAX_RECSIZE)
		return ireject(log, -E2BIG,
			       "clause %u: record of %u bytes, at most %u allowed",
			       i, c->rec_size, SONDE_MAX_RECSIZE);
	if (c->rec_size % 8)
		return ireject(log, -EINVAL,
			       "clause %u: record size %u is not a multiple of 8",
			       i, c->rec_size);
	if (c->pred_len) {
		snprintf(what, sizeof(what), "clause %u predicate", i);
		err = sonde_verify_prog(img, c->pred_off, c->pred_len, true, 0,
					what, log);
		if (err) {
			sonde_vlog_at(log, SONDE_VLOG_AT_PRED, 0, 0);
			return err;
		}
	} else if (c->pred_off) {
		return ireject(log, -EINVAL,
			       "clause %u: no predicate but a non-zero predicate offset",
			       i);
	}
	snprintf(what, sizeof(what), "clause %u actions", i);
	err = sonde_verify_prog(img, c->act_off, c->act_len, false,
				c->rec_size, what, log);
	if (err)
		return err;
	/*
	 * commit() appends the speculation's records to the principal
	 * buffer where the clause's own record, reserved but not yet
	 * committed, lies; committing that record afterwards would advance
	 * the buffer's offset over bytes commit() wrote, past its end
	 * (DTrace: D_COMM_DREC, D_DREC_COMM).
	 */
	if ((c->rec_size || (c->flags & SONDE_CLAUSEF_RECORD)) &&
	    (k = sonde_prog_calls(img, c->act_off, c->act_len,
				  SONDE_SUBR_commit))) {
		sonde_vlog_at(log, SONDE_VLOG_AT_INSN, 0, k - 1);
		return ireject(log, -EACCES,
			       "clause %u actions: insn %u: commit() in a clause that records data",
			       i, k - 1);
	}
	if (c->rec_size > img->max_rec_size)
		img->max_rec_size = c->rec_size;
	return 0;
}

static int sonde_image_clauses(struct sonde_image *img,
			       struct sonde_vlog *log)
{
	u32 i;
	int err;

	img->max_rec_size = 0;
	for (i = 0; i < img->nclauses; i++) {
		err = sonde_image_clause(img, i, log);
		if (err) {
			/* each rejection of sonde_image_clause() is of clause
			 * i: its place, with the instruction verify.c gave */
			sonde_vlog_at(log, SONDE_VLOG_AT_CLAUSE, i, 0);
			return err;
		}
	}
	return 0;
}

/* The key area and the search table (img->scratch_base), then strings
 * and room for a few copies of the largest struct variable (a member
 * store loads, writes and stores one) (here, not in interp.c: the
 * compiler's verifier costs programs with it, without the interpreter). */
u32 sonde_vm_scratch_size(const struct sonde_image *img)
{
	u32 strings = 16 * ALIGN_8(img->strsize);

	if (strings < 16384)
		strings = 16384;
	/* the scratchsize option asks for more (or less) */
	if (img->opt[SONDE_OPT_scratchsize])
		strings = ALIGN_8((u32)img->opt[SONDE_OPT_scratchsize]);
	return img->scratch_base + strings + 4 * ALIGN_8(img->max_var_size);
}

int sonde_image_verify(const void *image, u32 size, struct sonde_image *img,
		       struct sonde_vlog *log)
{
	return sonde_image_verify_flags(image, size, img, 0, log);
}

int sonde_image_verify_flags(const void *image, u32 size,
			     struct sonde_image *img, u32 flags,
			     struct sonde_vlog *log)
{
	const struct sonde_prog_hdr *h = image;
	u32 i;
	int err;

	memset(img, 0, sizeof(*img));
	img->vflags = flags;
	if (size > SONDE_MAX_PROG_SIZE)
		return ireject(log, -E2BIG,
			       "image of %u bytes, at most %u allowed", size,
			       SONDE_MAX_PROG_SIZE);
	if (!image || size < sizeof(*h) || ((unsigned long)image & 7))
		return ireject(log, -EINVAL,
			       "image of %u bytes is smaller than its header",
			       size);
	if (h->magic != SONDE_PROG_MAGIC)
		return ireject(log, -EINVAL, "bad magic 0x%08x", h->magic);
	if (h->abi_version != SONDE_ABI_VERSION)
		return ireject(log, -EINVAL,
			       "image is for ABI version %u, this is version %u",
			       h->abi_version, SONDE_ABI_VERSION);
	if (h->hdr_size != sizeof(*h))
		return ireject(log, -EINVAL, "header size %u, expected %u",
			       h->hdr_size, (u32)sizeof(*h));
	if (h->flags || !sonde_allzero(h->reserved, sizeof(h->reserved)))
		return ireject(log, -EINVAL,
			       "header: reserved fields must be zero");
	img->hdr = h;
	img->size = size;

	err = sonde_image_sects(image, size, img, log);
	if (!err)
		err = sonde_image_opts(img, log);
	if (err)
		return err;
	if (img->nstrtab && img->strtab[img->nstrtab - 1])
		return ireject(log, -EINVAL,
			       "string table does not end with a NUL");
	for (i = 0; i < img->necbs; i++) {
		if (!img->ecbs[i].probe_id ||
		    img->ecbs[i].clause >= img->nclauses)
			return ireject(log, -EINVAL,
				       "enabling %u: probe %u clause %u out of range",
				       i, img->ecbs[i].probe_id,
				       img->ecbs[i].clause);
	}
	err = sonde_image_aggs(img, log);
	if (!err)
		err = sonde_image_vars(img, log);
	if (!err)
		err = sonde_image_clauses(img, log);
	if (err)
		return err;
	/* the scratch layout (vm.h): keys, a search table if needed */
	img->scratch_base = ALIGN_8(img->max_key_size);
	for (i = 0; i < img->nclauses; i++) {
		const struct sonde_clause *c = &img->clauses[i];

		if (sonde_prog_calls(img, c->pred_off, c->pred_len,
				     SONDE_SUBR_index) ||
		    sonde_prog_calls(img, c->pred_off, c->pred_len,
				     SONDE_SUBR_rindex) ||
		    sonde_prog_calls(img, c->pred_off, c->pred_len,
				     SONDE_SUBR_strstr) ||
		    sonde_prog_calls(img, c->act_off, c->act_len,
				     SONDE_SUBR_index) ||
		    sonde_prog_calls(img, c->act_off, c->act_len,
				     SONDE_SUBR_rindex) ||
		    sonde_prog_calls(img, c->act_off, c->act_len,
				     SONDE_SUBR_strstr)) {
			img->scratch_base += ALIGN_8(img->strsize * sizeof(u16));
			break;
		}
	}
	return 0;
}
