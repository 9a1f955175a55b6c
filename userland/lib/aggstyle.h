/* SPDX-License-Identifier: GPL-2.0 */
/*
 * aggstyle.h - DTrace's aggregation display options for the default
 * output: aggzoom (the tallest bar fills 95% of the width), encoding=utf8
 * (histogram bars of block elements), agghist (count() / sum() / avg() /
 * stddev() values as histogram rows), aggpack (quantize() / lquantize()
 * packed on one line).  print_agg.c draws; out_text.c decides which
 * layout a row takes (libdtrace dt_consume.c: dt_print_datum,
 * dt_print_quantline*, dt_print_packed, dt_print_*quantize_packed;
 * dt_aggregate.c: dt_aggregate_total, dt_aggregate_minmaxbin).
 * Userland only.
 */
#ifndef _SONDE_AGGSTYLE_H
#define _SONDE_AGGSTYLE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "libsonde.h"

/* DTRACE_AGGZOOM_MAX: the height of the tallest bar under aggzoom */
#define SONDE_AGGZOOM_MAX	0.95

struct sonde_aggstyle {
	bool zoom;		/* aggzoom */
	bool utf8;		/* encoding=utf8: dt_print_quantline_utf8() */
	bool pack_utf8;		/* aggpack's cells in block elements: not
				 * encoding=ascii, TERM not dumb/sun */
};

/*
 * dt_aggregate_total() of one aggregation: over all its entries, the sum
 * of the values' magnitudes (aggzoom: the largest / 0.95), and whether
 * any is positive / negative.  @hist: the function has such a total
 * (count, sum, avg, stddev) and the aggregation has entries.
 */
struct sonde_aggtotal {
	bool hist;
	bool pos, neg;
	int64_t total;
};

/* The value agghist draws for @raw (not normalize()d). */
int64_t sonde_aggtotal_value(const struct sonde_agg_desc *ad,
			     const int64_t *raw);
void sonde_aggtotal_add(struct sonde_aggtotal *t,
			const struct sonde_agg_desc *ad, const int64_t *raw,
			const struct sonde_aggstyle *st);

/*
 * dt_aggregate_minmaxbin() of one aggregation: @pack when the function
 * packs (quantize, lquantize); quantize's first and last non-zero bins
 * over all entries (the zero bucket for an entry with none), lquantize's
 * whole range.
 */
struct sonde_aggbins {
	bool pack;
	int minbin, maxbin;
};

void sonde_aggbins_add(struct sonde_aggbins *b,
		       const struct sonde_agg_desc *ad, const int64_t *raw);

/* The value as dt_print_datum() prints it: histograms' bars from the
 * raw counts @raw, numbers divided by @normal (1: none); other functions
 * @val, already normalize()d. */
int sonde_print_aggval_style(FILE *out, const struct sonde_agg_desc *ad,
			     const int64_t *raw, const int64_t *val,
			     int64_t normal, const struct sonde_aggstyle *st);
/* The header above agghist rows, @width the keys' packed width (0: no
 * keys), dt_print_quanthdr() */
int sonde_print_hist_hdr(FILE *out, int width);
/* " " and one agghist row, dt_print_quantline() */
int sonde_print_hist_row(FILE *out, int64_t val, int64_t normal,
			 const struct sonde_aggtotal *t,
			 const struct sonde_aggstyle *st);
/* dt_print_quanthdr_packed() */
int sonde_print_packed_hdr(FILE *out, int width,
			   const struct sonde_agg_desc *ad,
			   const struct sonde_aggbins *b);
/* dt_print_quantize_packed() / dt_print_lquantize_packed() */
int sonde_print_packed(FILE *out, const struct sonde_agg_desc *ad,
		       const int64_t *raw, const struct sonde_aggbins *b,
		       const struct sonde_aggstyle *st);
/* A key as dt_print_datum() prints it, @packed: strings and other
 * non-integers " %16s" (agghist / aggpack rows) */
int sonde_print_aggkey_style(FILE *out, const void *data,
			     struct sonde_dtype type, bool packed);
/* The width a key of @type takes in a packed header (dt_print_datum()'s
 * fmttab: 3, 5, 8 or 16 and the space before it) */
int sonde_aggkey_packed_width(struct sonde_dtype type);

#endif /* _SONDE_AGGSTYLE_H */
