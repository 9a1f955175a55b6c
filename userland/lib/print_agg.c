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

/*
 * An aggregation key component, dt_print_datum() with normal 1: integers
 * by their D size (" %16lld", " %8d", " %5d", " %3d"), strings through
 * dt_print_bytes() with width -50.  Integer keys are stored in 8 bytes;
 * the D type says how many of them count.
 */
int sonde_print_aggkey(FILE *out, const void *data, struct sonde_dtype type)
{
	int64_t v;

	if (type.kind == SONDE_DT_STR)
		return sonde_print_bytes(out, data, type.size, -50, false,
					 false);
	memcpy(&v, data, 8);
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
	avg = val[1] / val[0];
	if (avg < 0)
		avg = -avg;
	soa = (unsigned __int128)(uint64_t)avg * (uint64_t)avg;
	return sonde_sqrt128(aos - soa);
}

/*
 * dt_print_quantline(): one histogram row after its value column.  Bars
 * are 40 wide, rounded to nearest; mirrored for negative-only data, half
 * width on both sides of a centre line when both signs are present.
 */
static void sonde_quantline(FILE *out, int64_t val, long double total,
			    bool positives, bool negatives)
{
	static const char ats[] = "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@";
	static const char spaces[] = "                                        ";
	unsigned int len = SONDE_BAR_LEN, depth;
	long double f, a = val < 0 ? -(long double)val : (long double)val;

	if (!negatives) {
		if (positives) {
			f = (a * len) / total;
			depth = (unsigned int)(f + 0.5);
		} else {
			depth = 0;
		}
		fprintf(out, "|%s%s %-9lld\n", ats + len - depth,
			spaces + depth, (long long)val);
		return;
	}
	if (!positives) {
		f = (a * len) / total;
		depth = (unsigned int)(f + 0.5);
		fprintf(out, "%s%s| %-9lld\n", spaces + depth,
			ats + len - depth, (long long)val);
		return;
	}
	len /= 2;
	f = (a * len) / total;
	depth = (unsigned int)(f + 0.5);
	if (val <= 0)
		fprintf(out, "%s%s|%*s %-9lld\n", spaces + len + depth,
			ats + len + len - depth, len, "", (long long)val);
	else
		fprintf(out, "%20s|%s%s %-9lld\n", "",
			ats + len + len - depth, spaces + len + depth,
			(long long)val);
}

static void sonde_quant_scan(const int64_t *data, int first, int last,
			     long double *total, bool *pos, bool *neg)
{
	int i;

	*total = 0;
	*pos = *neg = false;
	for (i = first; i <= last; i++) {
		*pos |= data[i] > 0;
		*neg |= data[i] < 0;
		*total += data[i] < 0 ? -(long double)data[i] :
					 (long double)data[i];
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
int sonde_print_quantize(FILE *out, const int64_t *data)
{
	long double total;
	int first, last, i;
	bool pos, neg;

	sonde_quant_range(data, SONDE_QUANTIZE_NBUCKETS,
			  SONDE_QUANTIZE_ZEROBUCKET - 1,
			  SONDE_QUANTIZE_ZEROBUCKET + 1, &first, &last);
	sonde_quant_scan(data, first, last, &total, &pos, &neg);
	sonde_quant_hdr(out);
	for (i = first; i <= last; i++) {
		fprintf(out, "%16lld ", (long long)sonde_quantize_bucket_val(i));
		sonde_quantline(out, data[i], total, pos, neg);
	}
	return sonde_err(out);
}

/* dt_print_lquantize(): base and bucket labels are 32-bit as DTrace's. */
int sonde_print_lquantize(FILE *out, const struct sonde_agg_desc *ad,
			  const int64_t *data)
{
	int levels = (int)sonde_lquantize_levels(ad);
	int base = (int)ad->params[0], step = (int)ad->params[2];
	long double total;
	int first, last, i;
	bool pos, neg;
	char c[32];

	sonde_quant_range(data, levels + 2, 0, 2, &first, &last);
	sonde_quant_scan(data, first, last, &total, &pos, &neg);
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
		sonde_quantline(out, data[i], total, pos, neg);
	}
	return sonde_err(out);
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
int sonde_print_llquantize(FILE *out, const struct sonde_agg_desc *ad,
			   const int64_t *data)
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
	sonde_quant_scan(data, first, last, &total, &pos, &neg);
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
		sonde_quantline(out, data[i], total, pos, neg);
	}
	free(b);
	return sonde_err(out);
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
		fprintf(out, " %16lld",
			val[0] ? (long long)(val[1] / val[0]) : 0LL);
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
