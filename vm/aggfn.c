// SPDX-License-Identifier: GPL-2.0
/*
 * aggfn.c - the aggregating functions: value layouts, initial values, one
 * update (probe context, kernel) and the merge of per-CPU deltas
 * (userland).  Bucket rules are DTrace's, so histograms read the same.
 * sonde_agg_apply() runs in probe context: no allocation, bounded loops.
 */
#include "vm.h"

#define S64_MAX_	((s64)(~0ULL >> 1))
#define S64_MIN_	(-S64_MAX_ - 1)

u32 sonde_lquantize_levels(const struct sonde_agg_desc *ad)
{
	/* verified: step > 0, limit > base, levels <= 65535 */
	return (u32)((ad->params[1] - ad->params[0]) / ad->params[2]);
}

static const char *const sonde_llq_whats[] = {
#define LLQ_WHAT_(name, what) [SONDE_LLQ_##name] = what,
	SONDE_LLQ_RULES(LLQ_WHAT_)
#undef LLQ_WHAT_
};

const char *sonde_llquantize_rule_what(int rule)
{
	return rule > SONDE_LLQ_OK && rule < (int)ARRAY_SIZE(sonde_llq_whats) ?
	       sonde_llq_whats[rule] : "";
}

int sonde_llquantize_check(const s64 *params)
{
	u64 factor = (u64)params[0], low = (u64)params[1];
	u64 high = (u64)params[2], nsteps = (u64)params[3], v, order, i;

	/* as DTrace: a negative value is a huge unsigned one */
	if (factor > 0xffff)
		return SONDE_LLQ_FACTORVAL;
	if (low > 0xffff)
		return SONDE_LLQ_LOWVAL;
	if (high > 0xffff)
		return SONDE_LLQ_HIGHVAL;
	if (nsteps > 0xffff)
		return SONDE_LLQ_NSTEPVAL;
	if (factor < 2)
		return SONDE_LLQ_FACTORSMALL;
	if (low >= high)
		return SONDE_LLQ_MAGRANGE;
	if (nsteps < factor)
		return SONDE_LLQ_FACTORNSTEPS;
	/* the first power of the factor that is at least nsteps: it and
	 * every larger one are multiples of nsteps */
	for (v = factor; v < nsteps; v *= factor)
		;
	if (nsteps % factor || v % nsteps)
		return SONDE_LLQ_FACTOREVEN;
	/* factor^(high + 2) in 64 bits (DTrace's loop, without its reliance
	 * on a wrapped product being smaller) */
	for (i = 0, order = 1; i <= high + 1; i++) {
		if (order > ~0ULL / factor)
			return SONDE_LLQ_MAGTOOBIG;
		order *= factor;
	}
	return SONDE_LLQ_OK;
}

/*
 * DTrace's llquantize bucket: bucket 0 holds values below factor^low; each
 * order of magnitude from low to high is split into min(nsteps, factor^o)
 * linear buckets, less those the previous magnitude already covers; the
 * last bucket holds values >= factor^(high + 1).  With parameters
 * sonde_llquantize_check() accepts, a value's index within its magnitude
 * is below the buckets that magnitude adds; it is clamped there anyway,
 * as defence in depth: the image verifier is what keeps bad parameters
 * out, the clamp only keeps a rule it might miss from writing past the
 * value.  At most high + 1 (< 64 with valid parameters) iterations.
 */
static u32 sonde_llq_bucket(const struct sonde_agg_desc *ad, s64 value,
			    bool top)
{
	s64 factor = ad->params[0], low = ad->params[1];
	s64 high = ad->params[2], nsteps = ad->params[3];
	s64 this = 1, last;
	u32 base = 1;
	s64 order;

	for (order = 0; order < low; order++)
		this *= factor;
	if (!top && value < this)
		return 0;
	last = this;
	for (this *= factor; order <= high; order++) {
		s64 nbuckets = this > nsteps ? nsteps : this;
		u32 here = (u32)(nbuckets - (nbuckets / factor));

		if (!top && value < this) {
			u64 i = (u64)(value - last) / (u64)(this / nbuckets);

			return base + (u32)(i < here ? i : here - 1);
		}
		base += here;
		last = this;
		/* factor^(high + 1) is the largest power that fits */
		if (order < high)
			this *= factor;
	}
	return base;
}

