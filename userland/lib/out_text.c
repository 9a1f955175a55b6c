// SPDX-License-Identifier: GPL-2.0
/*
 * out_text.c - the text output: what dtrace(1M) prints.  chew() prints
 * the heading and the "CPU ID FUNCTION:NAME" columns unless quiet (or
 * dt_flowindent()'s columns with -F), every action prints its data
 * (dt_consume_cpu()), chewrec(NULL) ends the record with "\n" unless
 * quiet (illumos cmd/dtrace/dtrace.c); printa() and the final print
 * follow dt_print_aggs().  The layouts themselves are print_agg.c's and
 * printf.c's.  Events print nothing: their messages are the message
 * callback's.  Consumer thread only.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "consume_impl.h"
#include "vm.h"

/* dt_flowindent(): is probe name @n an entry ("entry", "*-entry")? */
static bool sonde_flow_is(const char *n, const char *what)
{
	const char *sub = strstr(n, what);

	return sub && sub[strlen(what)] == '\0' && (sub == n || sub[-1] == '-');
}

/*
 * chew() with flowindent, as dt_flowindent() decides: entries print
 * " -> func" and indent what follows by two, returns unindent and print
 * " <- func" (" => " / " <= " for syscall), other probes "| func:name".
 * An entry right after another enabling of the same probe, or a return
 * right before one, is not a flow step.
 */
static void sonde_flow_chew(struct sonde_consumer *c,
			    const struct sonde_rec *r)
{
	const struct sonde_program *p = c->prog;
	const struct sonde_probe_info *pi = r->probe;
	bool sys = !strcmp(pi->desc.provider, "syscall");
	uint32_t next = r->next_epid;
	const char *prefix = "| ";
	char name[512];
	int flow = 0;		/* 1 entry, -1 return */

	if (sonde_flow_is(pi->desc.name, "entry"))
		flow = 1;
	else if (sonde_flow_is(pi->desc.name, "return"))
		flow = -1;
	if (flow > 0 && c->last_epid && c->last_epid != r->epid &&
	    c->last_epid <= p->necbs &&
	    p->ecb_probe[c->last_epid - 1].id == pi->id)
		flow = 0;
	if (flow < 0 && next && next != r->epid && next <= p->necbs &&
	    p->ecb_probe[next - 1].id == pi->id)
		flow = 0;
	if (flow > 0)
		prefix = sys ? " => " : " -> ";
	else if (flow < 0)
		prefix = sys ? " <= " : " <- ";
	if (flow < 0 && c->indent > 0)
		c->indent -= 2;
	if (flow)
		snprintf(name, sizeof(name), "%*s%s%.*s", c->indent, "", prefix,
			 SONDE_FUNCNAMELEN, pi->desc.function);
	else
		snprintf(name, sizeof(name), "%*s%s%.*s:%.*s", c->indent, "",
			 prefix, SONDE_FUNCNAMELEN, pi->desc.function,
			 SONDE_NAMELEN, pi->desc.name);
	if (c->testing)
		fprintf(c->out, "%-41s ", name);
	else
		fprintf(c->out, "%3d %-41s ", (int)r->cpu, name);
	if (flow > 0)
		c->indent += 2;
	c->last_epid = r->epid;
}

/* chew() */
static int text_rec_begin(struct sonde_consumer *c, const struct sonde_rec *r)
{
	const struct sonde_probe_info *pi = r->probe;
	char name[SONDE_FUNCNAMELEN + SONDE_NAMELEN + 2];

	if (!c->heading) {
		/* the flowindent heading is printed even if quiet */
		if (c->flowindent && c->testing)
			fprintf(c->out, "%-41s\n", "FUNCTION");
		else if (c->flowindent)
			fprintf(c->out, "%3s %-41s\n", "CPU", "FUNCTION");
		else if (!c->quiet && c->testing)
			fprintf(c->out, "%32s\n", "FUNCTION:NAME");
		else if (!c->quiet)
			fprintf(c->out, "%3s %6s %32s\n", "CPU", "ID",
				"FUNCTION:NAME");
		c->heading = true;
	}
	if (c->flowindent) {
		sonde_flow_chew(c, r);
	} else if (!c->quiet) {
		snprintf(name, sizeof(name), "%.*s:%.*s", SONDE_FUNCNAMELEN,
			 pi->desc.function, SONDE_NAMELEN, pi->desc.name);
		if (c->testing)
			fprintf(c->out, "%32s ", name);
		else
			fprintf(c->out, "%3d %6d %32s ", (int)r->cpu,
				(int)pi->id, name);
	}
	return 0;
}

