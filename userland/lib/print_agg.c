// SPDX-License-Identifier: GPL-2.0
/*
 * print_agg.c - DTrace's default output layouts: trace() columns, the
 * printable-string-or-hex-dump rule, aggregation keys and values, and the
 * quantize / lquantize / llquantize histograms.  Each function follows the
 * libdtrace function named in its comment (illumos / OpenDTrace
 * lib/libdtrace/common/dt_consume.c), so the text matches byte for byte.
 * Pure formatting onto a FILE *: no state, no device.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "aggstyle.h"
#include "libsonde.h"
#include "vm.h"

#define SONDE_BAR_LEN	40

static int sonde_err(FILE *out)
{
	return ferror(out) ? -EIO : 0;
}

/*
 * dt_print_bytes(): printable characters followed by NULs only are a
 * string ("  %-*s" when not quiet, with a negative width meaning
 * left-justified); all-printable without a NUL is a string too; anything
 * else (including an empty string) is a hex dump.
 */
int sonde_print_bytes(FILE *out, const void *data, size_t n, int width,
		      bool quiet, bool forceraw)
{
	const char *c = data;
	size_t i, j;
	int margin = 5;

	if (n == 0)
		return 0;
	if (forceraw)
		goto raw;
	for (i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)c[i];

		if (isprint(ch) || isspace(ch) || ch == '\b' || ch == '\a')
			continue;
		if (ch == '\0' && i > 0) {
			for (j = i + 1; j < n; j++)
				if (c[j] != '\0')
					break;
			if (j != n)
				break;
			if (quiet)
				fprintf(out, "%s", c);
			else
				fprintf(out, " %s%*s", width < 0 ? " " : "",
					width, c);
			return sonde_err(out);
		}
		break;
	}
	if (i == n) {
		fprintf(out, "  %-*.*s", width, (int)n, c);
		return sonde_err(out);
	}
raw:
	fprintf(out, "\n%*s      ", margin, "");
	for (i = 0; i < 16; i++)
		fprintf(out, "  %c", "0123456789abcdef"[i]);
	fprintf(out, "  0123456789abcdef\n");
	for (i = 0; i < n; i += 16) {
		fprintf(out, "%*s%5zx:", margin, "", i);
		for (j = i; j < i + 16 && j < n; j++)
			fprintf(out, " %02x", (unsigned char)c[j]);
		while (j++ % 16)
			fprintf(out, "   ");
		fprintf(out, "  ");
		for (j = i; j < i + 16 && j < n; j++)
			fputc(c[j] < ' ' || c[j] > '~' ? '.' : c[j], out);
		fputc('\n', out);
	}
	return sonde_err(out);
}

/*
 * trace(): dt_consume_cpu()'s switch on the record size.  The 4-byte case
 * prints the uint32_t through %d (so it reads signed); the 2- and 1-byte
 * cases promote the unsigned value (so they read unsigned).
 */
int sonde_print_trace(FILE *out, const void *data, struct sonde_dtype type,
		      bool quiet)
{
	uint64_t v8;
	uint32_t v4;
	uint16_t v2;
	uint8_t v1;

	/* a traced copyin() buffer: bytes whatever its size (DTrace
	 * switches on the record size and would print 4 bytes as an int) */
	if (type.kind == SONDE_DT_STR || type.kind == SONDE_DT_BYTES)
		return sonde_print_bytes(out, data, type.size, -33, quiet,
					 false);
	switch (type.size) {
	case 8:
		memcpy(&v8, data, 8);
		fprintf(out, quiet ? "%lld" : " %16lld", (long long)v8);
		break;
	case 4:
		memcpy(&v4, data, 4);
		fprintf(out, quiet ? "%d" : " %8d", (int)v4);
		break;
	case 2:
		memcpy(&v2, data, 2);
		fprintf(out, quiet ? "%d" : " %5d", v2);
		break;
	case 1:
		memcpy(&v1, data, 1);
		fprintf(out, quiet ? "%d" : " %3d", v1);
		break;
	default:
		return sonde_print_bytes(out, data, type.size, -33, quiet,
					 false);
	}
	return sonde_err(out);
}