/*
 * The buckets of llquantize() are signed, as DTrace's (Oracle's, whose
 * llquantize() takes negative values): bucket "top" (the last of the
 * magnitude layout above) is the zero bucket, |value| < factor^low; the
 * buckets above it are the layout's for positive values, those below it
 * its mirror for negative ones, down to bucket 0, value <=
 * -factor^(high + 1).
 */
static u32 sonde_llq_zero(const struct sonde_agg_desc *ad)
{
	return sonde_llq_bucket(ad, 0, true);
}

u32 sonde_llquantize_nbuckets(const struct sonde_agg_desc *ad)
{
	return 2 * sonde_llq_zero(ad) + 1;
}

u32 sonde_llquantize_zerobucket(const struct sonde_agg_desc *ad)
{
	return sonde_llq_zero(ad);
}

static u32 sonde_llq_signed(const struct sonde_agg_desc *ad, s64 x)
{
	u32 zero = sonde_llq_zero(ad), b;
	u64 mag;

	if (x >= 0) {
		b = zero + sonde_llq_bucket(ad, x, false);
	} else {
		/* -INT64_MIN does not fit: it is past any high magnitude
		 * anyway */
		mag = -(u64)x;
		b = zero - sonde_llq_bucket(ad, mag > (u64)S64_MAX_ ?
					    S64_MAX_ : (s64)mag, false);
	}
	/* in range by construction; under speculation too (a value the
	 * script chose picks it) */
	return array_index_nospec(b, 2 * zero + 1);
}

int sonde_quantize_bucket(s64 v)
{
	int b;

	if (v == 0)
		return SONDE_QUANTIZE_ZEROBUCKET;
	if (v > 0) {
		/* 1 -> 64, 2..3 -> 65, 4..7 -> 66 ... */
		b = 63 - __builtin_clzll((u64)v);
		return SONDE_QUANTIZE_ZEROBUCKET + 1 + b;
	}
	/* -1 -> 62, -2..-3 -> 61 ... ; -2^63 lands in bucket 0 */
	if (v == S64_MIN_)
		return 0;
	b = 63 - __builtin_clzll((u64)-v);
	return SONDE_QUANTIZE_ZEROBUCKET - 1 - b;
}

s64 sonde_quantize_bucket_val(int b)
{
	if (b < SONDE_QUANTIZE_ZEROBUCKET)
		return -(s64)(1ULL << (SONDE_QUANTIZE_ZEROBUCKET - 1 - b));
	if (b == SONDE_QUANTIZE_ZEROBUCKET)
		return 0;
	return (s64)(1ULL << (b - SONDE_QUANTIZE_ZEROBUCKET - 1));
}

u32 sonde_agg_val_size(const struct sonde_agg_desc *ad)
{
	switch (ad->fn) {
	case SONDE_AGG_avg:
		return 2 * sizeof(s64);
	case SONDE_AGG_stddev:
		return 4 * sizeof(s64);
	case SONDE_AGG_quantize:
		return SONDE_QUANTIZE_NBUCKETS * sizeof(s64);
	case SONDE_AGG_lquantize:
		return (sonde_lquantize_levels(ad) + 2) * sizeof(s64);
	case SONDE_AGG_llquantize:
		return sonde_llquantize_nbuckets(ad) * sizeof(s64);
	default:
		return sizeof(s64);
	}
}

void sonde_agg_init(const struct sonde_agg_desc *ad, s64 *val)
{
	sonde_zero(val, sonde_agg_val_size(ad));
	if (ad->fn == SONDE_AGG_min)
		val[0] = S64_MAX_;
	else if (ad->fn == SONDE_AGG_max)
		val[0] = S64_MIN_;
}