static int text_act_trace(struct sonde_consumer *c,
			  const struct sonde_action *act, const void *data,
			  struct sonde_dtype t)
{
	if (c->rawbytes && t.kind == SONDE_DT_STR)
		return sonde_print_bytes(c->out, data, t.size, -33, c->quiet,
					 true);
	if (c->dtrace2 && (t.kind == SONDE_DT_INT || t.kind == SONDE_DT_UINT))
		return sonde_print_trace2(c->out, data, t, c->quiet);
	return sonde_print_trace(c->out, data, t, c->quiet);
}

/* dt_consume_cpu(): dt_print_bytes(..., -33, quiet, forceraw 1), a hex
 * dump even of text */
static int text_act_tracemem(struct sonde_consumer *c,
			     const struct sonde_action *act, const void *data,
			     struct sonde_dtype t)
{
	return sonde_print_bytes(c->out, data, t.size, -33, c->quiet, true);
}

static int text_act_print(struct sonde_consumer *c,
			  const struct sonde_action *act, uint64_t addr,
			  const void *data, struct sonde_dtype t)
{
	if (act->nfields == 1)		/* print() of a struct value */
		return sonde_print_value(c->out, act->ptype, act->nptype, data,
					 t.size);
	return sonde_print_type(c->out, act->ptype, act->nptype, addr, data,
				t.size);
}

static int text_act_printf(struct sonde_consumer *c,
			   const struct sonde_action *act,
			   const struct sonde_fmtarg *args, uint32_t nargs)
{
	int n = sonde_format(c->out, act->fmt ? act->fmt : "", args, nargs,
			     NULL, NULL);

	return n < 0 ? n : 0;
}

static int text_act_stack(struct sonde_consumer *c,
			  const struct sonde_action *act, int pid,
			  const void *pcs, struct sonde_dtype t)
{
	bool user = act->kind == SONDE_A_USTACK;

	if (sonde_dt_is_jstack(t))
		return sonde_print_jstack(c, c->out, pcs, t.size,
					  c->stackindent);
	return sonde_print_stack(c->out, user && c->noresolve ? NULL :
				 sonde_consumer_syms(c), user, pid, pcs,
				 t.size / 8, c->stackindent);
}

/* dt_print_sym(), dt_print_mod(), dt_print_usym(), dt_print_umod():
 * "  %-50s", quiet or not */
static int text_act_sym(struct sonde_consumer *c,
			const struct sonde_action *act, int pid, uint64_t addr)
{
	char name[1024];

	sonde_consumer_symname(c, act->kind, pid, addr, name, sizeof(name));
	fprintf(c->out, "  %-50s", name);
	return ferror(c->out) ? -EIO : 0;
}

/* chewrec(NULL) */
static int text_rec_end(struct sonde_consumer *c, const struct sonde_rec *r)
{
	if (!c->quiet)
		fputc('\n', c->out);
	return 0;
}

/*
 * The display options as the consumer has them now (setopt() may change
 * agghist, aggpack and aggzoom): dt_print_packed() draws block elements
 * unless encoding=ascii or TERM is one of the terminals it knows cannot.
 */
void sonde_consumer_aggstyle(const struct sonde_consumer *c,
			     struct sonde_aggstyle *st)
{
	const struct sonde_uopts *u = &c->prog->uopts;
	const char *term = getenv("TERM");

	st->zoom = u->aggzoom;
	st->utf8 = u->encoding == SONDE_ENCODING_UTF8;
	if (u->encoding)
		st->pack_utf8 = st->utf8;
	else
		st->pack_utf8 = !term || (strcmp(term, "sun") &&
					  strcmp(term, "sun-color") &&
					  strcmp(term, "dumb"));
}

static void text_agg_state_free(struct sonde_consumer *c)
{
	free(c->agg_totals);
	free(c->agg_bins);
	c->agg_totals = NULL;
	c->agg_bins = NULL;
	c->agg_hdr = false;
}

/*
 * dt_aggregate_total() / dt_aggregate_minmaxbin() for agghist / aggpack:
 * each printed aggregation's totals and bins over all of its entries.
 */
