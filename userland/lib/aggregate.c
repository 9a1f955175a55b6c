// SPDX-License-Identifier: GPL-2.0
/*
 * aggregate.c - the userland aggregation table: per-CPU snapshot deltas
 * merged into one hash keyed by (aggregation id, key bytes), and DTrace's
 * print order (libdtrace dt_aggregate.c: dt_aggregate_varvalcmp and the
 * per-function value comparisons, ties broken by dt_aggregate_keycmp).
 * Consumer thread only.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "consume_impl.h"
#include "env.h"

uint32_t sonde_agg_keylen(const struct sonde_consumer *c, uint32_t aggid)
{
	const struct sonde_pagg *a = &c->prog->aggs[aggid];
	uint32_t i, n = 0;

	for (i = 0; i < a->desc.nkeys; i++)
		n += sonde_keyfield_size(c, a->keys[i]);
	return n;
}

static int sonde_aggtab_grow(struct sonde_aggtab *t)
{
	uint32_t n = t->nbuckets ? t->nbuckets * 2 : 256, i;
	struct sonde_aggent **b, *e, *next;

	b = calloc(n, sizeof(*b));
	if (!b)
		return -ENOMEM;
	for (i = 0; i < t->nbuckets; i++) {
		for (e = t->buckets[i]; e; e = next) {
			next = e->next;
			e->next = b[e->hash & (n - 1)];
			b[e->hash & (n - 1)] = e;
		}
	}
	free(t->buckets);
	t->buckets = b;
	t->nbuckets = n;
	return 0;
}

struct sonde_aggent *sonde_aggtab_get(struct sonde_consumer *c, uint32_t aggid,
				      const void *key, uint32_t keylen)
{
	struct sonde_aggtab *t = &c->aggs;
	const struct sonde_agg_desc *ad = &c->prog->aggs[aggid].desc;
	uint64_t h = sonde_hash_bytes(key, keylen, aggid);
	struct sonde_aggent *e;

	if (t->nbuckets) {
		for (e = t->buckets[h & (t->nbuckets - 1)]; e; e = e->next)
			if (e->hash == h && e->aggid == aggid &&
			    e->keylen == keylen &&
			    (!keylen || !memcmp(e->key, key, keylen)))
				return e;
	}
	if (t->count >= t->nbuckets && sonde_aggtab_grow(t))
		return NULL;
	e = calloc(1, sizeof(*e) + keylen);
	if (!e)
		return NULL;
	e->val = malloc(sonde_agg_val_size(ad));
	if (!e->val) {
		free(e);
		return NULL;
	}
	sonde_agg_init(ad, (s64 *)e->val);
	if (c->ncpus && c->prog->uopts.aggpercpu) {
		uint32_t n = sonde_agg_val_size(ad) / sizeof(int64_t), i;

		e->percpu = malloc((size_t)c->ncpus * n * sizeof(int64_t));
		if (!e->percpu) {
			free(e->val);
			free(e);
			return NULL;
		}
		for (i = 0; i < c->ncpus; i++)
			sonde_agg_init(ad, (s64 *)(e->percpu + (size_t)i * n));
	}
	e->aggid = aggid;
	e->keylen = keylen;
	e->hash = h;
	if (keylen)
		memcpy(e->key, key, keylen);
	e->next = t->buckets[h & (t->nbuckets - 1)];
	t->buckets[h & (t->nbuckets - 1)] = e;
	t->count++;
	sonde_jstack_seen(c, aggid, e->key);
	return e;
}

void sonde_aggtab_free(struct sonde_aggtab *t)
{
	struct sonde_aggent *e, *next;
	uint32_t i;

	for (i = 0; i < t->nbuckets; i++) {
		for (e = t->buckets[i]; e; e = next) {
			next = e->next;
			free(e->val);
			free(e->percpu);
			free(e);
		}
	}
	free(t->buckets);
	memset(t, 0, sizeof(*t));
}

/* Has aggregation @a a sym() (or mod(), usym() ...) key? */
static bool sonde_agg_symkeys(const struct sonde_pagg *a)
{
	uint32_t i;

	for (i = 0; i < a->desc.nkeys; i++)
		if (sonde_dt_is_sym(a->keys[i]))
			return true;
	return false;
}