int sonde_print_trace2(FILE *out, const void *data, struct sonde_dtype type,
		       bool quiet)
{
	bool s = type.kind == SONDE_DT_INT;
	uint64_t v8 = 0;
	uint32_t v4;
	uint16_t v2;
	uint8_t v1;

	switch (type.size) {
	case 8:
		memcpy(&v8, data, 8);
		if (s)
			fprintf(out, quiet ? "%lld" : " %19lld", (long long)v8);
		else
			fprintf(out, quiet ? "%llu" : " %20llu",
				(unsigned long long)v8);
		break;
	case 4:
		memcpy(&v4, data, 4);
		if (s)
			fprintf(out, quiet ? "%d" : " %10d", (int32_t)v4);
		else
			fprintf(out, quiet ? "%u" : " %10u", v4);
		break;
	case 2:
		memcpy(&v2, data, 2);
		if (s)
			fprintf(out, quiet ? "%d" : " %5d", (int16_t)v2);
		else
			fprintf(out, quiet ? "%u" : " %5u", v2);
		break;
	case 1:
		memcpy(&v1, data, 1);
		if (s)
			fprintf(out, quiet ? "%d" : " %3d", (int8_t)v1);
		else
			fprintf(out, quiet ? "%u" : " %3u", v1);
		break;
	default:
		return sonde_print_trace(out, data, type, quiet);
	}
	return sonde_err(out);
}

/*
 * An aggregation key component, dt_print_datum() with normal 1: integers
 * by their D size (" %16lld", " %8d", " %5d", " %3d"), strings through
 * dt_print_bytes() with width -50, or 16 in agghist / aggpack rows
 * (@packed).  Integer keys are stored in 8 bytes; the D type says how
 * many of them count.
 */
int sonde_print_aggkey_style(FILE *out, const void *data,
			     struct sonde_dtype type, bool packed)
{
	int64_t v = 0;

	/* a struct key: by its size, as dt_print_datum() switches */
	if (type.kind == SONDE_DT_STR ||
	    (type.kind == SONDE_DT_BYTES && !sonde_dt_bytes_int(type)))
		return sonde_print_bytes(out, data, type.size,
					 packed ? 16 : -50, false, false);
	memcpy(&v, data, type.kind == SONDE_DT_BYTES ? type.size : 8);
	switch (type.size) {
	case 4:
		fprintf(out, " %8d", (int)(uint32_t)v);
		break;
	case 2:
		fprintf(out, " %5d", (uint16_t)v);
		break;
	case 1:
		fprintf(out, " %3d", (uint8_t)v);
		break;
	default:
		fprintf(out, " %16lld", (long long)v);
		break;
	}
	return sonde_err(out);
}

int sonde_print_aggkey(FILE *out, const void *data, struct sonde_dtype type)
{
	return sonde_print_aggkey_style(out, data, type, false);
}

int sonde_aggkey_packed_width(struct sonde_dtype type)
{
	bool integer = type.kind != SONDE_DT_STR &&
		       type.kind != SONDE_DT_BYTES &&
		       type.kind != SONDE_DT_KSTACK &&
		       type.kind != SONDE_DT_USTACK &&
		       !sonde_dt_is_jstack(type);

	if (sonde_dt_bytes_int(type))
		integer = true;

	if (integer && type.size == 1)
		return 3 + 1;
	if (integer && type.size == 2)
		return 5 + 1;
	if (integer && type.size == 4)
		return 8 + 1;
	return 16 + 1;
}

/* dt_sqrt_128(): floor of the square root of a 128-bit value. */
static uint64_t sonde_sqrt128(unsigned __int128 n)
{
	unsigned __int128 res = 0, bit = (unsigned __int128)1 << 126;

	while (bit > n)
		bit >>= 2;
	while (bit) {
		if (n >= res + bit) {
			n -= res + bit;
			res = (res >> 1) + bit;
		} else {
			res >>= 1;
		}
		bit >>= 2;
	}
	return (uint64_t)res;
}

/* dt_aggregate_average(): sum / count, as C's division truncates */
int64_t sonde_avg(const int64_t *val)
{
	return val[0] ? val[1] / val[0] : 0;
}