static int text_agg_state(struct sonde_consumer *c,
			  const struct sonde_aggprint *ap)
{
	const struct sonde_uopts *u = &c->prog->uopts;
	struct sonde_aggstyle st;
	struct sonde_aggent *e;
	uint32_t i, j;

	text_agg_state_free(c);
	if (ap->fmt || (!u->agghist && !u->aggpack))
		return 0;
	c->agg_totals = calloc(ap->naggs, sizeof(*c->agg_totals));
	c->agg_bins = calloc(ap->naggs, sizeof(*c->agg_bins));
	if (!c->agg_totals || !c->agg_bins) {
		text_agg_state_free(c);
		return -ENOMEM;
	}
	sonde_consumer_aggstyle(c, &st);
	for (i = 0; i < c->aggs.nbuckets; i++) {
		for (e = c->aggs.buckets[i]; e; e = e->next) {
			for (j = 0; j < ap->naggs; j++) {
				const struct sonde_agg_desc *ad;

				if (ap->aggids[j] != e->aggid)
					continue;
				ad = &ap->aggs[j]->desc;
				if (u->agghist)
					sonde_aggtotal_add(&c->agg_totals[j],
							   ad, e->val, &st);
				if (u->aggpack)
					sonde_aggbins_add(&c->agg_bins[j], ad,
							  e->val);
			}
		}
	}
	return 0;
}

/* dt_consume_cpu(): printa() without a format starts "\n" */
static int text_agg_begin(struct sonde_consumer *c,
			  const struct sonde_aggprint *ap)
{
	if (ap->printa && !ap->fmt)
		fputc('\n', c->out);
	return text_agg_state(c, ap);
}

static int text_agg_end(struct sonde_consumer *c,
			const struct sonde_aggprint *ap)
{
	(void)ap;
	text_agg_state_free(c);
	return 0;
}

/* One key, dt_print_datum(): @packed in agghist / aggpack rows. */
static int text_agg_key(struct sonde_consumer *c, const struct sonde_fmtarg *k,
			bool packed)
{
	struct sonde_dtype kt = k->type;

	if (sonde_dt_is_jstack(kt))
		return sonde_print_jstack(c, c->out, k->data, kt.size,
					  c->stackindent);
	if (kt.kind == SONDE_DT_KSTACK || kt.kind == SONDE_DT_USTACK)
		return sonde_print_stack(c->out,
					 kt.kind == SONDE_DT_USTACK &&
					 c->noresolve ? NULL :
					 sonde_consumer_syms(c),
					 kt.kind == SONDE_DT_USTACK, c->upid,
					 k->data, kt.size / 8, c->stackindent);
	if (c->rawbytes && kt.kind == SONDE_DT_STR)
		return sonde_print_bytes(c->out, k->data, kt.size,
					 packed ? 16 : -50, false, true);
	if (sonde_dt_is_sym(kt)) {
		/* dt_print_datum(): dt_print_sym() and friends, "  %-50s" */
		char name[1024];
		int pid;
		uint64_t pc = sonde_symkey_addr(kt, k->data, &pid);

		sonde_consumer_symname(c, SONDE_DT_SACT(kt.kind), pid, pc,
				       name, sizeof(name));
		fprintf(c->out, "  %-50s", name);
		return ferror(c->out) ? -EIO : 0;
	}
	return sonde_print_aggkey_style(c->out, k->data, kt, packed);
}

/*
 * One value as dt_print_datum() prints it: an agghist row, an aggpack
 * line, or the value; @raw as accumulated, @val normalize()d.
 */
static int text_agg_val(struct sonde_consumer *c,
			const struct sonde_aggprint *ap, uint32_t i,
			bool hist, const int64_t *raw, const int64_t *val,
			const struct sonde_aggstyle *st)
{
	const struct sonde_agg_desc *ad = &ap->aggs[i]->desc;
	int64_t normal = ap->aggs[i]->normal > 1 ? ap->aggs[i]->normal : 1;

	if (hist && c->agg_totals && c->agg_totals[i].hist)
		return sonde_print_hist_row(c->out,
					    sonde_aggtotal_value(ad, raw),
					    normal, &c->agg_totals[i], st);
	if (c->prog->uopts.aggpack && c->agg_bins && c->agg_bins[i].pack)
		return sonde_print_packed(c->out, ad, raw, &c->agg_bins[i],
					  st);
	return sonde_print_aggval_style(c->out, ad, raw, val, normal, st);
}

