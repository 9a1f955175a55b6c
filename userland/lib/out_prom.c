// SPDX-License-Identifier: GPL-2.0
/*
 * out_prom.c - "-O prometheus" (beyond DTrace): every aggregation as a
 * metric family of the Prometheus text exposition format (0.0.4), for
 * node_exporter's textfile collector or a scrape of sonde --listen.
 * docs/prometheus.md is the mapping; in short:
 *
 *	count(), sum()          counter  sonde_<name>_total
 *	min() max() avg()       gauge    sonde_<name>
 *	stddev()                gauge    sonde_<name>
 *	quantize() lquantize()  histogram sonde_<name>_bucket{le=...},
 *	llquantize()                     sonde_<name>_count
 *
 * The unnamed aggregation @ is sonde_agg.  Keys are labels named by the
 * variable every use keys by (@x[execname, self->fd]: execname, fd; the
 * compiler's keynames), else key0, key1... by position; strings,
 * integers and sym()-family names only: a stack or a struct as a label
 * value is refused when the format is set (sonde_prom_check()).
 * A histogram has every bucket of its layout, always the same set (what
 * rate() and histogram_quantile() need), cumulative, each "le" the
 * exact largest integer its range holds; no _sum: DTrace's histograms
 * keep the buckets' counts only, and an estimate would not be the sum.
 *
 * The exposition is of the whole aggregation table as the consumer has
 * it.  It is made after every aggregation snapshot (aggrate), every
 * printa() and at the end; with a snapshot callback set
 * (sonde_consumer_set_snapfn(): -o FILE's atomic replace, --listen)
 * each goes there, else printa()'s and the last one go to the output.
 * Values are as printa() shows them (normalize()d).  Consumer thread
 * only.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "consume_impl.h"
#include "vm.h"

/* The metric family of aggregation @a: its name (malloc'd, NULL on
 * ENOMEM) and type. */
static char *sonde_prom_family(const struct sonde_pagg *a, const char **type)
{
	const char *name = a->name && strcmp(a->name, "_") ? a->name : "agg";
	char *s = NULL;

	switch (a->desc.fn) {
	case SONDE_AGG_count:
	case SONDE_AGG_sum:
		*type = "counter";
		return asprintf(&s, "sonde_%s_total", name) < 0 ? NULL : s;
	case SONDE_AGG_quantize:
	case SONDE_AGG_lquantize:
	case SONDE_AGG_llquantize:
		*type = "histogram";
		break;
	default:
		*type = "gauge";
	}
	return asprintf(&s, "sonde_%s", name) < 0 ? NULL : s;
}

static bool sonde_prom_is_hist(uint32_t fn)
{
	return fn == SONDE_AGG_quantize || fn == SONDE_AGG_lquantize ||
	       fn == SONDE_AGG_llquantize;
}

/* Can a key of type @t be a label value? */
static bool sonde_prom_label_ok(struct sonde_dtype t)
{
	return t.kind == SONDE_DT_INT || t.kind == SONDE_DT_UINT ||
	       t.kind == SONDE_DT_STR || sonde_dt_bytes_int(t) ||
	       sonde_dt_is_sym(t);
}

static const char *sonde_prom_kind_name(struct sonde_dtype t)
{
	if (t.kind == SONDE_DT_KSTACK)
		return "stack()";
	if (t.kind == SONDE_DT_USTACK)
		return "ustack()";
	if (sonde_dt_is_jstack(t))
		return "jstack()";
	return "a struct or buffer";
}

/* Is @a1 followed by @a2 the string @b1 followed by @b2? */
static bool sonde_cat_eq(const char *a1, const char *a2, const char *b1,
			 const char *b2)
{
	for (;;) {
		if (!*a1 && a2) {
			a1 = a2;
			a2 = NULL;
			continue;
		}
		if (!*b1 && b2) {
			b1 = b2;
			b2 = NULL;
			continue;
		}
		if (*a1 != *b1)
			return false;
		if (!*a1)
			return true;
		a1++;
		b1++;
	}
}

/* Does one of @x's sample names (the family's, and a histogram's
 * _bucket and _count) equal one of @y's?  *@what: that name's suffix. */
static bool sonde_prom_clash(const char *x, bool xhist, const char *y,
			     bool yhist, const char **what)
{
	static const char *const sfx[] = { "", "_bucket", "_count" };
	uint32_t i, j;

	for (i = 0; i < (xhist ? 3u : 1u); i++)
		for (j = 0; j < (yhist ? 3u : 1u); j++)
			if (sonde_cat_eq(x, sfx[i], y, sfx[j])) {
				*what = sfx[i];
				return true;
			}
	return false;
}

