// SPDX-License-Identifier: GPL-2.0
/*
 * out_json.c - the "-O json" output (beyond DTrace): one JSON object per
 * line for every record, aggregation, drop, error and abort
 * (docs/json.md is the schema).  Values keep their D types: integers are
 * numbers, strings strings, stacks arrays of frame names, memory
 * (copyin() buffers) hex strings.  A record is one line, so the rows of
 * its printa()s follow it; several aggregations of one printa() are one
 * line each.  Consumer thread only.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "consume_impl.h"
#include "vm.h"

static void sonde_json_str(FILE *out, const char *s, size_t n)
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

struct sonde_json_jframes {
	struct sonde_consumer *c;
	uint32_t n;
};

/* A jstack() frame: {"frame":"mod`func+0x1"} or {"function":"f",
 * "file":"f.py","line":12} (no "line" when unknown, null names when the
 * record had no room for them). */
static int sonde_json_jframe(void *arg, const char *native,
			     const struct sonde_jpy *py)
{
	struct sonde_json_jframes *j = arg;
	FILE *out = j->c->out;

	fputs(j->n++ ? ",{" : "{", out);
	if (native) {
		fputs("\"frame\":", out);
		sonde_json_str(out, native, strlen(native));
	} else {
		fputs("\"function\":", out);
		if (py->name)
			sonde_json_str(out, py->name, strlen(py->name));
		else
			fputs("null", out);
		fputs(",\"file\":", out);
		if (py->file)
			sonde_json_str(out, py->file, strlen(py->file));
		else
			fputs("null", out);
		if (py->line >= 0)
			fprintf(out, ",\"line\":%d", py->line);
	}
	fputc('}', out);
	return 0;
}

/* A jstack(): {"pid":N,"frames":[...]} plus "truncated" / "incomplete"
 * when the kernel ran out of room or of readable memory. */
static void sonde_json_jstack(struct sonde_consumer *c, const void *data,
			      uint32_t size)
{
	struct sonde_json_jframes j = { c, 0 };
	struct sonde_jdec d;

	if (sonde_jstack_decode(c, data, size, &d)) {
		fputs("null", c->out);
		return;
	}
	fprintf(c->out, "{\"pid\":%u,\"frames\":[", d.pid);
	sonde_jstack_walk(c, &d, false, sonde_json_jframe, &j);
	fputc(']', c->out);
	if (d.flags & (SONDE_JSTACK_PYTRUNC | SONDE_JSTACK_STRTRUNC))
		fputs(",\"truncated\":true", c->out);
	if (d.flags & SONDE_JSTACK_FAULT)
		fputs(",\"incomplete\":true", c->out);
	fputc('}', c->out);
	sonde_jdec_free(&d);
}

/* A typed value: number, string, or frames array for stacks. */
static void sonde_json_value(struct sonde_consumer *c, const void *data,
			     struct sonde_dtype t, int pid)
{
	struct sonde_syms *syms;
	char name[1024];
	uint64_t u = 0, pc;
	int64_t v;
	uint32_t i;

	if (sonde_dt_is_jstack(t)) {
		sonde_json_jstack(c, data, t.size);
		return;
	}
	if (sonde_dt_is_sym(t)) {
		/* a sym() key: its name, as sym() prints it */
		int spid;

		pc = sonde_symkey_addr(t, data, &spid);
		sonde_consumer_symname(c, SONDE_DT_SACT(t.kind), spid, pc,
				       name, sizeof(name));
		sonde_json_str(c->out, name, sizeof(name));
		return;
	}
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
		/* signed buckets around the zero one (|v| < factor^low);
		 * the extremes are underflow and overflow */
		int zero = (int)sonde_llquantize_zerobucket(ad);
		int64_t *b = malloc((zero + 1) * sizeof(*b));
		char bound[48];

		if (!b)
			break;
		sonde_llquantize_bounds(ad, b);
		for (i = 0; i < 2 * zero + 1; i++) {
			n = i > zero ? i - zero : zero - i;
			if (i == zero && b[0] > 1)
				snprintf(bound, sizeof(bound),
					 ",\"below\":%lld", (long long)b[0]);
			else
				snprintf(bound, sizeof(bound), "%s",
					 n < zero ? "" : i < zero ?
					 ",\"underflow\":true" :
					 ",\"overflow\":true");
			sonde_json_bucket(out, &first, i == zero ? 0 :
					  i < zero ? -b[n] : b[n], val[i],
					  bound);
		}
		free(b);
		break;
	}
	}
	fputc(']', out);
}