/*
 * aggpercpu (Oracle's dt_print_aggs()): after the value, each CPU's own
 * as "\n    [CPU n]" and the value.
 */
static int text_agg_percpu(struct sonde_consumer *c,
			   const struct sonde_aggprint *ap, uint32_t i,
			   const struct sonde_aggent *e,
			   const struct sonde_aggstyle *st)
{
	const struct sonde_agg_desc *ad = &ap->aggs[i]->desc;
	size_t n = sonde_agg_val_size(ad) / sizeof(int64_t);
	const int64_t *raw, *val;
	int64_t *nval;
	uint32_t cpu;
	int err = 0;

	if (!e || !e->percpu)
		return 0;
	nval = malloc(n * sizeof(*nval));
	if (!nval)
		return -ENOMEM;
	for (cpu = 0; cpu < c->ncpus && !err; cpu++) {
		if (!c->cpu_seen[cpu])
			continue;
		raw = e->percpu + cpu * n;
		val = sonde_agg_normalized(ap->aggs[i], raw, nval, n);
		fprintf(c->out, "\n    [CPU %u]", cpu);
		err = text_agg_val(c, ap, i, false, raw, val, st);
	}
	free(nval);
	return err;
}

/*
 * One row: through printa()'s format (keys its arguments, %@ the values
 * in order), or dt_print_aggs()'s layout: each key (a stack on its own
 * lines, dt_print_datum()), each value, "\n"; agghist and aggpack rows
 * end their own lines, under a header before the first.
 */
static int text_agg_row(struct sonde_consumer *c,
			const struct sonde_aggprint *ap,
			const struct sonde_aggrow *row)
{
	const struct sonde_agg_desc *ds[SONDE_MAX_AGGS];
	const struct sonde_uopts *u = &c->prog->uopts;
	struct sonde_aggstyle st;
	bool hist, pack;
	uint32_t i;
	int err = 0, n, width = 0;

	for (i = 0; i < ap->naggs && i < SONDE_MAX_AGGS; i++)
		ds[i] = &ap->aggs[i]->desc;
	if (ap->fmt) {
		sonde_format_set_syms(sonde_consumer_syms(c), c->upid);
		sonde_format_set_consumer(c);
		n = sonde_format_aggs(c->out, ap->fmt, row->keys, row->nkeys,
				      ds, row->vals, i);
		return n < 0 ? n : 0;
	}
	sonde_consumer_aggstyle(c, &st);
	hist = u->agghist && c->agg_totals && c->agg_totals[0].hist;
	pack = !hist && u->aggpack && c->agg_bins && c->agg_bins[0].pack;
	if ((hist || pack) && !c->agg_hdr) {
		for (i = 0; i < row->nkeys; i++)
			width += sonde_aggkey_packed_width(row->keys[i].type);
		err = hist ? sonde_print_hist_hdr(c->out, width) :
			     sonde_print_packed_hdr(c->out, width, ds[0],
						    &c->agg_bins[0]);
		c->agg_hdr = true;
	}
	for (i = 0; i < row->nkeys && !err; i++)
		err = text_agg_key(c, &row->keys[i], hist || pack);
	for (i = 0; i < ap->naggs && !err; i++) {
		err = text_agg_val(c, ap, i, hist, row->raw[i], row->vals[i],
				   &st);
		if (!err && u->aggpercpu)
			err = text_agg_percpu(c, ap, i, row->ents[i], &st);
	}
	if (!err && !hist && !pack)
		fputc('\n', c->out);
	return err ? err : ferror(c->out) ? -EIO : 0;
}

static int text_blank_line(struct sonde_consumer *c)
{
	fputc('\n', c->out);
	return 0;
}

const struct sonde_output sonde_output_text = {
	.name = "text",
	.join_aggs = true,
	.rec_begin = text_rec_begin,
	.act_trace = text_act_trace,
	.act_tracemem = text_act_tracemem,
	.act_print = text_act_print,
	.act_printf = text_act_printf,
	.act_stack = text_act_stack,
	.act_sym = text_act_sym,
	.rec_end = text_rec_end,
	.agg_begin = text_agg_begin,
	.agg_row = text_agg_row,
	.agg_end = text_agg_end,
	.blank_line = text_blank_line,
};