static const char *sonde_prom_aggname(const struct sonde_pagg *a)
{
	return a->name && strcmp(a->name, "_") ? a->name : "";
}

int sonde_prom_check(struct sonde_consumer *c)
{
	const struct sonde_program *p = c->prog;
	const char *type, *sfx;
	char **names;
	uint32_t i, j, k;
	int err = 0;

	for (i = 0; i < p->naggs; i++) {
		const struct sonde_pagg *a = &p->aggs[i];

		for (k = 0; k < a->desc.nkeys; k++) {
			if (sonde_prom_label_ok(a->keys[k]))
				continue;
			sonde_consumer_msg(c, SONDE_MSG_ERROR,
					   "-O prometheus: key %u of @%s is %s, which cannot be a label value: use -O folded for stacks",
					   k, sonde_prom_aggname(a),
					   sonde_prom_kind_name(a->keys[k]));
			return -EINVAL;
		}
	}
	names = calloc(p->naggs + 1, sizeof(*names));
	if (!names)
		return -ENOMEM;
	for (i = 0; i < p->naggs && !err; i++) {
		names[i] = sonde_prom_family(&p->aggs[i], &type);
		if (!names[i])
			err = -ENOMEM;
	}
	for (i = 0; i < p->naggs && !err; i++)
		for (j = 0; j < i && !err; j++) {
			if (!sonde_prom_clash(names[i],
					      sonde_prom_is_hist(p->aggs[i].desc.fn),
					      names[j],
					      sonde_prom_is_hist(p->aggs[j].desc.fn),
					      &sfx))
				continue;
			sonde_consumer_msg(c, SONDE_MSG_ERROR,
					   "-O prometheus: aggregations @%s and @%s both make metric %s%s: rename one",
					   sonde_prom_aggname(&p->aggs[j]),
					   sonde_prom_aggname(&p->aggs[i]),
					   names[i], sfx);
			err = -EINVAL;
		}
	for (i = 0; i < p->naggs; i++)
		free(names[i]);
	free(names);
	return err;
}

/*
 * A label value: \, " and newline escaped as the format says, bytes that
 * are not UTF-8 replaced by U+FFFD (the format's values are UTF-8).
 */