/*
 * dt_stddev(): sqrt(avg(x^2) - avg(x)^2) in 128-bit integer arithmetic,
 * the average truncated toward zero as C's division does.
 */
uint64_t sonde_stddev(const int64_t *val)
{
	unsigned __int128 sumsq, aos, soa;
	int64_t avg;

	if (val[0] == 0)
		return 0;
	sumsq = ((unsigned __int128)(uint64_t)val[3] << 64) | (uint64_t)val[2];
	aos = sumsq / (uint64_t)val[0];
	avg = sonde_avg(val);
	if (avg < 0)
		avg = -avg;
	soa = (unsigned __int128)(uint64_t)avg * (uint64_t)avg;
	return sonde_sqrt128(aos - soa);
}

static const struct sonde_aggstyle sonde_style_plain;

/* |v| as dt_fabsl() of the value as a long double */
static long double sonde_absl(long double v)
{
	return v < 0 ? -v : v;
}

/* Code point @cp (U+0800..U+FFFF) in UTF-8: DTRACE_AGGUTF8_BYTE0..2 */
static void sonde_put_utf8(FILE *out, unsigned int cp)
{
	fputc(0xe0 | (cp >> 12), out);
	fputc(0x80 | ((cp >> 6) & 0x3f), out);
	fputc(0x80 | (cp & 0x3f), out);
}

/*
 * dt_print_quantline_utf8(): positive bars of full blocks (U+2588) and
 * one partial block of eighths (U+258F one eighth .. U+2589 seven).
 */
static void sonde_quantline_utf8(FILE *out, int64_t val, int64_t normal,
				 long double total)
{
	static const char spaces[] = "                                        ";
	unsigned int len = SONDE_BAR_LEN, i, whole, partial;
	long double f = (sonde_absl((long double)val) * len) / total;

	whole = (unsigned int)f;
	partial = (unsigned int)((f - (long double)(unsigned int)f) * 8.0L);
	if (whole > len)
		whole = len;
	fputc('|', out);
	for (i = 0; i < whole; i++)
		sonde_put_utf8(out, 0x2588);
	if (partial != 0 && i < len) {
		sonde_put_utf8(out, 0x258f - (partial - 1));
		i++;
	}
	fprintf(out, "%s %-9lld\n", spaces + i, (long long)(val / normal));
}

/*
 * dt_print_quantline(): one histogram row after its value column.  Bars
 * are 40 wide, rounded to nearest; mirrored for negative-only data, half
 * width on both sides of a centre line when both signs are present.  The
 * count is the value divided by @normal.
 */
static void sonde_quantline(FILE *out, int64_t val, int64_t normal,
			    long double total, bool positives, bool negatives,
			    const struct sonde_aggstyle *st)
{
	static const char ats[] = "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@";
	static const char spaces[] = "                                        ";
	unsigned int len = SONDE_BAR_LEN, depth;
	long double f, a = sonde_absl((long double)val);
	long long n = (long long)(val / normal);

	if (!negatives) {
		if (positives) {
			if (st->utf8) {
				sonde_quantline_utf8(out, val, normal, total);
				return;
			}
			f = (a * len) / total;
			depth = (unsigned int)(f + 0.5);
		} else {
			depth = 0;
		}
		if (depth > len)
			depth = len;
		fprintf(out, "|%s%s %-9lld\n", ats + len - depth,
			spaces + depth, n);
		return;
	}
	if (!positives) {
		f = (a * len) / total;
		depth = (unsigned int)(f + 0.5);
		if (depth > len)
			depth = len;
		fprintf(out, "%s%s| %-9lld\n", spaces + depth,
			ats + len - depth, n);
		return;
	}
	len /= 2;
	f = (a * len) / total;
	depth = (unsigned int)(f + 0.5);
	if (depth > len)
		depth = len;
	if (val <= 0)
		fprintf(out, "%s%s|%*s %-9lld\n", spaces + len + depth,
			ats + len + len - depth, len, "", n);
	else
		fprintf(out, "%20s|%s%s %-9lld\n", "",
			ats + len + len - depth, spaces + len + depth, n);
}

/*
 * dt_quantize_total(): the bars' full scale, the sum of the magnitudes,
 * or under aggzoom the largest over DTRACE_AGGZOOM_MAX.
 */
