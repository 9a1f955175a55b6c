// SPDX-License-Identifier: GPL-2.0
/*
 * consume.c - the consumer: walks drained principal buffers record by
 * record (EPID -> ECB -> clause -> actions, each action taking its
 * fields), aggregations for printa() and the final print, and events
 * (ERROR records, drops, status changes), once each, handing what it
 * decoded to the output format's operations (output.h).  What dtrace's
 * consumer does besides printing happens here, whatever the format:
 * exit()'s status, the consumer-side actions (aggact.c), the marks of
 * printed aggregations, normalize()d values, and the messages
 * (dt_handle_err(), dt_handle_cpudrop(), dt_handle_status()) through
 * the message callback.  Consumer thread only.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "consume_impl.h"
#include "vm.h"

/* The formats, by SONDE_OUT_*. */
static const struct sonde_output *const sonde_outputs[] = {
	[SONDE_OUT_TEXT] = &sonde_output_text,
	[SONDE_OUT_JSON] = &sonde_output_json,
	[SONDE_OUT_FOLDED] = &sonde_output_folded,
	[SONDE_OUT_FLAMEGRAPH] = &sonde_output_flamegraph,
	[SONDE_OUT_PROMETHEUS] = &sonde_output_prometheus,
	[SONDE_OUT_PPROF] = &sonde_output_pprof,
};

