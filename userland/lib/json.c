// SPDX-License-Identifier: GPL-2.0
/*
 * json.c - the consumer's "-O json" output (beyond DTrace): one JSON object
 * per line for every record, aggregation, drop and error (docs/json.md is
 * the schema).  Values keep their D types: integers are numbers, strings
 * strings, stacks arrays of frame names, memory (copyin() buffers) hex
 * strings.  Consumer thread only.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "consume_impl.h"
#include "vm.h"

void sonde_json_str(FILE *out, const char *s, size_t n)
{
	size_t i;

	fputc('"', out);
	for (i = 0; i < n && s[i]; i++) {
		unsigned char ch = (unsigned char)s[i];

		switch (ch) {
		case '"':
			fputs("\\\"", out);
			break;
		case '\\':
			fputs("\\\\", out);
			break;
		case '\n':
			fputs("\\n", out);
			break;
		case '\t':
			fputs("\\t", out);
			break;
		case '\r':
			fputs("\\r", out);
			break;
		default:
			/* control bytes escaped; other bytes pass through */
			if (ch < 0x20 || ch == 0x7f)
				fprintf(out, "\\u%04x", ch);
			else
				fputc(ch, out);
		}
	}
	fputc('"', out);
}

void sonde_json_value(struct sonde_consumer *c, const void *data,
		      struct sonde_dtype t, int pid)
{
	struct sonde_syms *syms;
	char name[1024];
	uint64_t u = 0, pc;
	int64_t v;
	uint32_t i;

	switch (t.kind) {
	case SONDE_DT_STR:
		sonde_json_str(c->out, data, t.size);
		return;
	case SONDE_DT_BYTES:
		/* memory: a string of hex digits, two per byte */
		fputc('"', c->out);
		for (i = 0; i < t.size; i++)
			fprintf(c->out, "%02x",
				((const unsigned char *)data)[i]);
		fputc('"', c->out);
		return;
	case SONDE_DT_KSTACK:
	case SONDE_DT_USTACK:
		syms = sonde_consumer_syms(c);
		fputc('[', c->out);
		for (i = 0; i < t.size / 8; i++) {
			memcpy(&pc, (const char *)data + i * 8, 8);
			if (!pc)
				break;
			if (!syms)
				snprintf(name, sizeof(name), "0x%llx",
					 (unsigned long long)pc);
			else if (t.kind == SONDE_DT_USTACK)
				sonde_syms_uaddr(syms, pid, pc, name,
						 sizeof(name));
			else
				sonde_syms_kaddr(syms, pc, name, sizeof(name));
			if (i)
				fputc(',', c->out);
			sonde_json_str(c->out, name, sizeof(name));
		}
		fputc(']', c->out);
		return;
	}
	if (t.size > 8 || !t.size) {
		fputs("null", c->out);
		return;
	}
	memcpy(&u, data, t.size);
	if (t.kind == SONDE_DT_UINT) {
		fprintf(c->out, "%llu", (unsigned long long)u);
		return;
	}
	/* sign-extend from the D size */
	v = t.size == 8 ? (int64_t)u :
	    (int64_t)(u << (64 - 8 * t.size)) >> (64 - 8 * t.size);
	fprintf(c->out, "%lld", (long long)v);
}

/* One histogram bucket, non-zero ones only. */
static void sonde_json_bucket(FILE *out, bool *first, int64_t value,
			      int64_t count, const char *edge)
{
	if (!count)
		return;
	fprintf(out, "%s{\"value\":%lld,\"count\":%lld%s}", *first ? "" : ",",
		(long long)value, (long long)count, edge);
	*first = false;
}

static void sonde_json_hist(FILE *out, const struct sonde_agg_desc *ad,
			    const int64_t *val)
{
	bool first = true;
	int i, n;

	fputc('[', out);
	switch (ad->fn) {
	case SONDE_AGG_quantize:
		for (i = 0; i < SONDE_QUANTIZE_NBUCKETS; i++)
			sonde_json_bucket(out, &first,
					  sonde_quantize_bucket_val(i), val[i],
					  "");
		break;
	case SONDE_AGG_lquantize: {
		int base = (int)ad->params[0], step = (int)ad->params[2];

		n = (int)sonde_lquantize_levels(ad);
		sonde_json_bucket(out, &first, base, val[0],
				  ",\"underflow\":true");
		for (i = 1; i <= n; i++)
			sonde_json_bucket(out, &first, base + (i - 1) * step,
					  val[i], "");
		sonde_json_bucket(out, &first, base + n * step, val[n + 1],
				  ",\"overflow\":true");
		break;
	}
	case SONDE_AGG_llquantize: {
		int64_t factor = ad->params[0], low = ad->params[1];
		int64_t high = ad->params[2], nsteps = ad->params[3];
		int64_t value = 1, next, step;
		int bin = 1, order;

		for (order = 0; order < low; order++)
			value *= factor;
		sonde_json_bucket(out, &first, value, val[0],
				  ",\"underflow\":true");
		next = value * factor;
		step = next > nsteps ? next / nsteps : 1;
		while (order <= high) {
			sonde_json_bucket(out, &first, value, val[bin++], "");
			if ((value += step) != next)
				continue;
			next = value * factor;
			step = next > nsteps ? next / nsteps : 1;
			order++;
		}
		sonde_json_bucket(out, &first, value, val[bin],
				  ",\"overflow\":true");
		break;
	}
	}
	fputc(']', out);
}

int sonde_json_agg(struct sonde_consumer *c, uint32_t aggid,
		   struct sonde_aggent **v, uint32_t n)
{
	const struct sonde_pagg *a = &c->prog->aggs[aggid];
	const struct sonde_agg_desc *ad = &a->desc;
	const char *fn = sonde_aggfn_name(ad->fn);
	struct sonde_dtype kt;
	uint32_t i, k, off;
	const int64_t *val;

	fputs("{\"type\":\"aggregation\",\"name\":", c->out);
	sonde_json_str(c->out, a->name ? a->name : "_", SIZE_MAX);
	fprintf(c->out, ",\"function\":\"%s\",\"entries\":[", fn ? fn : "?");
	for (i = 0; i < n; i++) {
		fputs(i ? ",{\"keys\":[" : "{\"keys\":[", c->out);
		for (k = 0, off = 0; k < ad->nkeys; k++) {
			kt = a->keys[k];
			if (kt.kind == SONDE_DT_STR)
				kt.size = c->strsize;
			if (k)
				fputc(',', c->out);
			sonde_json_value(c, v[i]->key + off, kt, c->upid);
			off += sonde_keyfield_size(c, kt);
		}
		fputs("],", c->out);
		val = v[i]->val;
		switch (ad->fn) {
		case SONDE_AGG_quantize:
		case SONDE_AGG_lquantize:
		case SONDE_AGG_llquantize:
			fputs("\"buckets\":", c->out);
			sonde_json_hist(c->out, ad, val);
			break;
		case SONDE_AGG_avg:
			fprintf(c->out, "\"value\":%lld",
				val[0] ? (long long)(val[1] / val[0]) : 0LL);
			break;
		case SONDE_AGG_stddev:
			fprintf(c->out, "\"value\":%llu",
				(unsigned long long)sonde_stddev(val));
			break;
		default:
			fprintf(c->out, "\"value\":%lld", (long long)val[0]);
		}
		fputc('}', c->out);
	}
	fputs("]}\n", c->out);
	c->prog->aggs[aggid].printed = true;
	return ferror(c->out) ? -EIO : 0;
}