static void sonde_quant_total(long double *total, int64_t datum,
			      const struct sonde_aggstyle *st)
{
	long double val = sonde_absl((long double)datum);

	if (!st->zoom) {
		*total += val;
		return;
	}
	val *= 1 / SONDE_AGGZOOM_MAX;
	if (*total < val)
		*total = val;
}

static void sonde_quant_scan(const int64_t *data, int first, int last,
			     const struct sonde_aggstyle *st,
			     long double *total, bool *pos, bool *neg)
{
	int i;

	*total = 0;
	*pos = *neg = false;
	for (i = first; i <= last; i++) {
		*pos |= data[i] > 0;
		*neg |= data[i] < 0;
		sonde_quant_total(total, data[i], st);
	}
}

static void sonde_quant_hdr(FILE *out)
{
	fprintf(out, "\n%16s %41s %-9s\n", "value",
		"------------- Distribution -------------", "count");
}

/*
 * First and last rows to show: one zero row either side of the non-zero
 * range; when everything is zero, rows @zlo..@zhi.
 */
static void sonde_quant_range(const int64_t *data, int nbins, int zlo,
			      int zhi, int *first, int *last)
{
	int f = 0, l = nbins - 1;

	while (f < nbins && data[f] == 0)
		f++;
	if (f == nbins) {
		*first = zlo;
		*last = zhi;
		return;
	}
	if (f > 0)
		f--;
	while (l > 0 && data[l] == 0)
		l--;
	if (l < nbins - 1)
		l++;
	*first = f;
	*last = l;
}

/* dt_print_quantize() */
static int sonde_quantize_style(FILE *out, const int64_t *data,
				int64_t normal,
				const struct sonde_aggstyle *st)
{
	long double total;
	int first, last, i;
	bool pos, neg;

	sonde_quant_range(data, SONDE_QUANTIZE_NBUCKETS,
			  SONDE_QUANTIZE_ZEROBUCKET - 1,
			  SONDE_QUANTIZE_ZEROBUCKET + 1, &first, &last);
	sonde_quant_scan(data, first, last, st, &total, &pos, &neg);
	sonde_quant_hdr(out);
	for (i = first; i <= last; i++) {
		fprintf(out, "%16lld ", (long long)sonde_quantize_bucket_val(i));
		sonde_quantline(out, data[i], normal, total, pos, neg, st);
	}
	return sonde_err(out);
}

int sonde_print_quantize(FILE *out, const int64_t *data)
{
	return sonde_quantize_style(out, data, 1, &sonde_style_plain);
}

/* dt_print_lquantize(): base and bucket labels are 32-bit as DTrace's. */
static int sonde_lquantize_style(FILE *out, const struct sonde_agg_desc *ad,
				 const int64_t *data, int64_t normal,
				 const struct sonde_aggstyle *st)
{
	int levels = (int)sonde_lquantize_levels(ad);
	int base = (int)ad->params[0], step = (int)ad->params[2];
	long double total;
	int first, last, i;
	bool pos, neg;
	char c[32];

	sonde_quant_range(data, levels + 2, 0, 2, &first, &last);
	sonde_quant_scan(data, first, last, st, &total, &pos, &neg);
	sonde_quant_hdr(out);
	for (i = first; i <= last; i++) {
		if (i == 0) {
			snprintf(c, sizeof(c), "< %d", base);
			fprintf(out, "%16s ", c);
		} else if (i == levels + 1) {
			snprintf(c, sizeof(c), ">= %d", base + levels * step);
			fprintf(out, "%16s ", c);
		} else {
			fprintf(out, "%16d ", base + (i - 1) * step);
		}
		sonde_quantline(out, data[i], normal, total, pos, neg, st);
	}
	return sonde_err(out);
}

int sonde_print_lquantize(FILE *out, const struct sonde_agg_desc *ad,
			  const int64_t *data)
{
	return sonde_lquantize_style(out, ad, data, 1, &sonde_style_plain);
}