/* Call operation @op of the consumer's format, if it has one. */
#define sonde_out(c, op, ...)						\
	((c)->output->op ? (c)->output->op((c), ##__VA_ARGS__) : 0)

void sonde_consumer_msg(struct sonde_consumer *c, int level,
			const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	if (!c->msg)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	c->msg(c->msg_arg, level, buf);
}

struct sonde_consumer *sonde_consumer_new(struct sonde_program *p, FILE *out,
					  sonde_msg_fn msg, void *msg_arg)
{
	struct sonde_consumer *c = calloc(1, sizeof(*c));

	if (!c)
		return NULL;
	c->prog = p;
	c->out = out;
	c->msg = msg;
	c->msg_arg = msg_arg;
	c->output = &sonde_output_text;
	c->quiet = p->uopts.quiet;
	c->flowindent = p->uopts.flowindent;
	c->rawbytes = p->uopts.rawbytes;
	c->droptags = p->uopts.droptags;
	c->noresolve = p->uopts.noresolve;
	c->stackindent = p->uopts.stackindent ? (int)p->uopts.stackindent : 14;
	c->strsize = (uint32_t)sonde_program_kopt(p, SONDE_OPT_strsize);
	return c;
}

void sonde_consumer_free(struct sonde_consumer *c)
{
	if (!c)
		return;
	if (c->out_orig) {
		/* freopen()'s file: the caller's output is the first one */
		fclose(c->out);
		c->out = c->out_orig;
	}
	sonde_aggtab_free(&c->aggs);
	free(c->cpu_seen);
	sonde_fold_state_free(c);
	sonde_pprof_free(c);
	sonde_jstack_free(c);
	sonde_utab_free(c);
	sonde_syms_free(c->syms);
	free(c->buf);
	free(c->rec);
	free(c);
}

void sonde_consumer_set_quiet(struct sonde_consumer *c, bool quiet)
{
	c->quiet = quiet;
}

void sonde_consumer_set_testing(struct sonde_consumer *c, bool testing)
{
	c->testing = testing;
}

void sonde_consumer_set_dtrace2(struct sonde_consumer *c, bool on)
{
	c->dtrace2 = on;
}

bool sonde_consumer_quiet(const struct sonde_consumer *c)
{
	return c->quiet;
}

int sonde_output_lookup(const char *name)
{
	uint32_t i;

	for (i = 0; i < ARRAY_SIZE(sonde_outputs); i++)
		if (!strcmp(sonde_outputs[i]->name, name))
			return (int)i;
	return -ENOENT;
}

int sonde_consumer_finish(struct sonde_consumer *c)
{
	return sonde_out(c, finish);
}

int sonde_consumer_set_format(struct sonde_consumer *c, int format)
{
	int err;

	if (format < 0 || (size_t)format >= ARRAY_SIZE(sonde_outputs))
		return -EINVAL;
	if (format == SONDE_OUT_PROMETHEUS || format == SONDE_OUT_PPROF) {
		err = format == SONDE_OUT_PPROF ? sonde_pprof_check(c) :
						  sonde_prom_check(c);
		if (err)
			return err;
	}
	c->output = sonde_outputs[format];
	return 0;
}

void sonde_consumer_set_snapfn(struct sonde_consumer *c, sonde_snap_fn fn,
			       void *arg)
{
	c->snapfn = fn;
	c->snap_arg = arg;
}

void sonde_consumer_set_pushfn(struct sonde_consumer *c, sonde_push_fn fn,
			       void *arg)
{
	c->pushfn = fn;
	c->push_arg = arg;
}

void sonde_consumer_set_pollfn(struct sonde_consumer *c, sonde_poll_fn fn,
			       void *arg)
{
	c->pollfn = fn;
	c->poll_arg = arg;
}

int sonde_consumer_snapshot(struct sonde_consumer *c)
{
	return sonde_out(c, snapshot);
}

void sonde_consumer_blank_line(struct sonde_consumer *c)
{
	sonde_out(c, blank_line);
}

void sonde_consumer_set_upid(struct sonde_consumer *c, int pid)
{
	c->upid = pid;
}

struct sonde_syms *sonde_consumer_syms(struct sonde_consumer *c)
{
	if (!c->syms) {
		c->syms = sonde_syms_new(NULL);
		if (c->syms)
			sonde_syms_set_mangled(c->syms, c->prog->uopts.mangled);
	}
	return c->syms;
}

static bool sonde_dtype_ksym(struct sonde_dtype t)
{
	uint32_t act = SONDE_DT_SACT(t.kind);

	if (t.kind == SONDE_DT_KSTACK)
		return true;
	return (t.kind & 0xff) == SONDE_DT_SYM &&
	       (act == SONDE_A_SYM || act == SONDE_A_MOD);
}

/* Does @fmt have a %a or %A conversion (a kernel address named)? */
static bool sonde_fmt_ksym(const char *fmt)
{
	const char *p;

	for (p = fmt ? strchr(fmt, '%') : NULL; p; p = strchr(p, '%')) {
		p++;
		if (*p == '%') {
			p++;
			continue;
		}
		p += strspn(p, "#-+ 0123456789.*$'@?hlLjzt");
		if (*p == 'a' || *p == 'A')
			return true;
	}
	return false;
}

/*
 * The kernel's symbols, read before tracing starts when the program names
 * kernel addresses (stack(), func(), sym(), mod(), %a): reading
 * /proc/kallsyms takes a while on a slow machine, and done at the first
 * record it could hold the consumer past the deadman's time.
 */
void sonde_consumer_preload_syms(struct sonde_consumer *c)
{
	const struct sonde_program *p = c->prog;
	bool need = false;
	uint32_t i, j;
	char buf[8];

	for (i = 0; i < p->nclauses && !need; i++) {
		const struct sonde_pclause *cl = &p->clauses[i];

		for (j = 0; j < cl->nfields && !need; j++)
			need = sonde_dtype_ksym(cl->fields[j].type);
		for (j = 0; j < cl->nacts && !need; j++)
			need = cl->acts[j].kind == SONDE_A_STACK ||
			       sonde_fmt_ksym(cl->acts[j].fmt);
	}
	for (i = 0; i < p->naggs && !need; i++)
		for (j = 0; j < p->aggs[i].desc.nkeys && !need; j++)
			need = sonde_dtype_ksym(p->aggs[i].keys[j]);
	if (need && sonde_consumer_syms(c))
		sonde_syms_kaddr(c->syms, 0, buf, sizeof(buf));
}

void sonde_consumer_grab(struct sonde_consumer *c, int pid)
{
	if (pid > 0 && sonde_consumer_syms(c))
		sonde_syms_grab(c->syms, pid);
}

bool sonde_consumer_exited(const struct sonde_consumer *c, int *status)
{
	if (c->exited && status)
		*status = c->exit_status;
	return c->exited;
}

/* ---- events ------------------------------------------------------------ */

void sonde_consumer_drops(struct sonde_consumer *c, uint32_t cpu,
			  uint64_t drops, bool agg)
{
	if (!drops)
		return;
	sonde_out(c, drop, (int)cpu, agg ? "aggregation" : "principal", drops);
	/* dt_handle_cpudrop(): "%llu %sdrop%s on CPU %d", after the
	 * droptags option's "[DTRACEDROP_...] " */
	sonde_consumer_msg(c, SONDE_MSG_DROP, "%s%llu %sdrop%s on CPU %u",
			   !c->droptags ? "" : agg ?
			   "[DTRACEDROP_AGGREGATION] " :
			   "[DTRACEDROP_PRINCIPAL] ",
			   (unsigned long long)drops, agg ? "aggregation " : "",
			   drops > 1 ? "s" : "", cpu);
}

const char sonde_msg_bricked[] = "Abort due to systemic unresponsiveness";

/*
 * dt_handle_status()'s table (dt_handle.c _dt_droptab), DTrace's words,
 * then sonde's own for the firings its probe context refuses.
 */
static const struct {
	size_t off;
	const char *kind, *str, *msg, *tag;
} sonde_droptab[] = {
	{ offsetof(struct sonde_status, dyndrops), "dynamic",
	  "dynamic variable drop", "", "DTRACEDROP_DYNAMIC" },
	{ offsetof(struct sonde_status, specdrops), "speculative",
	  "speculative drop", "", "DTRACEDROP_SPEC" },
	{ offsetof(struct sonde_status, specbusy), "specbusy",
	  "failed speculation", " (available buffer(s) still busy)",
	  "DTRACEDROP_SPECBUSY" },
	{ offsetof(struct sonde_status, specunavail), "specunavail",
	  "failed speculation", " (no speculative buffer available)",
	  "DTRACEDROP_SPECUNAVAIL" },
	{ offsetof(struct sonde_status, recdrops), "recursion",
	  "drop", ": probe fired inside a probe", "SONDEDROP_RECURSION" },
	{ offsetof(struct sonde_status, nmidrops), "nmi",
	  "drop", ": probe fired in NMI context", "SONDEDROP_NMI" },
	{ offsetof(struct sonde_status, jstackdrops), "jstack",
	  "jstack() walk", " ended early: interpreter memory unreadable",
	  "SONDEDROP_JSTACK" },
};

int sonde_consumer_status(struct sonde_consumer *c,
			  const struct sonde_status *st)
{
	uint64_t nv, ov, d;
	uint32_t i;

	if (st->activity == SONDE_ACT_KILLED && !c->killed) {
		c->killed = true;
		c->last = *st;
		sonde_out(c, abort, sonde_msg_bricked);
		return -ECANCELED;
	}
	for (i = 0; i < ARRAY_SIZE(sonde_droptab); i++) {
		memcpy(&nv, (const char *)st + sonde_droptab[i].off, 8);
		memcpy(&ov, (const char *)&c->last + sonde_droptab[i].off, 8);
		if (nv <= ov)
			continue;
		d = nv - ov;
		sonde_out(c, drop, -1, sonde_droptab[i].kind, d);
		sonde_consumer_msg(c, SONDE_MSG_DROP, "%s%s%s%llu %s%s%s",
				   c->droptags ? "[" : "",
				   c->droptags ? sonde_droptab[i].tag : "",
				   c->droptags ? "] " : "",
				   (unsigned long long)d, sonde_droptab[i].str,
				   d > 1 ? "s" : "", sonde_droptab[i].msg);
	}
	c->last = *st;
	return 0;
}

/*
 * Linux dtrace's statement number of clause @clause: each probe
 * description of a clause is a statement of its own (dt_clause_N), so
 * the clauses before count by their descriptions; a clause of several
 * is named by its first.
 */
uint32_t sonde_dtrace2_stmt(const struct sonde_program *p, uint32_t clause)
{
	uint32_t c, n = 0;

	for (c = 0; c < clause && c < p->nclauses; c++)
		n += p->clauses[c].ndescs;
	return n;
}

/* An ERROR record: dt_handle_err() */
static void sonde_error_record(struct sonde_consumer *c, const void *data,
			       size_t size)
{
	const struct sonde_program *p = c->prog;
	const struct sonde_probe_info *pi;
	struct sonde_errrec er;
	char where[32], details[32], offinfo[32];

	if (size < sizeof(er)) {
		sonde_consumer_msg(c, SONDE_MSG_ERROR,
				   "malformed error record (%zu bytes)", size);
		return;
	}
	memcpy(&er, data, sizeof(er));
	if (er.epid == 0 || er.epid > p->necbs) {
		sonde_consumer_msg(c, SONDE_MSG_ERROR,
				   "error on unknown enabled probe ID %u: %s",
				   er.epid, sonde_fault_name(er.fault));
		return;
	}
	pi = &p->ecb_probe[er.epid - 1];
	/* the kernel names the action from the clause's action table */
	if (er.action == 0)
		snprintf(where, sizeof(where), "predicate");
	else
		snprintf(where, sizeof(where), "action #%u", er.action);
	/* DIF offsets are byte offsets, as DTrace's dtms_fltoffs */
	snprintf(offinfo, sizeof(offinfo), " at DIF offset %u",
		 (uint32_t)(er.pc * sizeof(struct sonde_insn)));
	switch (er.fault) {
	case SONDE_FLT_BADADDR:
	case SONDE_FLT_BADALIGN:
	case SONDE_FLT_BADSTACK:
	case SONDE_FLT_BADSIZE:
		snprintf(details, sizeof(details), " (0x%llx)",
			 (unsigned long long)er.addr);
		break;
	default:
		details[0] = '\0';
	}
	sonde_out(c, error, &er, pi);
	if (c->dtrace2) {
		/* dt_handle_err(): the address of a bad size too */
		if (er.fault == SONDE_FLT_BADADDR && (int64_t)er.addr == -1)
			details[0] = '\0';
		sonde_consumer_msg(c, SONDE_MSG_ERROR,
				   "error in dt_clause_%u for probe ID %u (%.*s:%.*s:%.*s:%.*s): %s%s at BPF pc %u",
				   sonde_dtrace2_stmt(p, p->ecbs[er.epid - 1].clause),
				   pi->id,
				   SONDE_PROVNAMELEN, pi->desc.provider,
				   SONDE_MODNAMELEN, pi->desc.module,
				   SONDE_FUNCNAMELEN, pi->desc.function,
				   SONDE_NAMELEN, pi->desc.name,
				   sonde_fault_name(er.fault), details, er.pc);
		return;
	}
	sonde_consumer_msg(c, SONDE_MSG_ERROR,
			   "error on enabled probe ID %u (ID %u: %.*s:%.*s:%.*s:%.*s): %s%s in %s%s",
			   er.epid, pi->id,
			   SONDE_PROVNAMELEN, pi->desc.provider,
			   SONDE_MODNAMELEN, pi->desc.module,
			   SONDE_FUNCNAMELEN, pi->desc.function,
			   SONDE_NAMELEN, pi->desc.name,
			   sonde_fault_name(er.fault), details, where, offinfo);
}

/* ---- aggregations ------------------------------------------------------ */

/* The keys of entry @e as format arguments (strings strsize bytes). */
uint32_t sonde_aggent_keys(const struct sonde_consumer *c,
			   const struct sonde_aggent *e,
			   struct sonde_fmtarg *args)
{
	const struct sonde_pagg *a = &c->prog->aggs[e->aggid];
	uint32_t i, off = 0;

	for (i = 0; i < a->desc.nkeys && i < SONDE_MAX_AGG_KEYS; i++) {
		args[i].data = e->key + off;
		args[i].type = a->keys[i];
		if (a->keys[i].kind == SONDE_DT_STR)
			args[i].type.size = c->strsize;
		off += sonde_keyfield_size(c, a->keys[i]);
	}
	return i;
}

/*
 * Print the @n rows of @ap: entries @v of its one aggregation, or, joined,
 * bundles @b (ap->naggs entries or NULL, @zero standing for a missing
 * one, and the representative entry at [naggs]).  Values are
 * normalize()d as dt_print_datum() does.
 */
static int sonde_agg_walk(struct sonde_consumer *c,
			  const struct sonde_aggprint *ap,
			  struct sonde_aggent *const *v,
			  struct sonde_aggent **const *b, uint32_t n,
			  const int64_t *zero)
{
	const int64_t *vals[SONDE_MAX_AGGS], *raw[SONDE_MAX_AGGS];
	const struct sonde_aggent *ents[SONDE_MAX_AGGS];
	struct sonde_fmtarg keys[SONDE_MAX_AGG_KEYS];
	struct sonde_aggrow row = { .keys = keys, .vals = vals, .raw = raw,
				    .ents = ents };
	size_t cap = 0, k;
	int64_t *nval;
	uint32_t i, j;
	bool push;
	int err;

	for (j = 0; j < ap->naggs; j++) {
		k = sonde_agg_val_size(&ap->aggs[j]->desc) / sizeof(int64_t);
		cap = k > cap ? k : cap;
	}
	nval = malloc(ap->naggs * cap * sizeof(int64_t) + 1);
	if (!nval)
		return -ENOMEM;
	push = sonde_push_wanted(c, ap);
	err = sonde_out(c, agg_begin, ap);
	for (i = 0; i < n && !err; i++) {
		struct sonde_aggent *const *e = b ? b[i] : &v[i];
		const struct sonde_aggent *rep = e[b ? ap->naggs : 0];

		for (j = 0; j < ap->naggs; j++) {
			ents[j] = e[j];
			raw[j] = e[j] ? e[j]->val : zero;
			vals[j] = sonde_agg_normalized(ap->aggs[j], raw[j],
						       nval + j * cap, cap);
		}
		row.index = i;
		row.nkeys = sonde_aggent_keys(c, rep, keys);
		err = sonde_out(c, agg_row, ap, &row);
		if (!err && push && sonde_push_row(c, ap, &row))
			push = false;	/* out of memory: said at the end */
	}
	if (!err)
		err = sonde_out(c, agg_end, ap);
	if (!err && sonde_push_wanted(c, ap) &&
	    (!push || sonde_push_end(c, ap)))
		sonde_consumer_msg(c, SONDE_MSG_ERROR,
				   "--push: the profile of @%s is not sent: %s",
				   ap->aggs[0]->name, strerror(ENOMEM));
	free(nval);
	if (!err && ferror(c->out))
		err = -EIO;
	return err;
}

/* printa() of several aggregations, joined by key. */
static int sonde_printa_joined(struct sonde_consumer *c,
			       struct sonde_aggprint *ap)
{
	struct sonde_aggent ***b;
	uint32_t i, n, maxval = 8;
	int64_t *zero;
	int err;

	for (i = 0; i < ap->naggs; i++) {
		uint32_t sz = sonde_agg_val_size(&ap->aggs[i]->desc);

		if (sz > maxval)
			maxval = sz;
	}
	zero = calloc(1, maxval);
	b = zero ? sonde_aggtab_joined(c, ap->aggids, ap->naggs, &n) : NULL;
	if (!b) {
		free(zero);
		return -ENOMEM;
	}
	err = sonde_agg_walk(c, ap, NULL, b, n, zero);
	for (i = 0; i < ap->naggs; i++)
		c->prog->aggs[ap->aggids[i]].printed = true;
	sonde_aggtab_joined_free(b, n);
	free(zero);
	return err;
}

/* One aggregation: @n of its entries @v, in print order. */
static int sonde_agg_print(struct sonde_consumer *c, const char *fmt,
			   const uint32_t *aggid, struct sonde_aggent **v,
			   uint32_t n, bool printa)
{
	const struct sonde_pagg *a = &c->prog->aggs[*aggid];
	struct sonde_aggprint ap = { .fmt = fmt, .aggids = aggid, .naggs = 1,
				     .aggs = &a, .printa = printa };

	if (printa)
		c->prog->aggs[*aggid].printed = true;
	return sonde_agg_walk(c, &ap, v, NULL, n, NULL);
}

int sonde_consumer_printa(struct sonde_consumer *c, const char *fmt,
			  const uint32_t *aggids, uint32_t naggs)
{
	const struct sonde_pagg *aggs[SONDE_MAX_AGGS];
	struct sonde_aggprint ap = { .fmt = fmt, .aggids = aggids,
				     .naggs = naggs, .aggs = aggs,
				     .printa = true };
	struct sonde_aggent **v;
	uint32_t i, n;
	int err = 0;

	for (i = 0; i < naggs; i++)
		if (aggids[i] >= c->prog->naggs)
			return -EINVAL;
	/* several aggregations print joined by key, one row per key, in
	 * the formats that join them */
	if (naggs > 1 && naggs <= SONDE_MAX_AGGS && c->output->join_aggs) {
		for (i = 0; i < naggs; i++)
			aggs[i] = &c->prog->aggs[aggids[i]];
		return sonde_printa_joined(c, &ap);
	}
	for (i = 0; i < naggs && !err; i++) {
		v = sonde_aggtab_sorted(c, aggids[i], &n);
		if (!v)
			return -ENOMEM;
		err = sonde_agg_print(c, fmt, &aggids[i], v, n, true);
		free(v);
	}
	return err;
}

/* dtrace_aggregate_print() with dtpa_allunprint: the aggregations not
 * printa()'d, in print order (by aggregation first). */
int sonde_consumer_print_aggs(struct sonde_consumer *c)
{
	struct sonde_aggent **v;
	uint32_t i, k, n, aggid;
	int err = 0;

	v = sonde_aggtab_sorted(c, UINT32_MAX, &n);
	if (!v)
		return -ENOMEM;
	for (i = 0; i < n && !err; i = k) {
		aggid = v[i]->aggid;
		for (k = i; k < n && v[k]->aggid == aggid; k++)
			;
		if (!c->prog->aggs[aggid].printed)
			err = sonde_agg_print(c, NULL, &aggid, v + i, k - i,
					      false);
	}
	free(v);
	return err;
}

/* ---- records ------------------------------------------------------------ */

static bool sonde_field_ok(const struct sonde_pclause *cl, uint32_t f,
			   size_t dsize)
{
	return f < cl->nfields &&
	       (size_t)cl->fields[f].offset + cl->fields[f].type.size <= dsize;
}

/* clear/trunc/normalize/denormalize/setopt: n is the record's field. */
static int sonde_rec_aggact(struct sonde_consumer *c,
			    const struct sonde_pclause *cl,
			    const struct sonde_action *act,
			    const unsigned char *data, size_t dsize)
{
	int64_t n = 0;

	if (act->nfields && sonde_field_ok(cl, act->field, dsize))
		memcpy(&n, data + cl->fields[act->field].offset, sizeof(n));
	return sonde_consumer_aggact(c, act, n);
}

/* stack() / ustack() / jstack(): the pid (ustack) and the frames (a
 * jstack()'s pid is in its frames). */
static int sonde_rec_stack(struct sonde_consumer *c,
			   const struct sonde_pclause *cl,
			   const struct sonde_action *act,
			   const unsigned char *data, size_t dsize)
{
	uint32_t f = act->field;
	int32_t pid = 0;

	if (act->kind == SONDE_A_USTACK && act->nfields == 2) {
		if (!sonde_field_ok(cl, f, dsize) ||
		    cl->fields[f].type.size != 4)
			return -EBADMSG;
		memcpy(&pid, data + cl->fields[f].offset, 4);
		f++;
	}
	if (!sonde_field_ok(cl, f, dsize) ||
	    (act->kind == SONDE_A_JSTACK) !=
	    sonde_dt_is_jstack(cl->fields[f].type) ||
	    (cl->fields[f].type.kind != SONDE_DT_KSTACK &&
	     cl->fields[f].type.kind != SONDE_DT_USTACK &&
	     act->kind != SONDE_A_JSTACK))
		return -EBADMSG;
	return sonde_out(c, act_stack, act, pid, data + cl->fields[f].offset,
			 cl->fields[f].type);
}

/* printf(), system(), freopen(): its fields as the format's arguments. */
static int sonde_rec_printf(struct sonde_consumer *c,
			    const struct sonde_rec *r,
			    const struct sonde_pclause *cl,
			    const struct sonde_action *act,
			    const unsigned char *data, size_t dsize)
{
	struct sonde_fmtarg args[64];
	uint32_t i, f;

	if (act->nfields > ARRAY_SIZE(args))
		return -E2BIG;
	for (i = 0; i < act->nfields; i++) {
		f = act->field + i;
		if (!sonde_field_ok(cl, f, dsize))
			return -EBADMSG;
		args[i].data = data + cl->fields[f].offset;
		args[i].type = cl->fields[f].type;
	}
	sonde_format_set_syms(sonde_consumer_syms(c), c->upid);
	sonde_format_set_consumer(c);
	if (act->kind != SONDE_A_PRINTF)
		return sonde_consumer_sysact(c, r, act, args, act->nfields);
	return sonde_out(c, act_printf, act, args, act->nfields);
}

/* exit(): every exit() record sets the status, so a later one (an
 * exit() in END) overrides an earlier one (chewrec(): g_status). */
static int sonde_rec_exit(struct sonde_consumer *c,
			  const struct sonde_pclause *cl,
			  const struct sonde_action *act,
			  const unsigned char *data, size_t dsize)
{
	uint32_t f = act->field;
	int32_t st;
	int err = 0;

	if (sonde_field_ok(cl, f, dsize)) {
		memcpy(&st, data + cl->fields[f].offset, 4);
		c->exit_status = st;
		err = sonde_out(c, act_exit, act, st);
	}
	c->exited = true;
	return err;
}

/* sym() and friends: the pid (user ones) and the address. */
static int sonde_rec_sym(struct sonde_consumer *c,
			 const struct sonde_pclause *cl,
			 const struct sonde_action *act,
			 const unsigned char *data, size_t dsize)
{
	uint32_t f = act->field;
	int32_t pid = 0;
	uint64_t addr;

	if (act->nfields == 2) {
		if (!sonde_field_ok(cl, f, dsize) ||
		    cl->fields[f].type.size != 4)
			return -EBADMSG;
		memcpy(&pid, data + cl->fields[f].offset, 4);
		f++;
	}
	if (!sonde_field_ok(cl, f, dsize) || cl->fields[f].type.size != 8)
		return -EBADMSG;
	memcpy(&addr, data + cl->fields[f].offset, 8);
	return sonde_out(c, act_sym, act, pid, addr);
}

/* The name sym() and friends print for @addr (dt_print_sym() etc.). */
void sonde_consumer_symname(struct sonde_consumer *c, uint32_t kind, int pid,
			    uint64_t addr, char *buf, size_t n)
{
	struct sonde_syms *s = sonde_consumer_syms(c);

	/* noresolve: user addresses are not looked up */
	if (!s || kind > SONDE_A_UADDR || kind < SONDE_A_SYM ||
	    (c->noresolve && kind >= SONDE_A_USYM)) {
		snprintf(buf, n, "0x%llx", (unsigned long long)addr);
		return;
	}
	sonde_syms_name(s, sonde_sym_act_name(kind), pid, addr, buf, n);
}

/* One action of a record. */
static int sonde_rec_action(struct sonde_consumer *c,
			    const struct sonde_rec *r,
			    const struct sonde_pclause *cl,
			    const struct sonde_action *act,
			    const unsigned char *data, size_t dsize)
{
	const struct sonde_recfield *fl;

	if (act->kind == SONDE_A_FTRUNCATE)
		return sonde_consumer_sysact(c, r, act, NULL, 0);
	if (sonde_action_flags(act->kind) & SONDE_AF_CONSUMER)
		return sonde_rec_aggact(c, cl, act, data, dsize);
	switch (act->kind) {
	case SONDE_A_TRACE:
	case SONDE_A_TRACEMEM:
		if (!sonde_field_ok(cl, act->field, dsize))
			return -EBADMSG;
		fl = &cl->fields[act->field];
		if (act->kind == SONDE_A_TRACE)
			return sonde_out(c, act_trace, act,
					 data + fl->offset, fl->type);
		if (act->nfields == 2) {
			/* tracemem(buf, N, dynsize): the fewer bytes */
			struct sonde_dtype t;
			int64_t dyn = 0;

			if (!sonde_field_ok(cl, act->field + 1, dsize) ||
			    !fl->type.size || fl->type.size > sizeof(dyn) ||
			    (fl->type.kind != SONDE_DT_INT &&
			     fl->type.kind != SONDE_DT_UINT))
				return -EBADMSG;
			memcpy(&dyn, data + fl->offset, fl->type.size);
			/* a narrower signed size: -1 is negative */
			if (fl->type.kind == SONDE_DT_INT && fl->type.size < 8)
				dyn = (int64_t)((uint64_t)dyn <<
						(64 - 8 * fl->type.size)) >>
				      (64 - 8 * fl->type.size);
			fl = &cl->fields[act->field + 1];
			t = fl->type;
			if (dyn < (int64_t)t.size)
				t.size = dyn < 0 ? 0 : (uint32_t)dyn;
			return sonde_out(c, act_tracemem, act,
					 data + fl->offset, t);
		}
		return sonde_out(c, act_tracemem, act, data + fl->offset,
				 fl->type);
	case SONDE_A_PRINT: {
		uint64_t addr = 0;

		/* a pointer's target: its address, then its bytes; a
		 * struct value: its bytes only */
		if ((act->nfields != 1 && act->nfields != 2) ||
		    !sonde_field_ok(cl, act->field, dsize) ||
		    (act->nfields == 2 &&
		     !sonde_field_ok(cl, act->field + 1, dsize)))
			return -EBADMSG;
		fl = &cl->fields[act->field];
		if (act->nfields == 2) {
			memcpy(&addr, data + fl->offset, 8);
			fl = &cl->fields[act->field + 1];
		}
		return sonde_out(c, act_print, act, addr, data + fl->offset,
				 fl->type);
	}
	case SONDE_A_PRINTF:
	case SONDE_A_SYSTEM:
	case SONDE_A_FREOPEN:
		return sonde_rec_printf(c, r, cl, act, data, dsize);
	case SONDE_A_PRINTA:
		if (c->output->printa_after_record)
			return 0;
		return sonde_consumer_printa(c, act->fmt, act->aggids,
					     act->naggs);
	case SONDE_A_STACK:
	case SONDE_A_USTACK:
	case SONDE_A_JSTACK:
		return sonde_rec_stack(c, cl, act, data, dsize);
	case SONDE_A_EXIT:
		return sonde_rec_exit(c, cl, act, data, dsize);
	case SONDE_A_SYM:
	case SONDE_A_MOD:
	case SONDE_A_USYM:
	case SONDE_A_UMOD:
	case SONDE_A_UADDR:
		return sonde_rec_sym(c, cl, act, data, dsize);
	}
	return 0;
}

/* One record: its beginning, each action, its end. */
static int sonde_record(struct sonde_consumer *c, const struct sonde_rec *r,
			const unsigned char *data, size_t dsize)
{
	const struct sonde_program *p = c->prog;
	const struct sonde_pclause *cl = &p->clauses[p->ecbs[r->epid - 1].clause];
	uint32_t a;
	int err, ret;

	err = sonde_out(c, rec_begin, r);
	for (a = 0; a < cl->nacts && !err; a++)
		err = sonde_rec_action(c, r, cl, &cl->acts[a], data, dsize);
	/* the record ends even when an action failed: a JSON line stays
	 * whole */
	ret = sonde_out(c, rec_end, r);
	if (err || ret)
		return err ? err : ret;
	/* in formats that want them after the record, printa()'s rows */
	for (a = 0; a < cl->nacts && !err; a++)
		if (cl->acts[a].kind == SONDE_A_PRINTA &&
		    c->output->printa_after_record)
			err = sonde_consumer_printa(c, cl->acts[a].fmt,
						    cl->acts[a].aggids,
						    cl->acts[a].naggs);
	return err;
}

/* The EPID of the next record from @p (not an ERROR record), 0 if none. */
static uint32_t sonde_next_epid(const unsigned char *p,
				const unsigned char *end)
{
	struct sonde_rechdr h;

	while (p < end && (size_t)(end - p) >= sizeof(h)) {
		memcpy(&h, p, sizeof(h));
		if (h.size < sizeof(h))
			return 0;
		if (h.epid != SONDE_EPID_ERROR)
			return h.epid;
		p += (h.size + 7) & ~7u;
	}
	return 0;
}

/*
 * The kernel writes a string field of a record up to its NUL only; DTrace
 * records it NUL-padded to strsize, and its formatting looks at the whole
 * field (dt_print_bytes() prints a string with anything after the NUL as
 * bytes).  Records with string fields are formatted from a copy with each
 * string's tail zeroed; the others as they are.
 */
static const unsigned char *sonde_rec_canon(struct sonde_consumer *c,
					    uint32_t epid,
					    const unsigned char *data,
					    size_t dsize)
{
	const struct sonde_program *p = c->prog;
	const struct sonde_pclause *cl;
	bool copied = false;
	uint32_t f;

	if (epid == 0 || epid > p->necbs)
		return data;
	cl = &p->clauses[p->ecbs[epid - 1].clause];
	for (f = 0; f < cl->nfields; f++) {
		const struct sonde_recfield *rf = &cl->fields[f];
		size_t n;

		if (rf->type.kind != SONDE_DT_STR ||
		    rf->offset > dsize || rf->type.size > dsize - rf->offset)
			continue;
		if (!copied) {
			if (dsize > c->recsize) {
				unsigned char *r = realloc(c->rec, dsize);

				if (!r)
					return data;	/* as DTrace's, then */
				c->rec = r;
				c->recsize = dsize;
			}
			memcpy(c->rec, data, dsize);
			copied = true;
		}
		n = strnlen((const char *)c->rec + rf->offset, rf->type.size);
		memset(c->rec + rf->offset + n, 0, rf->type.size - n);
	}
	return copied ? c->rec : data;
}

int sonde_consumer_records(struct sonde_consumer *c, uint32_t cpu,
			   const void *buf, size_t size)
{
	const unsigned char *p = buf, *end = p + size;
	struct sonde_rechdr h;
	struct sonde_rec r;
	int err;

	while ((size_t)(end - p) >= sizeof(h)) {
		memcpy(&h, p, sizeof(h));
		if (h.size < sizeof(h) || h.size > (size_t)(end - p))
			return -EBADMSG;
		if (h.epid == SONDE_EPID_ERROR) {
			sonde_error_record(c, p + sizeof(h),
					   h.size - sizeof(h));
		} else {
			if (h.epid == 0 || h.epid > c->prog->necbs)
				return -EBADMSG;
			r.cpu = cpu;
			r.epid = h.epid;
			r.timestamp = h.timestamp;
			r.probe = &c->prog->ecb_probe[h.epid - 1];
			r.next_epid = sonde_next_epid(p + ((h.size + 7) & ~7u),
						      end);
			err = sonde_record(c, &r,
					   sonde_rec_canon(c, h.epid,
							   p + sizeof(h),
							   h.size - sizeof(h)),
					   h.size - sizeof(h));
			if (err)
				return err;
		}
		p += (h.size + 7) & ~7u;
	}
	return 0;
}
