// SPDX-License-Identifier: GPL-2.0
/*
 * consume.c - the consumer: decodes drained principal buffers record by
 * record (EPID -> ECB -> clause -> actions, each action taking its fields)
 * and prints them as dtrace(1M) does: chew() prints the heading and the
 * "CPU ID FUNCTION:NAME" columns unless quiet, every action prints its
 * data (dt_consume_cpu()), and chewrec(NULL) ends the record with "\n"
 * unless quiet (illumos cmd/dtrace/dtrace.c).  ERROR records become
 * dt_handle_err()'s message, drops dt_handle_cpudrop()'s.  Consumer
 * thread only.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "consume_impl.h"
#include "vm.h"

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
	c->quiet = p->uopts.quiet;
	c->flowindent = p->uopts.flowindent;
	c->strsize = (uint32_t)sonde_program_kopt(p, SONDE_OPT_strsize);
	return c;
}

void sonde_consumer_free(struct sonde_consumer *c)
{
	if (!c)
		return;
	sonde_aggtab_free(&c->aggs);
	sonde_syms_free(c->syms);
	free(c->buf);
	free(c->rec);
	free(c);
}

void sonde_consumer_set_quiet(struct sonde_consumer *c, bool quiet)
{
	c->quiet = quiet;
}

bool sonde_consumer_quiet(const struct sonde_consumer *c)
{
	return c->quiet;
}

void sonde_consumer_set_format(struct sonde_consumer *c, int format)
{
	c->format = format;
}

void sonde_consumer_set_upid(struct sonde_consumer *c, int pid)
{
	c->upid = pid;
}

struct sonde_syms *sonde_consumer_syms(struct sonde_consumer *c)
{
	if (!c->syms)
		c->syms = sonde_syms_new(NULL);
	return c->syms;
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

void sonde_consumer_drops(struct sonde_consumer *c, uint32_t cpu,
			  uint64_t drops, bool agg)
{
	if (!drops)
		return;
	if (c->format == SONDE_OUT_JSON)
		fprintf(c->out, "{\"type\":\"drop\",\"kind\":\"%s\",\"cpu\":%u,\"count\":%llu}\n",
			agg ? "aggregation" : "principal", cpu,
			(unsigned long long)drops);
	/* dt_handle_cpudrop(): "%llu %sdrop%s on CPU %d" */
	sonde_consumer_msg(c, SONDE_MSG_DROP, "%llu %sdrop%s on CPU %u",
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
	const char *kind, *str, *msg;
} sonde_droptab[] = {
	{ offsetof(struct sonde_status, dyndrops), "dynamic",
	  "dynamic variable drop", "" },
	{ offsetof(struct sonde_status, specdrops), "speculative",
	  "speculative drop", "" },
	{ offsetof(struct sonde_status, specbusy), "specbusy",
	  "failed speculation", " (available buffer(s) still busy)" },
	{ offsetof(struct sonde_status, recdrops), "recursion",
	  "drop", ": probe fired inside a probe" },
	{ offsetof(struct sonde_status, nmidrops), "nmi",
	  "drop", ": probe fired in NMI context" },
};

int sonde_consumer_status(struct sonde_consumer *c,
			  const struct sonde_status *st)
{
	uint64_t nv, ov, d;
	uint32_t i;

	if (st->activity == SONDE_ACT_KILLED && !c->killed) {
		c->killed = true;
		c->last = *st;
		if (c->format == SONDE_OUT_JSON)
			fprintf(c->out, "{\"type\":\"abort\",\"message\":\"%s\"}\n",
				sonde_msg_bricked);
		return -ECANCELED;
	}
	for (i = 0; i < ARRAY_SIZE(sonde_droptab); i++) {
		memcpy(&nv, (const char *)st + sonde_droptab[i].off, 8);
		memcpy(&ov, (const char *)&c->last + sonde_droptab[i].off, 8);
		if (nv <= ov)
			continue;
		d = nv - ov;
		if (c->format == SONDE_OUT_JSON)
			fprintf(c->out, "{\"type\":\"drop\",\"kind\":\"%s\",\"cpu\":null,\"count\":%llu}\n",
				sonde_droptab[i].kind, (unsigned long long)d);
		sonde_consumer_msg(c, SONDE_MSG_DROP, "%llu %s%s%s",
				   (unsigned long long)d, sonde_droptab[i].str,
				   d > 1 ? "s" : "", sonde_droptab[i].msg);
	}
	c->last = *st;
	return 0;
}