/*
 * dt_aggregate_sym() and friends: the addresses of sym(), mod(), usym()
 * and umod() keys in @key (of aggregation @a) moved to what names them
 * (a function's start, a module's base), so one function is one key.
 * Under noresolve, user addresses stay as they are.
 */
static void sonde_symkeys_canon(struct sonde_consumer *c,
				const struct sonde_pagg *a, unsigned char *key)
{
	struct sonde_syms *s = NULL;
	uint32_t i, off = 0, act;
	uint64_t pid, pc;

	for (i = 0; i < a->desc.nkeys; i++) {
		struct sonde_dtype t = a->keys[i];

		if (sonde_dt_is_sym(t)) {
			act = SONDE_DT_SACT(t.kind);
			if (!s)
				s = sonde_consumer_syms(c);
			pid = 0;
			if (t.size == 16)
				memcpy(&pid, key + off, 8);
			memcpy(&pc, key + off + t.size - 8, 8);
			if (s && act != SONDE_A_UADDR &&
			    !(c->noresolve && t.size == 16)) {
				pc = sonde_syms_canon(s, sonde_sym_act_name(act),
						      (int)pid, pc);
				memcpy(key + off + t.size - 8, &pc, 8);
			}
		}
		off += sonde_keyfield_size(c, t);
	}
}

/*
 * Merge CPU @cpu's snapshot: into each entry's value and, under
 * aggpercpu, into that CPU's own (@cpu >= c->ncpus: not kept by CPU).
 */
int sonde_consumer_aggsnap_cpu(struct sonde_consumer *c, uint32_t cpu,
			       const void *buf, size_t size)
{
	const unsigned char *p = buf, *end = p + size;
	struct sonde_aggrec hdr;
	struct sonde_aggent *e;
	const struct sonde_agg_desc *ad;
	uint32_t keylen, vlen, voff;
	int64_t *delta;

	while (p + sizeof(hdr) <= end) {
		memcpy(&hdr, p, sizeof(hdr));
		if (hdr.size < sizeof(hdr) || hdr.size > (size_t)(end - p) ||
		    hdr.aggid >= c->prog->naggs)
			return -EBADMSG;
		ad = &c->prog->aggs[hdr.aggid].desc;
		keylen = sonde_agg_keylen(c, hdr.aggid);
		vlen = sonde_agg_val_size(ad);
		/* the value starts at the key's next 8-byte boundary */
		voff = sizeof(hdr) + ((keylen + 7) & ~7u);
		if (voff + vlen > hdr.size)
			return -EBADMSG;
		if (sonde_agg_symkeys(&c->prog->aggs[hdr.aggid])) {
			unsigned char *k = malloc(keylen ? keylen : 1);

			if (!k)
				return -ENOMEM;
			memcpy(k, p + sizeof(hdr), keylen);
			sonde_symkeys_canon(c, &c->prog->aggs[hdr.aggid], k);
			e = sonde_aggtab_get(c, hdr.aggid, k, keylen);
			free(k);
		} else {
			e = sonde_aggtab_get(c, hdr.aggid, p + sizeof(hdr),
					     keylen);
		}
		if (!e)
			return -ENOMEM;
		delta = malloc(vlen);
		if (!delta)
			return -ENOMEM;
		memcpy(delta, p + voff, vlen);
		sonde_agg_merge(ad, (s64 *)e->val, (const s64 *)delta);
		if (e->percpu && cpu < c->ncpus)
			sonde_agg_merge(ad, (s64 *)(e->percpu + (size_t)cpu *
						    (vlen / sizeof(int64_t))),
					(const s64 *)delta);
		free(delta);
		p += (hdr.size + 7) & ~7u;
	}
	return 0;
}

int sonde_consumer_aggsnap(struct sonde_consumer *c, const void *buf,
			   size_t size)
{
	return sonde_consumer_aggsnap_cpu(c, UINT32_MAX, buf, size);
}

/* ---- sorting --------------------------------------------------------- */

