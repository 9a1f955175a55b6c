// SPDX-License-Identifier: GPL-2.0
/*
 * aggact.c - the consumer's aggregation housekeeping, DTrace's
 * library actions: clear(), trunc(), normalize(), denormalize() act on
 * the userland aggregation table when their record is consumed, and
 * setopt() changes a consumer option.  (libdtrace: dt_aggregate_clear,
 * dt_aggregate_trunc, dtrace_aggregate_walk's normal; dt_setopt.)
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "consume_impl.h"
#include "vm.h"

/* Unlink and free entry @e of the table. */
static void sonde_aggtab_del(struct sonde_aggtab *t, struct sonde_aggent *e)
{
	struct sonde_aggent **pp;

	for (pp = &t->buckets[e->hash & (t->nbuckets - 1)]; *pp;
	     pp = &(*pp)->next) {
		if (*pp == e) {
			*pp = e->next;
			t->count--;
			free(e->val);
			free(e->percpu);
			free(e);
			return;
		}
	}
}

/* clear(@a): every value back to its initial state, keys kept. */
static int sonde_agg_clear(struct sonde_consumer *c, uint32_t aggid)
{
	const struct sonde_agg_desc *ad = &c->prog->aggs[aggid].desc;
	struct sonde_aggtab *t = &c->aggs;
	uint32_t n = sonde_agg_val_size(ad) / sizeof(int64_t), i, cpu;
	struct sonde_aggent *e;

	for (i = 0; i < t->nbuckets; i++) {
		for (e = t->buckets[i]; e; e = e->next) {
			if (e->aggid != aggid)
				continue;
			sonde_agg_init(ad, (s64 *)e->val);
			for (cpu = 0; e->percpu && cpu < c->ncpus; cpu++)
				sonde_agg_init(ad, (s64 *)(e->percpu +
							   (size_t)cpu * n));
		}
	}
	return 0;
}

/*
 * trunc(@a): drop every entry; trunc(@a, n): keep the n entries with the
 * largest values (n < 0: the |n| smallest), by the print order.
 */
static int sonde_agg_trunc(struct sonde_consumer *c, uint32_t aggid,
			   int64_t n)
{
	struct sonde_aggent **v;
	uint32_t i, cnt, keep_lo, keep_hi;

	v = sonde_aggtab_sorted(c, aggid, &cnt);
	if (!v)
		return cnt ? -ENOMEM : 0;
	/* sorted ascending: keep [keep_lo, keep_hi) */
	if (n > 0) {
		keep_hi = cnt;
		keep_lo = (uint64_t)n >= cnt ? 0 : cnt - (uint32_t)n;
	} else {
		keep_lo = 0;
		keep_hi = n == 0 ? 0 :
			  (uint64_t)-n >= cnt ? cnt : (uint32_t)-n;
	}
	for (i = 0; i < cnt; i++)
		if (i < keep_lo || i >= keep_hi)
			sonde_aggtab_del(&c->aggs, v[i]);
	free(v);
	return 0;
}

static int sonde_setopt(struct sonde_consumer *c, const char *spec)
{
	struct sonde_uopts *u = &c->prog->uopts;
	char name[64];
	const char *eq = strchr(spec, '=');
	size_t n = eq ? (size_t)(eq - spec) : strlen(spec);
	bool off = eq && (!strcmp(eq + 1, "0") || !strcmp(eq + 1, "false"));

	if (n >= sizeof(name))
		n = sizeof(name) - 1;
	memcpy(name, spec, n);
	name[n] = 0;
	if (!strcmp(name, "quiet"))
		c->quiet = u->quiet = !off;
	else if (!strcmp(name, "aggsortkey"))
		u->aggsortkey = !off;
	else if (!strcmp(name, "aggsortrev"))
		u->aggsortrev = !off;
	else if (!strcmp(name, "agghist"))
		u->agghist = !off;
	else if (!strcmp(name, "aggpack"))
		u->aggpack = !off;
	else if (!strcmp(name, "aggzoom"))
		u->aggzoom = !off;
	else {
		/* dt_setopt(): runtime options only; say why, go on */
		sonde_consumer_msg(c, SONDE_MSG_ERROR,
				   "couldn't set option %s: %s", name,
				   "not a dynamic runtime option");
		return 0;
	}
	return 0;
}

int sonde_consumer_aggact(struct sonde_consumer *c,
			  const struct sonde_action *act, int64_t n)
{
	struct sonde_pagg *a;

	if (act->kind == SONDE_A_SETOPT)
		return act->fmt ? sonde_setopt(c, act->fmt) : 0;
	if (!act->naggs || act->aggids[0] >= c->prog->naggs)
		return -EBADMSG;
	a = &c->prog->aggs[act->aggids[0]];
	switch (act->kind) {
	case SONDE_A_CLEAR:
		return sonde_agg_clear(c, act->aggids[0]);
	case SONDE_A_TRUNC:
		return sonde_agg_trunc(c, act->aggids[0], n);
	case SONDE_A_NORMALIZE:
		if (n <= 0) {
			sonde_consumer_msg(c, SONDE_MSG_ERROR,
					   "normalize() of @%s by %lld: the factor must be positive",
					   a->name, (long long)n);
			return 0;
		}
		a->normal = n;
		return 0;
	case SONDE_A_DENORMALIZE:
		a->normal = 1;
		return 0;
	}
	return 0;
}

/*
 * The value of @e as printed: divided by the aggregation's normalization
 * factor, as dt_print_datum() does (averages and deviations after they
 * are computed, histogram counts bucket by bucket).  @out holds a copy.
 */
const int64_t *sonde_agg_normalized(const struct sonde_pagg *a,
				    const int64_t *val, int64_t *out,
				    size_t cap)
{
	size_t i, n = sonde_agg_val_size(&a->desc) / sizeof(int64_t);

	if (a->normal <= 1 || n > cap)
		return val;
	memcpy(out, val, n * sizeof(int64_t));
	switch (a->desc.fn) {
	case SONDE_AGG_avg:
		out[1] = val[1] / a->normal;
		break;
	case SONDE_AGG_stddev:
		/* scale sum by 1/normal and the sum of squares by 1/normal^2 */
		out[1] = val[1] / a->normal;
		{
			unsigned __int128 sq = ((unsigned __int128)(uint64_t)
						val[3] << 64) | (uint64_t)val[2];

			sq /= (unsigned __int128)a->normal * a->normal;
			out[2] = (int64_t)(uint64_t)sq;
			out[3] = (int64_t)(uint64_t)(sq >> 64);
		}
		break;
	case SONDE_AGG_quantize:
	case SONDE_AGG_lquantize:
	case SONDE_AGG_llquantize:
	case SONDE_AGG_count:
	case SONDE_AGG_sum:
	case SONDE_AGG_min:
	case SONDE_AGG_max:
	default:
		for (i = 0; i < n; i++)
			out[i] = val[i] / a->normal;
		break;
	}
	return out;
}