/* ---- aggregation printing ------------------------------------------- */

int sonde_print_aggent(struct sonde_consumer *c, const struct sonde_aggent *e)
{
	const struct sonde_pagg *a = &c->prog->aggs[e->aggid];
	struct sonde_dtype kt;
	uint32_t i, off = 0;
	int err;

	for (i = 0; i < a->desc.nkeys; i++) {
		kt = a->keys[i];
		if (kt.kind == SONDE_DT_STR)
			kt.size = c->strsize;
		if (kt.kind == SONDE_DT_KSTACK || kt.kind == SONDE_DT_USTACK)
			/* dt_print_datum(): the stack, its own lines */
			err = sonde_print_stack(c->out, sonde_consumer_syms(c),
						kt.kind == SONDE_DT_USTACK,
						c->upid, e->key + off,
						kt.size / 8, SONDE_STACKINDENT);
		else
			err = sonde_print_aggkey(c->out, e->key + off, kt);
		if (err)
			return err;
		off += sonde_keyfield_size(c, kt);
	}
	if (a->normal > 1) {
		size_t n = sonde_agg_val_size(&a->desc) / sizeof(int64_t);
		int64_t *nval = malloc(n * sizeof(int64_t));

		if (!nval)
			return -ENOMEM;
		err = sonde_print_aggval(c->out, &a->desc,
					 sonde_agg_normalized(a, e->val, nval,
							      n));
		free(nval);
	} else {
		err = sonde_print_aggval(c->out, &a->desc, e->val);
	}
	if (err)
		return err;
	fputc('\n', c->out);
	return ferror(c->out) ? -EIO : 0;
}

/* printa("fmt", @a): keys are the format's arguments, %@ the value. */
static int sonde_printa_fmt(struct sonde_consumer *c, const char *fmt,
			    const struct sonde_aggent *e)
{
	const struct sonde_pagg *a = &c->prog->aggs[e->aggid];
	struct sonde_fmtarg args[SONDE_MAX_AGG_KEYS];
	uint32_t i, off = 0;
	int n;

	for (i = 0; i < a->desc.nkeys && i < SONDE_MAX_AGG_KEYS; i++) {
		args[i].data = e->key + off;
		args[i].type = a->keys[i];
		if (a->keys[i].kind == SONDE_DT_STR)
			args[i].type.size = c->strsize;
		off += sonde_keyfield_size(c, a->keys[i]);
	}
	sonde_format_set_syms(sonde_consumer_syms(c), c->upid);
	n = sonde_format(c->out, fmt, args, i, &a->desc, e->val);
	return n < 0 ? n : 0;
}

/*
 * One bundle of a joined printa(): the keys once, then each aggregation's
 * value (zero where it has no such key) -- through @fmt's %@ conversions
 * in order, or as dt_print_aggs() prints them without a format.
 */
static int sonde_printa_bundle(struct sonde_consumer *c, const char *fmt,
			       const uint32_t *aggids, uint32_t naggs,
			       struct sonde_aggent *const *b, const int64_t *zero)
{
	const struct sonde_aggent *rep = b[naggs];
	const struct sonde_pagg *a = &c->prog->aggs[rep->aggid];
	const struct sonde_agg_desc *ds[SONDE_MAX_AGGS];
	const int64_t *vs[SONDE_MAX_AGGS];
	struct sonde_fmtarg args[SONDE_MAX_AGG_KEYS];
	struct sonde_dtype kt;
	uint32_t i, off = 0;
	int err = 0, n;