/* The separator before the next item of the record's "data". */
static const char *json_sep(struct sonde_consumer *c)
{
	return c->items++ ? "," : "";
}

static int json_rec_begin(struct sonde_consumer *c, const struct sonde_rec *r)
{
	fprintf(c->out, "{\"type\":\"record\",\"cpu\":%u,\"id\":%u,\"epid\":%u,\"timestamp\":%llu,\"probe\":",
		r->cpu, r->probe->id, r->epid,
		(unsigned long long)r->timestamp);
	sonde_json_str(c->out, sonde_desc_str(&r->probe->desc), SIZE_MAX);
	fputs(",\"data\":[", c->out);
	c->items = 0;
	return 0;
}

/* trace() and tracemem(): memory as "bytes" (hex), never mistaken for a
 * traced string */
static int json_act_trace(struct sonde_consumer *c,
			  const struct sonde_action *act, const void *data,
			  struct sonde_dtype t)
{
	fprintf(c->out, "%s{\"action\":\"%s\",\"%s\":", json_sep(c),
		sonde_action_name(act->kind),
		t.kind == SONDE_DT_BYTES ? "bytes" : "value");
	sonde_json_value(c, data, t, 0);
	fputc('}', c->out);
	return 0;
}

/* print(): the address (of a pointer's target; none for a struct
 * value) and the bytes (the type's layout is the text output's) */
static int json_act_print(struct sonde_consumer *c,
			  const struct sonde_action *act, uint64_t addr,
			  const void *data, struct sonde_dtype t)
{
	fprintf(c->out, "%s{\"action\":\"print\",", json_sep(c));
	if (act->nfields == 2)
		fprintf(c->out, "\"address\":%llu,", (unsigned long long)addr);
	fprintf(c->out, "\"type\":");
	sonde_json_str(c->out, act->nptype ? act->ptype[0].type : "",
		       act->nptype ? strlen(act->ptype[0].type) : 0);
	fprintf(c->out, ",\"bytes\":");
	sonde_json_value(c, data, t, 0);
	fputc('}', c->out);
	return 0;
}

static int json_act_printf(struct sonde_consumer *c,
			   const struct sonde_action *act,
			   const struct sonde_fmtarg *args, uint32_t nargs)
{
	char *text = NULL;
	size_t tlen = 0;
	FILE *mem;
	int n;

	mem = open_memstream(&text, &tlen);
	if (!mem)
		return -ENOMEM;
	n = sonde_format(mem, act->fmt ? act->fmt : "", args, nargs, NULL,
			 NULL);
	fclose(mem);
	fprintf(c->out, "%s{\"action\":\"printf\",\"text\":", json_sep(c));
	sonde_json_str(c->out, text ? text : "", tlen);
	fputc('}', c->out);
	free(text);
	return n < 0 ? n : 0;
}

static int json_act_stack(struct sonde_consumer *c,
			  const struct sonde_action *act, int pid,
			  const void *pcs, struct sonde_dtype t)
{
	bool user = act->kind == SONDE_A_USTACK;

	if (sonde_dt_is_jstack(t)) {
		fprintf(c->out, "%s{\"action\":\"jstack\",\"stack\":",
			json_sep(c));
		sonde_json_jstack(c, pcs, t.size);
		fputc('}', c->out);
		return 0;
	}
	fprintf(c->out, "%s{\"action\":\"%s\",", json_sep(c),
		sonde_action_name(act->kind));
	if (user)
		fprintf(c->out, "\"pid\":%d,", pid);
	fputs("\"frames\":", c->out);
	sonde_json_value(c, pcs, t, pid);
	fputc('}', c->out);
	return 0;
}

/* sym() and friends: the address and the name dtrace prints */
static int json_act_sym(struct sonde_consumer *c,
			const struct sonde_action *act, int pid, uint64_t addr)
{
	char name[1024];

	sonde_consumer_symname(c, act->kind, pid, addr, name, sizeof(name));
	fprintf(c->out, "%s{\"action\":\"%s\",", json_sep(c),
		sonde_action_name(act->kind));
	if (act->nfields == 2)
		fprintf(c->out, "\"pid\":%d,", pid);
	fprintf(c->out, "\"address\":%llu,\"name\":",
		(unsigned long long)addr);
	sonde_json_str(c->out, name, strlen(name));
	fputc('}', c->out);
	return 0;
}

/* system(), freopen(): what the consumer runs or opens */
static int json_act_system(struct sonde_consumer *c,
			   const struct sonde_action *act, const char *text)
{
	fprintf(c->out, "%s{\"action\":\"%s\",\"text\":", json_sep(c),
		sonde_action_name(act->kind));
	sonde_json_str(c->out, text, strlen(text));
	fputc('}', c->out);
	return 0;
}