/*
 * The lower bound of each llquantize() magnitude bucket, as
 * dtrace_aggregate_llquantize_bucket() lays them out: @v[0] = factor^low
 * (the bound of the zero bucket), @v[k] that of bucket k above the zero
 * bucket, @v[top] = factor^(high + 1).  @v has top + 1 entries (top:
 * sonde_llquantize_zerobucket()).
 */
void sonde_llquantize_bounds(const struct sonde_agg_desc *ad, int64_t *v)
{
	int64_t factor = ad->params[0], low = ad->params[1];
	int64_t high = ad->params[2], nsteps = ad->params[3];
	int64_t value = 1, next, step;
	int bin = 1, order;

	for (order = 0; order < low; order++)
		value *= factor;
	v[0] = value;
	next = value * factor;
	step = next > nsteps ? next / nsteps : 1;
	while (order <= high) {
		v[bin++] = value;
		if ((value += step) != next)
			continue;
		next = value * factor;
		step = next > nsteps ? next / nsteps : 1;
		order++;
	}
	v[bin] = value;
}

/*
 * dt_print_llquantize() of DTrace's llquantize() with negative values
 * (Oracle's libdtrace): the rows from one below the first non-zero
 * bucket to one above the last (the zero bucket and the one above it
 * when all are zero); the zero bucket reads "0" when factor^low is 1,
 * else "< N", or "abs() < N" when the rows reach below it; negative rows
 * "-N", the extremes "<= -N" and ">= N".
 */
static int sonde_llquantize_style(FILE *out, const struct sonde_agg_desc *ad,
				  const int64_t *data, int64_t normal,
				  const struct sonde_aggstyle *st)
{
	int zero = (int)sonde_llquantize_zerobucket(ad), n = 2 * zero + 1;
	int first = 0, last = n - 1, i, k;
	long double total;
	bool pos, neg;
	int64_t *b;
	char c[32];

	b = malloc((zero + 1) * sizeof(*b));
	if (!b)
		return -ENOMEM;
	sonde_llquantize_bounds(ad, b);
	while (first < n && !data[first])
		first++;
	if (first == n) {
		first = last = zero + 1;
	} else {
		while (!data[last])
			last--;
	}
	sonde_quant_scan(data, first, last, st, &total, &pos, &neg);
	sonde_quant_hdr(out);
	if (first > 0)
		first--;
	if (last < n - 1)
		last++;
	for (i = first; i <= last; i++) {
		k = i > zero ? i - zero : zero - i;
		if (i == zero && b[0] == 1)
			snprintf(c, sizeof(c), "0");
		else if (i == zero)
			snprintf(c, sizeof(c), "%s< %llu",
				 first >= zero ? "" : "abs() ",
				 (unsigned long long)b[0]);
		else
			snprintf(c, sizeof(c), "%s%s%llu",
				 k < zero ? "" : i < zero ? "<= " : ">= ",
				 i < zero ? "-" : "",
				 (unsigned long long)b[k]);
		fprintf(out, "%16s ", c);
		sonde_quantline(out, data[i], normal, total, pos, neg, st);
	}
	free(b);
	return sonde_err(out);
}

int sonde_print_llquantize(FILE *out, const struct sonde_agg_desc *ad,
			   const int64_t *data)
{
	return sonde_llquantize_style(out, ad, data, 1, &sonde_style_plain);
}

/* The aggregation value, dt_print_datum() / dt_print_average() etc. */
int sonde_print_aggval(FILE *out, const struct sonde_agg_desc *ad,
		       const int64_t *val)
{
	switch (ad->fn) {
	case SONDE_AGG_quantize:
		return sonde_print_quantize(out, val);
	case SONDE_AGG_lquantize:
		return sonde_print_lquantize(out, ad, val);
	case SONDE_AGG_llquantize:
		return sonde_print_llquantize(out, ad, val);
	case SONDE_AGG_avg:
		fprintf(out, " %16lld", (long long)sonde_avg(val));
		break;
	case SONDE_AGG_stddev:
		fprintf(out, " %16llu", (unsigned long long)sonde_stddev(val));
		break;
	default:
		fprintf(out, " %16lld", (long long)val[0]);
		break;
	}
	return sonde_err(out);
}

/*
 * The value as dt_print_datum() prints it under the display options @st:
 * histograms from the raw counts @raw with their numbers divided by
 * @normal, other functions from @val, already normalize()d.
 */