	for (i = 0; i < naggs && i < SONDE_MAX_AGGS; i++) {
		ds[i] = &c->prog->aggs[aggids[i]].desc;
		vs[i] = b[i] ? b[i]->val : zero;
	}
	for (i = 0; i < a->desc.nkeys && i < SONDE_MAX_AGG_KEYS; i++) {
		kt = a->keys[i];
		if (kt.kind == SONDE_DT_STR)
			kt.size = c->strsize;
		args[i].data = rep->key + off;
		args[i].type = kt;
		if (!fmt && (kt.kind == SONDE_DT_KSTACK ||
			     kt.kind == SONDE_DT_USTACK))
			err = sonde_print_stack(c->out, sonde_consumer_syms(c),
						kt.kind == SONDE_DT_USTACK,
						c->upid, rep->key + off,
						kt.size / 8, SONDE_STACKINDENT);
		else if (!fmt)
			err = sonde_print_aggkey(c->out, rep->key + off, kt);
		if (err)
			return err;
		off += sonde_keyfield_size(c, a->keys[i]);
	}
	if (fmt) {
		sonde_format_set_syms(sonde_consumer_syms(c), c->upid);
		n = sonde_format_aggs(c->out, fmt, args, i, ds, vs, naggs);
		return n < 0 ? n : 0;
	}
	for (i = 0; i < naggs && !err; i++)
		err = sonde_print_aggval(c->out, ds[i], vs[i]);
	if (!err)
		fputc('\n', c->out);
	return err ? err : ferror(c->out) ? -EIO : 0;
}

/* printa() of several aggregations, joined by key. */
static int sonde_printa_joined(struct sonde_consumer *c, const char *fmt,
			       const uint32_t *aggids, uint32_t naggs)
{
	struct sonde_aggent ***b;
	uint32_t i, n, maxval = 8;
	int64_t *zero;
	int err = 0;

	for (i = 0; i < naggs; i++) {
		uint32_t sz = sonde_agg_val_size(&c->prog->aggs[aggids[i]].desc);

		if (sz > maxval)
			maxval = sz;
	}
	zero = calloc(1, maxval);
	b = zero ? sonde_aggtab_joined(c, aggids, naggs, &n) : NULL;
	if (!b) {
		free(zero);
		return -ENOMEM;
	}
	if (!fmt)
		fputc('\n', c->out);
	for (i = 0; i < n && !err; i++)
		err = sonde_printa_bundle(c, fmt, aggids, naggs, b[i], zero);
	for (i = 0; i < naggs; i++)
		c->prog->aggs[aggids[i]].printed = true;
	sonde_aggtab_joined_free(b, n);
	free(zero);
	return err;
}

int sonde_consumer_printa(struct sonde_consumer *c, const char *fmt,
			  const uint32_t *aggids, uint32_t naggs)
{
	struct sonde_aggent **v;
	uint32_t i, k, n;
	int err = 0;

	for (k = 0; k < naggs; k++)
		if (aggids[k] >= c->prog->naggs)
			return -EINVAL;
	/* several aggregations print joined by key, one row per key; in
	 * JSON each still gets its own line */
	if (naggs > 1 && naggs <= SONDE_MAX_AGGS &&
	    c->format != SONDE_OUT_JSON)
		return sonde_printa_joined(c, fmt, aggids, naggs);
	for (k = 0; k < naggs; k++) {
		if (aggids[k] >= c->prog->naggs)
			return -EINVAL;
		/* dt_consume_cpu(): printa() without a format starts "\n" */
		if (!fmt && c->format != SONDE_OUT_JSON)
			fputc('\n', c->out);
		v = sonde_aggtab_sorted(c, aggids[k], &n);
		if (!v)
			return -ENOMEM;
		if (c->format == SONDE_OUT_JSON)
			err = sonde_json_agg(c, aggids[k], v, n);
		for (i = 0; i < n && !err && c->format != SONDE_OUT_JSON; i++)
			err = fmt ? sonde_printa_fmt(c, fmt, v[i]) :
				    sonde_print_aggent(c, v[i]);
		free(v);
		c->prog->aggs[aggids[k]].printed = true;
		if (err)
			return err;
	}
	return 0;
}