static int sonde_cmp(long double l, long double r)
{
	return l < r ? -1 : l > r ? 1 : 0;
}

static long double sonde_lq_sum(const struct sonde_agg_desc *ad,
				const int64_t *lq, int64_t *zero)
{
	int32_t base = (int32_t)ad->params[0], step = (int32_t)ad->params[2];
	uint32_t levels = sonde_lquantize_levels(ad), i;
	long double total = (long double)lq[0] * (long double)(base - 1);

	*zero = base - 1 == 0 ? lq[0] : 0;
	for (i = 0; i < levels; base += step, i++) {
		total += (long double)lq[i + 1] * (long double)base;
		if (base == 0 && !*zero)
			*zero = lq[i + 1];
	}
	if (base + 1 == 0 && !*zero)
		*zero = lq[levels + 1];
	return total + (long double)lq[levels + 1] * (long double)(base + 1);
}

static long double sonde_llq_sum(const struct sonde_agg_desc *ad,
				 const int64_t *llq)
{
	int64_t factor = ad->params[0], low = ad->params[1];
	int64_t high = ad->params[2], nsteps = ad->params[3];
	int64_t value = 1, next, step;
	long double total;
	int bin = 0, order;

	for (order = 0; order < low; order++)
		value *= factor;
	total = (long double)llq[bin++] * (long double)(value - 1);
	next = value * factor;
	step = next > nsteps ? next / nsteps : 1;
	while (order <= high) {
		total += (long double)llq[bin++] * (long double)value;
		if ((value += step) != next)
			continue;
		next = value * factor;
		step = next > nsteps ? next / nsteps : 1;
		order++;
	}
	return total + (long double)llq[bin] * (long double)value;
}

/* dt_aggregate_valcmp() */
static int sonde_valcmp(const struct sonde_agg_desc *ad, const int64_t *l,
			const int64_t *r)
{
	long double lt = 0, rt = 0;
	int64_t lz = 0, rz = 0, la, ra;
	int i, ret;

	switch (ad->fn) {
	case SONDE_AGG_avg:
		la = sonde_avg(l);
		ra = sonde_avg(r);
		return la < ra ? -1 : la > ra;
	case SONDE_AGG_stddev:
		return sonde_cmp(sonde_stddev(l), sonde_stddev(r));
	case SONDE_AGG_quantize:
		for (i = 0; i < SONDE_QUANTIZE_NBUCKETS; i++) {
			long double bv = sonde_quantize_bucket_val(i);

			lt += bv * (long double)l[i];
			rt += bv * (long double)r[i];
		}
		lz = l[SONDE_QUANTIZE_ZEROBUCKET];
		rz = r[SONDE_QUANTIZE_ZEROBUCKET];
		break;
	case SONDE_AGG_lquantize:
		lt = sonde_lq_sum(ad, l, &lz);
		rt = sonde_lq_sum(ad, r, &rz);
		break;
	case SONDE_AGG_llquantize:
		lt = sonde_llq_sum(ad, l);
		rt = sonde_llq_sum(ad, r);
		lz = l[0];
		rz = r[0];
		break;
	default:
		return l[0] < r[0] ? -1 : l[0] > r[0];
	}
	ret = sonde_cmp(lt, rt);
	if (ret)
		return ret;
	return lz < rz ? -1 : lz > rz;
}

/*
 * dt_aggregate_keycmp(): integers unsigned by their D size, strings bytes,
 * starting at key component aggsortkeypos (if the key has that many) and
 * wrapping around.
 */