static void sonde_prom_escape(FILE *out, const unsigned char *s, size_t n)
{
	size_t i = 0, k, len;
	unsigned char ch;
	uint32_t cp;

	while (i < n && s[i]) {
		ch = s[i];
		if (ch < 0x80) {
			if (ch == '\\')
				fputs("\\\\", out);
			else if (ch == '"')
				fputs("\\\"", out);
			else if (ch == '\n')
				fputs("\\n", out);
			else
				fputc(ch, out);
			i++;
			continue;
		}
		len = ch >= 0xf0 && ch < 0xf5 ? 4 : ch >= 0xe0 ? 3 :
		      ch >= 0xc2 && ch < 0xe0 ? 2 : 0;
		if (ch >= 0xf5)
			len = 0;
		cp = len == 4 ? ch & 7 : len == 3 ? ch & 15 : ch & 31;
		for (k = 1; k < len; k++) {
			if (i + k >= n || (s[i + k] & 0xc0) != 0x80)
				break;
			cp = cp << 6 | (s[i + k] & 0x3f);
		}
		/* short, overlong, a surrogate or past U+10FFFF */
		if (!len || k < len || (len == 3 && cp < 0x800) ||
		    (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
		    (cp >= 0xd800 && cp <= 0xdfff)) {
			fputs("\xef\xbf\xbd", out);
			i++;
			continue;
		}
		fwrite(s + i, 1, len, out);
		i += len;
	}
}

/* Key @k's label value (the types sonde_prom_check() let through). */
static void sonde_prom_label(struct sonde_consumer *c, FILE *out,
			     const struct sonde_fmtarg *k)
{
	struct sonde_dtype t = k->type;
	char name[1024];
	uint64_t u = 0;
	int64_t v;
	int pid;

	if (sonde_dt_is_sym(t)) {
		uint64_t pc = sonde_symkey_addr(t, k->data, &pid);

		sonde_consumer_symname(c, SONDE_DT_SACT(t.kind), pid, pc,
				       name, sizeof(name));
		sonde_prom_escape(out, (const unsigned char *)name,
				  sizeof(name));
		return;
	}
	if (t.kind == SONDE_DT_STR) {
		sonde_prom_escape(out, k->data, t.size);
		return;
	}
	memcpy(&u, k->data, t.size <= 8 ? t.size : 8);
	if (t.kind == SONDE_DT_UINT) {
		fprintf(out, "%llu", (unsigned long long)u);
		return;
	}
	v = t.size >= 8 ? (int64_t)u :
	    (int64_t)(u << (64 - 8 * t.size)) >> (64 - 8 * t.size);
	fprintf(out, "%lld", (long long)v);
}

const char *sonde_agg_keylabel(const struct sonde_pagg *a, uint32_t k,
				char *buf, size_t n)
{
	uint32_t j;

	if (a->keynames && k < a->desc.nkeys && a->keynames[k]) {
		for (j = 0; j < a->desc.nkeys; j++)
			if (j != k && a->keynames[j] &&
			    !strcmp(a->keynames[j], a->keynames[k]))
				break;
		if (j == a->desc.nkeys)
			return a->keynames[k];
	}
	snprintf(buf, n, "key%u", k);
	return buf;
}

/* name{execname="..",key1=".."[,le=".."]} */
static void sonde_prom_series(struct sonde_consumer *c, FILE *out,
			      const struct sonde_pagg *a, const char *name,
			      const char *suffix,
			      const struct sonde_fmtarg *keys, uint32_t nkeys,
			      const char *le)
{
	char lb[16];
	uint32_t k;

	fprintf(out, "%s%s", name, suffix);
	if (!nkeys && !le)
		return;
	fputc('{', out);
	for (k = 0; k < nkeys; k++) {
		fprintf(out, "%s%s=\"", k ? "," : "",
			sonde_agg_keylabel(a, k, lb, sizeof(lb)));
		sonde_prom_label(c, out, &keys[k]);
		fputc('"', out);
	}
	if (le)
		fprintf(out, "%sle=\"%s\"", nkeys ? "," : "", le);
	fputc('}', out);
}

/*
 * Bucket @b's "le" of histogram @ad: the largest value its range holds
 * (every value is an integer), "+Inf" for the last; @bounds: an
 * llquantize()'s sonde_llquantize_bounds().
 */
static void sonde_prom_le(const struct sonde_agg_desc *ad, uint32_t b,
			  uint32_t nb, const int64_t *bounds, char *buf,
			  size_t n)
{
	int64_t le;
	uint32_t zero;

	if (b == nb - 1) {
		snprintf(buf, n, "+Inf");
		return;
	}
	switch (ad->fn) {
	case SONDE_AGG_quantize:
		/* [-2^(62-b) .. ] below zero: the value nearest zero;
		 * above, one less than the next bucket's lower bound */
		if (b <= SONDE_QUANTIZE_ZEROBUCKET)
			le = sonde_quantize_bucket_val((int)b);
		else
			le = sonde_quantize_bucket_val((int)b + 1) - 1;
		break;
	case SONDE_AGG_lquantize:
		/* bucket 0: below base; i: [base + (i-1) step, base + i step) */
		le = ad->params[0] + (int64_t)b * ad->params[2] - 1;
		break;
	default:
		/* llquantize: bounds[0] = factor^low (the zero bucket holds
		 * |x| < it), bounds[j] bucket zero+j's lower bound; below
		 * zero the buckets mirror them */
		zero = sonde_llquantize_zerobucket(ad);
		if (b == zero)
			le = bounds[0] - 1;
		else if (b > zero)
			le = bounds[b - zero + 1] - 1;
		else
			le = -bounds[zero - b];
	}
	snprintf(buf, n, "%lld", (long long)le);
}

static void sonde_prom_value(FILE *out, const struct sonde_agg_desc *ad,
			     const int64_t *val)
{
	switch (ad->fn) {
	case SONDE_AGG_avg:
		fprintf(out, " %lld\n", (long long)sonde_avg(val));
		break;
	case SONDE_AGG_stddev:
		fprintf(out, " %llu\n", (unsigned long long)sonde_stddev(val));
		break;
	default:
		fprintf(out, " %lld\n", (long long)val[0]);
	}
}

/* One entry's samples. */
static void sonde_prom_entry(struct sonde_consumer *c, FILE *out,
			     const struct sonde_pagg *a, const char *name,
			     const struct sonde_aggent *e, int64_t *nval,
			     size_t cap, int64_t *bounds)
{
	struct sonde_fmtarg keys[SONDE_MAX_AGG_KEYS];
	const struct sonde_agg_desc *ad = &a->desc;
	uint32_t nkeys, nb, b;
	const int64_t *val;
	int64_t cum = 0;
	char le[32];

	nkeys = sonde_aggent_keys(c, e, keys);
	val = sonde_agg_normalized(a, e->val, nval, cap);
	if (!sonde_prom_is_hist(ad->fn)) {
		sonde_prom_series(c, out, a, name, "", keys, nkeys, NULL);
		sonde_prom_value(out, ad, val);
		return;
	}
	nb = sonde_agg_val_size(ad) / sizeof(int64_t);
	for (b = 0; b < nb; b++) {
		cum += val[b];
		sonde_prom_le(ad, b, nb, bounds, le, sizeof(le));
		sonde_prom_series(c, out, a, name, "_bucket", keys, nkeys, le);
		fprintf(out, " %lld\n", (long long)cum);
	}
	sonde_prom_series(c, out, a, name, "_count", keys, nkeys, NULL);
	fprintf(out, " %lld\n", (long long)cum);
}

int sonde_prom_write(struct sonde_consumer *c, FILE *out)
{
	const struct sonde_program *p = c->prog;
	struct sonde_aggent **v;
	int64_t *nval = NULL, *bounds = NULL;
	size_t cap = 1, k;
	uint32_t i, n, j = 0;
	const char *type, *fn;
	char *name, lb[16];
	int err = 0;

	for (i = 0; i < p->naggs; i++) {
		k = sonde_agg_val_size(&p->aggs[i].desc) / sizeof(int64_t);
		cap = k > cap ? k : cap;
	}
	v = sonde_aggtab_sorted(c, UINT32_MAX, &n);
	nval = malloc(cap * sizeof(int64_t));
	/* an llquantize()'s bounds: at most its buckets + 1 */
	bounds = malloc((cap + 1) * sizeof(int64_t));
	if (!v || !nval || !bounds) {
		err = -ENOMEM;
		goto out_free;
	}
	for (i = 0; i < p->naggs; i++) {
		const struct sonde_pagg *a = &p->aggs[i];

		name = sonde_prom_family(a, &type);
		if (!name) {
			err = -ENOMEM;
			goto out_free;
		}
		fn = sonde_aggfn_name(a->desc.fn);
		fprintf(out, "# HELP %s @%s = %s()", name,
			sonde_prom_aggname(a), fn ? fn : "?");
		for (k = 0; k < a->desc.nkeys; k++)
			fprintf(out, "%s%s", k ? ", " : " by ",
				sonde_agg_keylabel(a, (uint32_t)k, lb,
						   sizeof(lb)));
		fprintf(out, "\n# TYPE %s %s\n", name, type);
		if (a->desc.fn == SONDE_AGG_llquantize)
			sonde_llquantize_bounds(&a->desc, bounds);
		/* the entries are sorted by aggregation first */
		for (; j < n && v[j]->aggid < i; j++)
			;
		for (; j < n && v[j]->aggid == i; j++)
			sonde_prom_entry(c, out, a, name, v[j], nval, cap,
					 bounds);
		free(name);
	}
	if (ferror(out))
		err = -EIO;
out_free:
	free(bounds);
	free(nval);
	free(v);
	return err;
}

/*
 * One exposition: to the snapshot callback if there is one, else to the
 * output when @print (printa(), the end).
 */
static int sonde_prom_emit(struct sonde_consumer *c, bool print)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m;
	int err;

	if (!c->snapfn) {
		if (!print)
			return 0;
		err = sonde_prom_write(c, c->out);
		if (!err)
			fflush(c->out);
		return err ? err : ferror(c->out) ? -EIO : 0;
	}
	m = open_memstream(&text, &len);
	if (!m)
		return -ENOMEM;
	err = sonde_prom_write(c, m);
	if (fclose(m) && !err)
		err = -ENOMEM;
	if (!err)
		err = c->snapfn(c->snap_arg, text, len);
	free(text);
	return err;
}

static int prom_agg_end(struct sonde_consumer *c,
			const struct sonde_aggprint *ap)
{
	/* printa(): the table now, before a clear() that may follow */
	return ap->printa ? sonde_prom_emit(c, true) : 0;
}

static int prom_snapshot(struct sonde_consumer *c)
{
	return sonde_prom_emit(c, false);
}

static int prom_finish(struct sonde_consumer *c)
{
	return sonde_prom_emit(c, true);
}

const struct sonde_output sonde_output_prometheus = {
	.name = "prometheus",
	/* one printa() of several aggregations: one exposition */
	.join_aggs = true,
	.agg_end = prom_agg_end,
	.snapshot = prom_snapshot,
	.finish = prom_finish,
};