int sonde_print_aggval_style(FILE *out, const struct sonde_agg_desc *ad,
			     const int64_t *raw, const int64_t *val,
			     int64_t normal, const struct sonde_aggstyle *st)
{
	if (normal < 1)
		normal = 1;
	switch (ad->fn) {
	case SONDE_AGG_quantize:
		return sonde_quantize_style(out, raw, normal, st);
	case SONDE_AGG_lquantize:
		return sonde_lquantize_style(out, ad, raw, normal, st);
	case SONDE_AGG_llquantize:
		return sonde_llquantize_style(out, ad, raw, normal, st);
	default:
		return sonde_print_aggval(out, ad, val);
	}
}

/* ---- agghist: dt_aggregate_total(), dt_print_datum()'s histogram row -- */

int64_t sonde_aggtotal_value(const struct sonde_agg_desc *ad,
			     const int64_t *raw)
{
	switch (ad->fn) {
	case SONDE_AGG_avg:
		return sonde_avg(raw);
	case SONDE_AGG_stddev:
		return (int64_t)sonde_stddev(raw);
	default:
		return raw[0];
	}
}

void sonde_aggtotal_add(struct sonde_aggtotal *t,
			const struct sonde_agg_desc *ad, const int64_t *raw,
			const struct sonde_aggstyle *st)
{
	int64_t val;

	switch (ad->fn) {
	case SONDE_AGG_count:
	case SONDE_AGG_sum:
	case SONDE_AGG_avg:
	case SONDE_AGG_stddev:
		break;
	default:
		return;
	}
	val = sonde_aggtotal_value(ad, raw);
	t->hist = true;
	if (val > 0)
		t->pos = true;
	if (val < 0) {
		t->neg = true;
		val = val == INT64_MIN ? INT64_MAX : -val;
	}
	if (st->zoom) {
		val = (int64_t)((long double)val * (1 / SONDE_AGGZOOM_MAX));
		if (val > t->total)
			t->total = val;
	} else {
		t->total += val;
	}
}

/* dt_print_quanthdr(): "key" over the keys, "value" when there are none */
int sonde_print_hist_hdr(FILE *out, int width)
{
	fprintf(out, "\n%*s %41s %-9s\n", width ? width : 16,
		width ? "key" : "value",
		"------------- Distribution -------------", "count");
	return sonde_err(out);
}

int sonde_print_hist_row(FILE *out, int64_t val, int64_t normal,
			 const struct sonde_aggtotal *t,
			 const struct sonde_aggstyle *st)
{
	fputc(' ', out);
	sonde_quantline(out, val, normal < 1 ? 1 : normal,
			(long double)t->total, t->pos, t->neg, st);
	return sonde_err(out);
}

/* ---- aggpack: dt_aggregate_minmaxbin(), dt_print_*quantize_packed() --- */

void sonde_aggbins_add(struct sonde_aggbins *b,
		       const struct sonde_agg_desc *ad, const int64_t *raw)
{
	int minbin = -1, maxbin = -1, i;

	switch (ad->fn) {
	case SONDE_AGG_lquantize:
		/* the whole range, always */
		minbin = 1;
		maxbin = (int)sonde_lquantize_levels(ad) + 1;
		break;
	case SONDE_AGG_quantize:
		for (i = 0; i < SONDE_QUANTIZE_NBUCKETS; i++) {
			if (!raw[i])
				continue;
			if (minbin == -1)
				minbin = i;
			maxbin = i;
		}
		if (minbin == -1)
			minbin = maxbin = SONDE_QUANTIZE_ZEROBUCKET;
		break;
	default:
		return;
	}
	if (!b->pack) {
		b->pack = true;
		b->minbin = minbin;
		b->maxbin = maxbin;
		return;
	}
	if (minbin < b->minbin)
		b->minbin = minbin;
	if (maxbin > b->maxbin)
		b->maxbin = maxbin;
}

/* dt_ndigits(): at least 4; exact powers of ten count one short */
static int sonde_ndigits(long long val)
{
	long long cmp = 10;
	int rval = 1;

	if (val < 0) {
		val = val == INT64_MIN ? INT64_MAX : -val;
		rval++;
	}
	while (val > cmp && cmp > 0) {
		rval++;
		cmp *= 10;
	}
	return rval < 4 ? 4 : rval;
}