static int json_act_exit(struct sonde_consumer *c,
			 const struct sonde_action *act, int status)
{
	fprintf(c->out, "%s{\"action\":\"exit\",\"status\":%d}", json_sep(c),
		status);
	return 0;
}

static int json_rec_end(struct sonde_consumer *c, const struct sonde_rec *r)
{
	fputs("]}\n", c->out);
	return 0;
}

static int json_agg_begin(struct sonde_consumer *c,
			  const struct sonde_aggprint *ap)
{
	const struct sonde_pagg *a = ap->aggs[0];
	const char *fn = sonde_aggfn_name(a->desc.fn);

	fputs("{\"type\":\"aggregation\",\"name\":", c->out);
	sonde_json_str(c->out, a->name ? a->name : "_", SIZE_MAX);
	fprintf(c->out, ",\"function\":\"%s\",\"entries\":[", fn ? fn : "?");
	return 0;
}

static int json_agg_row(struct sonde_consumer *c,
			const struct sonde_aggprint *ap,
			const struct sonde_aggrow *row)
{
	const struct sonde_agg_desc *ad = &ap->aggs[0]->desc;
	const int64_t *val = row->vals[0];
	uint32_t k;

	fputs(row->index ? ",{\"keys\":[" : "{\"keys\":[", c->out);
	for (k = 0; k < row->nkeys; k++) {
		if (k)
			fputc(',', c->out);
		sonde_json_value(c, row->keys[k].data, row->keys[k].type,
				 c->upid);
	}
	fputs("],", c->out);
	switch (ad->fn) {
	case SONDE_AGG_quantize:
	case SONDE_AGG_lquantize:
	case SONDE_AGG_llquantize:
		fputs("\"buckets\":", c->out);
		sonde_json_hist(c->out, ad, val);
		break;
	case SONDE_AGG_avg:
		fprintf(c->out, "\"value\":%lld", (long long)sonde_avg(val));
		break;
	case SONDE_AGG_stddev:
		fprintf(c->out, "\"value\":%llu",
			(unsigned long long)sonde_stddev(val));
		break;
	default:
		fprintf(c->out, "\"value\":%lld", (long long)val[0]);
	}
	fputc('}', c->out);
	return 0;
}

static int json_agg_end(struct sonde_consumer *c,
			const struct sonde_aggprint *ap)
{
	fputs("]}\n", c->out);
	return ferror(c->out) ? -EIO : 0;
}

static int json_drop(struct sonde_consumer *c, int cpu, const char *kind,
		     uint64_t count)
{
	fprintf(c->out, "{\"type\":\"drop\",\"kind\":\"%s\",\"cpu\":", kind);
	if (cpu < 0)
		fputs("null", c->out);
	else
		fprintf(c->out, "%d", cpu);
	fprintf(c->out, ",\"count\":%llu}\n", (unsigned long long)count);
	return 0;
}

static int json_error(struct sonde_consumer *c, const struct sonde_errrec *er,
		      const struct sonde_probe_info *pi)
{
	fprintf(c->out, "{\"type\":\"error\",\"epid\":%u,\"id\":%u,\"probe\":",
		er->epid, pi->id);
	sonde_json_str(c->out, sonde_desc_str(&pi->desc), SIZE_MAX);
	fprintf(c->out, ",\"fault\":\"%s\",\"action\":%u,\"offset\":%u,\"addr\":%llu}\n",
		sonde_fault_name(er->fault), er->action,
		(uint32_t)(er->pc * sizeof(struct sonde_insn)),
		(unsigned long long)er->addr);
	return 0;
}

static int json_abort(struct sonde_consumer *c, const char *msg)
{
	fputs("{\"type\":\"abort\",\"message\":", c->out);
	sonde_json_str(c->out, msg, SIZE_MAX);
	fputs("}\n", c->out);
	return 0;
}

const struct sonde_output sonde_output_json = {
	.name = "json",
	.printa_after_record = true,
	.rec_begin = json_rec_begin,
	.act_trace = json_act_trace,
	.act_tracemem = json_act_trace,
	.act_print = json_act_print,
	.act_printf = json_act_printf,
	.act_stack = json_act_stack,
	.act_sym = json_act_sym,
	.act_system = json_act_system,
	.act_exit = json_act_exit,
	.rec_end = json_rec_end,
	.agg_begin = json_agg_begin,
	.agg_row = json_agg_row,
	.agg_end = json_agg_end,
	.drop = json_drop,
	.error = json_error,
	.abort = json_abort,
};