static int sonde_keycmp(const struct sonde_consumer *c,
			const struct sonde_aggent *l,
			const struct sonde_aggent *r)
{
	const struct sonde_pagg *a = &c->prog->aggs[l->aggid];
	uint32_t nkeys = a->desc.nkeys, offs[SONDE_MAX_AGG_KEYS + 1];
	int keypos = c->prog->uopts.aggsortkeypos;
	uint32_t i, j, off, n;
	uint64_t lv, rv, mask;
	int ret;

	if (keypos < 0 || (uint32_t)keypos >= nkeys)
		keypos = 0;
	for (i = 0, off = 0; i < nkeys && i < SONDE_MAX_AGG_KEYS; i++) {
		offs[i] = off;
		off += sonde_keyfield_size(c, a->keys[i]);
	}
	for (j = 0; j < nkeys && j < SONDE_MAX_AGG_KEYS; j++) {
		i = (j + (uint32_t)keypos) % nkeys;
		off = offs[i];
		if (a->keys[i].kind == SONDE_DT_STR ||
		    a->keys[i].kind == SONDE_DT_KSTACK ||
		    a->keys[i].kind == SONDE_DT_USTACK ||
		    sonde_dt_is_jstack(a->keys[i]) ||
		    (a->keys[i].kind == SONDE_DT_BYTES &&
		     !sonde_dt_bytes_int(a->keys[i]))) {
			/* strings, stacks (PC arrays) and structs compare
			 * as bytes (dt_aggregate_keycmp()'s default) */
			ret = memcmp(l->key + off, r->key + off,
				     sonde_keyfield_size(c, a->keys[i]));
			if (ret)
				return ret < 0 ? -1 : 1;
		} else {
			/* integers are 8 bytes in the key, a struct of
			 * 1, 2, 4 or 8 bytes its size; a user symbol's
			 * address follows its pid */
			n = a->keys[i].kind == SONDE_DT_BYTES ?
			    a->keys[i].size : 8;
			if (sonde_dt_is_sym(a->keys[i]) && a->keys[i].size == 16)
				off += 8;
			lv = rv = 0;
			memcpy(&lv, l->key + off, n);
			memcpy(&rv, r->key + off, n);
			mask = a->keys[i].size >= 8 ||
			       sonde_dt_is_sym(a->keys[i]) ? ~0ULL :
			       (1ULL << (a->keys[i].size * 8)) - 1;
			lv &= mask;
			rv &= mask;
			if (lv != rv)
				return lv < rv ? -1 : 1;
		}
	}
	return 0;
}

static const struct sonde_consumer *sonde_sort_c;

static int sonde_entcmp(const void *lp, const void *rp)
{
	const struct sonde_aggent *l = *(struct sonde_aggent *const *)lp;
	const struct sonde_aggent *r = *(struct sonde_aggent *const *)rp;
	const struct sonde_consumer *c = sonde_sort_c;
	const struct sonde_uopts *o = &c->prog->uopts;
	int ret;

	if (l->aggid != r->aggid)
		ret = l->aggid < r->aggid ? -1 : 1;
	else if (o->aggsortkey)
		ret = sonde_keycmp(c, l, r) ?:
		      sonde_valcmp(&c->prog->aggs[l->aggid].desc, l->val,
				   r->val);
	else
		ret = sonde_valcmp(&c->prog->aggs[l->aggid].desc, l->val,
				   r->val) ?: sonde_keycmp(c, l, r);
	return o->aggsortrev ? -ret : ret;
}

struct sonde_aggent **sonde_aggtab_sorted(struct sonde_consumer *c,
					  uint32_t aggid, uint32_t *n)
{
	struct sonde_aggent **v, *e;
	uint32_t i, k = 0;

	*n = 0;
	v = malloc((c->aggs.count + 1) * sizeof(*v));
	if (!v)
		return NULL;
	for (i = 0; i < c->aggs.nbuckets; i++)
		for (e = c->aggs.buckets[i]; e; e = e->next)
			if (aggid == UINT32_MAX || e->aggid == aggid)
				v[k++] = e;
	sonde_sort_c = c;
	qsort(v, k, sizeof(*v), sonde_entcmp);
	sonde_sort_c = NULL;
	*n = k;
	return v;
}

/* ---- printa() of several aggregations: dtrace_aggregate_walk_joined() */

static const uint32_t *sonde_join_ids;
static uint32_t sonde_join_n;
static const int64_t *sonde_join_zero;

/* Group order: by key, then by aggregation. */
static int sonde_join_keycmp(const void *lp, const void *rp)
{
	const struct sonde_aggent *l = *(struct sonde_aggent *const *)lp;
	const struct sonde_aggent *r = *(struct sonde_aggent *const *)rp;

	return sonde_keycmp(sonde_sort_c, l, r) ?:
	       (l->aggid < r->aggid ? -1 : l->aggid > r->aggid);
}