/* 128-bit sum of squares for stddev, as two 64-bit halves (lo, hi). */
static void sonde_add_sq(s64 *lo_hi, s64 x)
{
	u64 ax = x < 0 ? -(u64)x : (u64)x;
	u64 a_lo = ax & 0xffffffffu, a_hi = ax >> 32;
	u64 lo, hi, mid, old;

	/* ax * ax = a_hi^2 << 64 + 2 a_hi a_lo << 32 + a_lo^2 */
	lo = a_lo * a_lo;
	mid = a_hi * a_lo;
	hi = a_hi * a_hi + (mid >> 31);
	old = lo;
	lo += mid << 33;
	if (lo < old)
		hi++;
	old = (u64)lo_hi[0];
	lo_hi[0] = (s64)(old + lo);
	lo_hi[1] = (s64)((u64)lo_hi[1] + hi + ((u64)lo_hi[0] < old));
}

void sonde_agg_apply(const struct sonde_agg_desc *ad, s64 *val, s64 x,
		     s64 incr)
{
	u32 b, levels;

	if (!(ad->flags & SONDE_AGGF_INCR))
		incr = 1;
	switch (ad->fn) {
	case SONDE_AGG_count:
		val[0]++;
		break;
	case SONDE_AGG_sum:
		val[0] = (s64)((u64)val[0] + (u64)x);
		break;
	case SONDE_AGG_min:
		if (x < val[0])
			val[0] = x;
		break;
	case SONDE_AGG_max:
		if (x > val[0])
			val[0] = x;
		break;
	case SONDE_AGG_avg:
		val[0]++;
		val[1] = (s64)((u64)val[1] + (u64)x);
		break;
	case SONDE_AGG_stddev:
		val[0]++;
		val[1] = (s64)((u64)val[1] + (u64)x);
		sonde_add_sq(&val[2], x);
		break;
	case SONDE_AGG_quantize:
		b = array_index_nospec((u32)sonde_quantize_bucket(x),
				       SONDE_QUANTIZE_NBUCKETS);
		val[b] = (s64)((u64)val[b] + (u64)incr);
		break;
	case SONDE_AGG_lquantize:
		levels = sonde_lquantize_levels(ad);
		if (x < ad->params[0])
			b = 0;
		else if (x >= ad->params[0] + (s64)levels * ad->params[2])
			b = levels + 1;
		else
			b = 1 + (u32)((x - ad->params[0]) / ad->params[2]);
		/* the checks above under speculation too: x is the script's */
		b = array_index_nospec(b, levels + 2);
		val[b] = (s64)((u64)val[b] + (u64)incr);
		break;
	case SONDE_AGG_llquantize:
		b = sonde_llq_signed(ad, x);
		val[b] = (s64)((u64)val[b] + (u64)incr);
		break;
	}
}

void sonde_agg_merge(const struct sonde_agg_desc *ad, s64 *acc,
		     const s64 *delta)
{
	u32 i, n = sonde_agg_val_size(ad) / sizeof(s64);
	u64 old;

	switch (ad->fn) {
	case SONDE_AGG_min:
		if (delta[0] < acc[0])
			acc[0] = delta[0];
		return;
	case SONDE_AGG_max:
		if (delta[0] > acc[0])
			acc[0] = delta[0];
		return;
	case SONDE_AGG_stddev:
		acc[0] += delta[0];
		acc[1] = (s64)((u64)acc[1] + (u64)delta[1]);
		old = (u64)acc[2];
		acc[2] = (s64)(old + (u64)delta[2]);
		acc[3] = (s64)((u64)acc[3] + (u64)delta[3] +
			       ((u64)acc[2] < old));
		return;
	default:
		for (i = 0; i < n; i++)
			acc[i] = (s64)((u64)acc[i] + (u64)delta[i]);
	}
}