/* dtrace_aggregate_print() with dtpa_allunprint: no separators. */
int sonde_consumer_print_aggs(struct sonde_consumer *c)
{
	struct sonde_aggent **v;
	uint32_t i, n;
	int err = 0;

	v = sonde_aggtab_sorted(c, UINT32_MAX, &n);
	if (!v)
		return -ENOMEM;
	if (c->format == SONDE_OUT_JSON) {
		/* sorted by aggregation first: one line per aggregation */
		uint32_t j, k;

		for (j = 0; j < c->prog->naggs && !err; j++) {
			for (i = 0; i < n && v[i]->aggid != j; i++)
				;
			for (k = i; k < n && v[k]->aggid == j; k++)
				;
			if (!c->prog->aggs[j].printed && k > i)
				err = sonde_json_agg(c, j, v + i, k - i);
		}
		n = 0;
	}
	for (i = 0; i < n && !err; i++) {
		if (c->prog->aggs[v[i]->aggid].printed)
			continue;
		err = sonde_print_aggent(c, v[i]);
	}
	free(v);
	return err;
}

/* ---- records --------------------------------------------------------- */

/* dt_handle_err() */
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
		snprintf(details, sizeof(details), " (0x%llx)",
			 (unsigned long long)er.addr);
		break;
	default:
		details[0] = '\0';
	}
	if (c->format == SONDE_OUT_JSON) {
		fprintf(c->out, "{\"type\":\"error\",\"epid\":%u,\"id\":%u,\"probe\":",
			er.epid, pi->id);
		sonde_json_str(c->out, sonde_desc_str(&pi->desc), SIZE_MAX);
		fprintf(c->out, ",\"fault\":\"%s\",\"action\":%u,\"offset\":%u,\"addr\":%llu}\n",
			sonde_fault_name(er.fault), er.action,
			(uint32_t)(er.pc * sizeof(struct sonde_insn)),
			(unsigned long long)er.addr);
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

/* stack() / ustack(): the frames, DTrace's lines or a JSON array. */
static int sonde_rec_stack(struct sonde_consumer *c,
			   const struct sonde_pclause *cl,
			   const struct sonde_action *act,
			   const unsigned char *data, size_t dsize)
{
	bool user = act->kind == SONDE_A_USTACK;
	uint32_t f = act->field, i;
	int32_t pid = 0;

	if (user && act->nfields == 2) {
		if (!sonde_field_ok(cl, f, dsize) ||
		    cl->fields[f].type.size != 4)
			return -EBADMSG;
		memcpy(&pid, data + cl->fields[f].offset, 4);
		f++;
	}
	if (!sonde_field_ok(cl, f, dsize) ||
	    (cl->fields[f].type.kind != SONDE_DT_KSTACK &&
	     cl->fields[f].type.kind != SONDE_DT_USTACK))
		return -EBADMSG;
	if (c->format == SONDE_OUT_JSON) {
		fprintf(c->out, "{\"action\":\"%s\",", user ? "ustack" : "stack");
		if (user)
			fprintf(c->out, "\"pid\":%d,", (int)pid);
		fputs("\"frames\":", c->out);
		sonde_json_value(c, data + cl->fields[f].offset,
				 cl->fields[f].type, pid);
		fputc('}', c->out);
		return 0;
	}
	i = cl->fields[f].type.size / 8;
	return sonde_print_stack(c->out, sonde_consumer_syms(c), user, pid,
				 data + cl->fields[f].offset, i,
				 SONDE_STACKINDENT);
}

/* One record as a JSON line: {"type":"record", ..., "data":[...]}. */
static int sonde_record_json(struct sonde_consumer *c, uint32_t cpu,
			     uint32_t epid, uint64_t ts,
			     const unsigned char *data, size_t dsize)
{
	const struct sonde_program *p = c->prog;
	const struct sonde_pclause *cl = &p->clauses[p->ecbs[epid - 1].clause];
	const struct sonde_probe_info *pi = &p->ecb_probe[epid - 1];
	struct sonde_fmtarg args[64];
	uint32_t a, f, i, ndata = 0;
	char *text;
	size_t tlen;
	FILE *mem;
	int err = 0, n;

	fprintf(c->out, "{\"type\":\"record\",\"cpu\":%u,\"id\":%u,\"epid\":%u,\"timestamp\":%llu,\"probe\":",
		cpu, pi->id, epid, (unsigned long long)ts);
	sonde_json_str(c->out, sonde_desc_str(&pi->desc), SIZE_MAX);
	fputs(",\"data\":[", c->out);
	for (a = 0; a < cl->nacts && !err; a++) {
		const struct sonde_action *act = &cl->acts[a];
		const char *sep = ndata ? "," : "";

		switch (act->kind) {
		case SONDE_A_TRACE:
		case SONDE_A_TRACEMEM:
			f = act->field;
			if (!sonde_field_ok(cl, f, dsize))
				return -EBADMSG;
			/* memory as "bytes" (hex), never mistaken for a
			 * traced string */
			fprintf(c->out, "%s{\"action\":\"%s\",\"%s\":", sep,
				act->kind == SONDE_A_TRACE ? "trace" :
				"tracemem", cl->fields[f].type.kind ==
				SONDE_DT_BYTES ? "bytes" : "value");
			sonde_json_value(c, data + cl->fields[f].offset,
					 cl->fields[f].type, 0);
			fputc('}', c->out);
			ndata++;
			break;
		case SONDE_A_PRINTF:
			if (act->nfields > ARRAY_SIZE(args))
				return -E2BIG;
			for (i = 0; i < act->nfields; i++) {
				f = act->field + i;
				if (!sonde_field_ok(cl, f, dsize))
					return -EBADMSG;
				args[i].data = data + cl->fields[f].offset;
				args[i].type = cl->fields[f].type;
			}
			text = NULL;
			tlen = 0;
			mem = open_memstream(&text, &tlen);
			if (!mem)
				return -ENOMEM;
			n = sonde_format(mem, act->fmt ? act->fmt : "", args,
					 act->nfields, NULL, NULL);
			fclose(mem);
			err = n < 0 ? n : 0;
			fprintf(c->out, "%s{\"action\":\"printf\",\"text\":", sep);
			sonde_json_str(c->out, text ? text : "", tlen);
			fputc('}', c->out);
			free(text);
			ndata++;
			break;
		case SONDE_A_STACK:
		case SONDE_A_USTACK:
			fputs(sep, c->out);
			err = sonde_rec_stack(c, cl, act, data, dsize);
			ndata++;
			break;
		case SONDE_A_CLEAR:
		case SONDE_A_TRUNC:
		case SONDE_A_NORMALIZE:
		case SONDE_A_DENORMALIZE:
		case SONDE_A_SETOPT:
			err = sonde_rec_aggact(c, cl, act, data, dsize);
			break;
		case SONDE_A_EXIT:
			f = act->field;
			if (sonde_field_ok(cl, f, dsize)) {
				int32_t st;

				memcpy(&st, data + cl->fields[f].offset, 4);
				if (!c->exited)
					c->exit_status = st;
				fprintf(c->out, "%s{\"action\":\"exit\",\"status\":%d}",
					sep, (int)st);
				ndata++;
			}
			c->exited = true;
			break;
		default:
			break;
		}
	}
	fputs("]}\n", c->out);
	/* printa()'s aggregations follow the record, each its own line */
	for (a = 0; a < cl->nacts && !err; a++)
		if (cl->acts[a].kind == SONDE_A_PRINTA)
			err = sonde_consumer_printa(c, cl->acts[a].fmt,
						    cl->acts[a].aggids,
						    cl->acts[a].naggs);
	return err;
}

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
 * right before one, is not a flow step.  @next is the next record's
 * EPID in the buffer, 0 for none.
 */
static void sonde_flow_chew(struct sonde_consumer *c, uint32_t cpu,
			    uint32_t epid, uint32_t next)
{
	const struct sonde_program *p = c->prog;
	const struct sonde_probe_info *pi = &p->ecb_probe[epid - 1];
	bool sys = !strcmp(pi->desc.provider, "syscall");
	const char *prefix = "| ";
	char name[512];
	int flow = 0;		/* 1 entry, -1 return */

	if (sonde_flow_is(pi->desc.name, "entry"))
		flow = 1;
	else if (sonde_flow_is(pi->desc.name, "return"))
		flow = -1;
	if (flow > 0 && c->last_epid && c->last_epid != epid &&
	    c->last_epid <= p->necbs &&
	    p->ecb_probe[c->last_epid - 1].id == pi->id)
		flow = 0;
	if (flow < 0 && next && next != epid && next <= p->necbs &&
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
	fprintf(c->out, "%3d %-41s ", (int)cpu, name);
	if (flow > 0)
		c->indent += 2;
	c->last_epid = epid;
}

/* One record: chew(), the actions, chewrec(NULL). */
static int sonde_record(struct sonde_consumer *c, uint32_t cpu,
			uint32_t epid, uint64_t ts, const unsigned char *data,
			size_t dsize, uint32_t next)
{
	const struct sonde_program *p = c->prog;
	const struct sonde_pclause *cl;
	const struct sonde_probe_info *pi;
	struct sonde_fmtarg args[64];
	uint32_t a, f, i;
	int err = 0, n;

	if (epid == 0 || epid > p->necbs)
		return -EBADMSG;
	if (c->format == SONDE_OUT_JSON)
		return sonde_record_json(c, cpu, epid, ts, data, dsize);
	cl = &p->clauses[p->ecbs[epid - 1].clause];
	pi = &p->ecb_probe[epid - 1];

	if (!c->heading) {
		/* chew(): the flowindent heading is printed even if quiet */
		if (c->flowindent)
			fprintf(c->out, "%3s %-41s\n", "CPU", "FUNCTION");
		else if (!c->quiet)
			fprintf(c->out, "%3s %6s %32s\n", "CPU", "ID",
				"FUNCTION:NAME");
		c->heading = true;
	}
	if (c->flowindent) {
		sonde_flow_chew(c, cpu, epid, next);
	} else if (!c->quiet) {
		char name[SONDE_FUNCNAMELEN + SONDE_NAMELEN + 2];

		snprintf(name, sizeof(name), "%.*s:%.*s", SONDE_FUNCNAMELEN,
			 pi->desc.function, SONDE_NAMELEN, pi->desc.name);
		fprintf(c->out, "%3d %6d %32s ", (int)cpu, (int)pi->id, name);
	}

	for (a = 0; a < cl->nacts && !err; a++) {
		const struct sonde_action *act = &cl->acts[a];

		switch (act->kind) {
		case SONDE_A_TRACE:
			f = act->field;
			if (!sonde_field_ok(cl, f, dsize))
				return -EBADMSG;
			err = sonde_print_trace(c->out,
						data + cl->fields[f].offset,
						cl->fields[f].type, c->quiet);
			break;
		case SONDE_A_TRACEMEM:
			/* dt_consume_cpu(): dt_print_bytes(..., -33, quiet,
			 * forceraw 1), a hex dump even of text */
			f = act->field;
			if (!sonde_field_ok(cl, f, dsize))
				return -EBADMSG;
			err = sonde_print_bytes(c->out,
						data + cl->fields[f].offset,
						cl->fields[f].type.size, -33,
						c->quiet, true);
			break;
		case SONDE_A_PRINTF:
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
			n = sonde_format(c->out, act->fmt ? act->fmt : "",
					 args, act->nfields, NULL, NULL);
			err = n < 0 ? n : 0;
			break;
		case SONDE_A_PRINTA:
			err = sonde_consumer_printa(c, act->fmt, act->aggids,
						    act->naggs);
			break;
		case SONDE_A_STACK:
		case SONDE_A_USTACK:
			err = sonde_rec_stack(c, cl, act, data, dsize);
			break;
		case SONDE_A_CLEAR:
		case SONDE_A_TRUNC:
		case SONDE_A_NORMALIZE:
		case SONDE_A_DENORMALIZE:
		case SONDE_A_SETOPT:
			err = sonde_rec_aggact(c, cl, act, data, dsize);
			break;
		case SONDE_A_EXIT:
			f = act->field;
			if (sonde_field_ok(cl, f, dsize)) {
				int32_t st;

				/* chewrec(): g_status = *(uint32_t *)addr */
				memcpy(&st, data + cl->fields[f].offset, 4);
				if (!c->exited)
					c->exit_status = st;
			}
			c->exited = true;
			break;
		default:
			break;
		}
	}
	if (!c->quiet)
		fputc('\n', c->out);
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
	int err;

	while ((size_t)(end - p) >= sizeof(h)) {
		memcpy(&h, p, sizeof(h));
		if (h.size < sizeof(h) || h.size > (size_t)(end - p))
			return -EBADMSG;
		if (h.epid == SONDE_EPID_ERROR) {
			sonde_error_record(c, p + sizeof(h),
					   h.size - sizeof(h));
		} else {
			err = sonde_record(c, cpu, h.epid, h.timestamp,
					   sonde_rec_canon(c, h.epid, p + sizeof(h),
							   h.size - sizeof(h)),
					   h.size - sizeof(h),
					   sonde_next_epid(p + ((h.size + 7) & ~7u),
							   end));
			if (err)
				return err;
		}
		p += (h.size + 7) & ~7u;
	}
	return 0;
}

/* ---- whole device ---------------------------------------------------- */

static int sonde_consumer_buf(struct sonde_consumer *c, size_t size)
{
	void *b;

	if (size <= c->bufsize)
		return 0;
	b = realloc(c->buf, size);
	if (!b)
		return -ENOMEM;
	c->buf = b;
	c->bufsize = size;
	return 0;
}

/* A CPU id the module does not have is skipped (ENOENT / ENXIO). */
static bool sonde_cpu_absent(int err)
{
	return err == -ENOENT || err == -ENXIO || err == -EINVAL;
}

int sonde_consumer_snap_all(struct sonde_consumer *c, struct sonde_dev *dev)
{
	struct sonde_drain d;
	uint32_t cpu;
	int err;

	if (!c->prog->naggs)
		return 0;
	err = sonde_consumer_buf(c, dev->aggsize ? dev->aggsize : 4 << 20);
	if (err)
		return err;
	for (cpu = 0; cpu < dev->info.nr_cpus; cpu++) {
		err = sonde_dev_aggsnap(dev, cpu, c->buf, c->bufsize, &d);
		if (sonde_cpu_absent(err))
			continue;
		if (err)
			return err;
		sonde_consumer_drops(c, cpu, d.drops, true);
		err = sonde_consumer_aggsnap(c, c->buf,
					     d.size < c->bufsize ? d.size :
					     c->bufsize);
		if (err)
			return err;
	}
	return 0;
}

static int sonde_drain_one(struct sonde_consumer *c, struct sonde_dev *dev,
			   uint32_t cpu)
{
	struct sonde_drain d;
	int err;

	err = sonde_dev_drain(dev, cpu, c->buf, c->bufsize, &d);
	if (sonde_cpu_absent(err))
		return 0;
	if (err)
		return err;
	err = sonde_consumer_records(c, cpu, c->buf,
				     d.size < c->bufsize ? d.size : c->bufsize);
	/* dt_consume_cpu() reports the drops after the CPU's records */
	sonde_consumer_drops(c, cpu, d.drops, false);
	return err;
}

int sonde_consumer_drain_all(struct sonde_consumer *c, struct sonde_dev *dev,
			     int first, int last)
{
	uint32_t cpu;
	int err;

	err = sonde_consumer_buf(c, dev->bufsize ? dev->bufsize : 4 << 20);
	if (err)
		return err;
	if (first >= 0 && (uint32_t)first < dev->info.nr_cpus) {
		err = sonde_drain_one(c, dev, (uint32_t)first);
		if (err)
			return err;
	}
	for (cpu = 0; cpu < dev->info.nr_cpus; cpu++) {
		if ((int)cpu == first || (int)cpu == last)
			continue;
		err = sonde_drain_one(c, dev, cpu);
		if (err)
			return err;
	}
	if (last >= 0 && last != first &&
	    (uint32_t)last < dev->info.nr_cpus) {
		err = sonde_drain_one(c, dev, (uint32_t)last);
		if (err)
			return err;
	}
	return 0;
}