/*
 * dt_aggregate_bundlecmp(): with aggsortkey the keys first; then the
 * values, from the aggsortpos-th aggregation of the printa() on and
 * wrapping, a missing one counting as zero; the key breaks a tie.
 * aggsortrev does not apply to joined walks (dt_aggregate_qsort() is
 * handed this comparison, which never looks at it).
 */
static int sonde_bundlecmp(const void *lp, const void *rp)
{
	const struct sonde_aggent *const *l = *(const struct sonde_aggent
						  *const *const *)lp;
	const struct sonde_aggent *const *r = *(const struct sonde_aggent
						  *const *const *)rp;
	const struct sonde_consumer *c = sonde_sort_c;
	uint32_t n = sonde_join_n, j, pos;
	int sortpos = c->prog->uopts.aggsortpos, ret;
	bool keysort = c->prog->uopts.aggsortkey;

	if (sortpos < 0 || (uint32_t)sortpos >= n)
		sortpos = 0;
	if (keysort) {
		ret = sonde_keycmp(c, l[n], r[n]);
		if (ret)
			return ret;
	}
	for (j = 0; j < n; j++) {
		pos = (j + (uint32_t)sortpos) % n;
		ret = sonde_valcmp(&c->prog->aggs[sonde_join_ids[pos]].desc,
				   l[pos] ? l[pos]->val : sonde_join_zero,
				   r[pos] ? r[pos]->val : sonde_join_zero);
		if (ret)
			return ret;
	}
	return keysort ? 0 : sonde_keycmp(c, l[n], r[n]);
}

struct sonde_aggent ***sonde_aggtab_joined(struct sonde_consumer *c,
					   const uint32_t *aggids,
					   uint32_t naggs, uint32_t *nbundles)
{
	struct sonde_aggent **v, *e, ***b = NULL;
	uint32_t i, j, k = 0, nb = 0, maxval = 8;
	int64_t *zero;

	*nbundles = 0;
	for (j = 0; j < naggs; j++) {
		uint32_t sz = sonde_agg_val_size(&c->prog->aggs[aggids[j]].desc);

		if (sz > maxval)
			maxval = sz;
	}
	v = malloc((c->aggs.count + 1) * sizeof(*v));
	zero = calloc(1, maxval);
	if (!v || !zero)
		goto out;
	for (i = 0; i < c->aggs.nbuckets; i++) {
		for (e = c->aggs.buckets[i]; e; e = e->next) {
			for (j = 0; j < naggs; j++) {
				if (e->aggid == aggids[j]) {
					v[k++] = e;
					break;
				}
			}
		}
	}
	b = calloc(k + 1, sizeof(*b));
	if (!b)
		goto out;
	sonde_sort_c = c;
	qsort(v, k, sizeof(*v), sonde_join_keycmp);
	for (i = 0; i < k; i = j) {
		b[nb] = calloc(naggs + 1, sizeof(**b));
		if (!b[nb]) {
			sonde_aggtab_joined_free(b, nb);
			b = NULL;
			goto out;
		}
		b[nb][naggs] = v[i];		/* the representative key */
		for (j = i; j < k && !sonde_keycmp(c, v[i], v[j]); j++) {
			uint32_t p;

			/* an aggregation named twice takes both places */
			for (p = 0; p < naggs; p++)
				if (aggids[p] == v[j]->aggid)
					b[nb][p] = v[j];
		}
		nb++;
	}
	sonde_join_ids = aggids;
	sonde_join_n = naggs;
	sonde_join_zero = zero;
	qsort(b, nb, sizeof(*b), sonde_bundlecmp);
	*nbundles = nb;
out:
	sonde_sort_c = NULL;
	sonde_join_zero = NULL;
	free(zero);
	free(v);
	return b;
}

void sonde_aggtab_joined_free(struct sonde_aggent ***b, uint32_t n)
{
	uint32_t i;

	for (i = 0; b && i < n; i++)
		free(b[i]);
	free(b);
}