/* quantize(): one bin more either side, not below the zero bucket */
static void sonde_packed_bins(const struct sonde_aggbins *b, int *min,
			      int *max)
{
	*min = b->minbin;
	*max = b->maxbin;
	if (*min != 0 && *min != SONDE_QUANTIZE_ZEROBUCKET)
		(*min)--;
	if (*max < SONDE_QUANTIZE_NBUCKETS - 1)
		(*max)++;
}

int sonde_print_packed_hdr(FILE *out, int width,
			   const struct sonde_agg_desc *ad,
			   const struct sonde_aggbins *b)
{
	int min, max, minwidth, maxwidth, i;

	if (ad->fn == SONDE_AGG_quantize) {
		sonde_packed_bins(b, &min, &max);
		minwidth = sonde_ndigits(sonde_quantize_bucket_val(min));
		maxwidth = sonde_ndigits(sonde_quantize_bucket_val(max));
	} else {
		min = b->minbin;
		max = b->maxbin + 1;
		maxwidth = 8;
		minwidth = maxwidth - 1;
	}
	fprintf(out, "\n%*s %*s .", width, width > 0 ? "key" : "", minwidth,
		"min");
	for (i = min; i <= max; i++)
		fputc('-', out);
	fprintf(out, ". %*s | count\n", -maxwidth, "max");
	return sonde_err(out);
}

/*
 * dt_print_packed(): one bin as one cell, blank when empty; positive
 * counts in eight steps (block elements U+2581..U+2588, or "__xxxxXX"),
 * negative ones in six ("vvvvVV").
 */
static void sonde_packed_cell(FILE *out, long double datum, long double total,
			      bool utf8)
{
	static const char ascii[] = "__xxxxXX", neg[] = "vvvvVV";
	unsigned int k;

	if (datum == 0) {
		fputc(' ', out);
		return;
	}
	if (datum < 0) {
		k = (unsigned int)(sonde_absl(datum * (sizeof(neg) - 2)) /
				   total + 0.5);
		fputc(neg[k < sizeof(neg) - 1 ? k : sizeof(neg) - 2], out);
		return;
	}
	k = (unsigned int)((datum * (sizeof(ascii) - 2)) / total + 0.5);
	if (k > sizeof(ascii) - 2)
		k = sizeof(ascii) - 2;
	if (utf8)
		sonde_put_utf8(out, 0x2581 + k);
	else
		fputc(ascii[k], out);
}

int sonde_print_packed(FILE *out, const struct sonde_agg_desc *ad,
		       const int64_t *raw, const struct sonde_aggbins *b,
		       const struct sonde_aggstyle *st)
{
	long double total = 0, count = 0;
	int min, max, i, levels = 0;
	long long minval, maxval = 0;
	char c[32];

	if (ad->fn == SONDE_AGG_quantize) {
		sonde_packed_bins(b, &min, &max);
		minval = sonde_quantize_bucket_val(min);
		maxval = sonde_quantize_bucket_val(max);
		fprintf(out, " %*lld :", sonde_ndigits(minval), minval);
	} else {
		levels = (int)sonde_lquantize_levels(ad);
		min = 0;
		max = levels + 1;
		snprintf(c, sizeof(c), "< %d", (int)ad->params[0]);
		fprintf(out, "%8s :", c);
	}
	for (i = min; i <= max; i++) {
		sonde_quant_total(&total, raw[i], st);
		count += raw[i];
	}
	for (i = min; i <= max; i++)
		sonde_packed_cell(out, raw[i], total, st->pack_utf8);
	if (ad->fn == SONDE_AGG_quantize) {
		fprintf(out, ": %*lld | %lld\n", -sonde_ndigits(maxval),
			maxval, (long long)count);
	} else {
		snprintf(c, sizeof(c), ">= %d", (int)ad->params[0] +
			 levels * (int)ad->params[2]);
		fprintf(out, ": %-8s | %lld\n", c, (long long)count);
	}
	return sonde_err(out);
}
