// SPDX-License-Identifier: GPL-2.0
/*
 * out_pprof.c - "-O pprof" (beyond DTrace): the stack-keyed aggregations
 * as one gzipped pprof profile (profile.proto, the format `go tool pprof`
 * and the profilers that speak it read), written at the end.
 *
 * docs/pprof.md is the mapping.  Every aggregation with a stack(),
 * ustack() or jstack() key is a sample type (its name, unit "count";
 * none for sum(): sonde cannot know what was summed); each of its rows as last printed (printa(), or the
 * end) a sample whose value in that type is the row's count (sum()'s
 * sum; the number of values for avg(), stddev() and the histograms, as
 * -O folded counts), 0 in the others; its stack key's frames the
 * sample's locations, innermost first; its other keys labels named as
 * -O prometheus names them (execname, or key0 by position: strings and
 * sym() names as strings, integers as numbers).
 * A native frame is a location at its address, its function the symbol
 * (the offset dropped), its mapping the object the symboliser named
 * (vmlinux, a module, libc.so.6...): the profile is symbolised
 * (has_functions), pprof looks nothing up.  An interpreter frame of
 * jstack() is a location without address whose line gives its function
 * (the Python function and file) and line.  Aggregations without a
 * stack key are not in the profile; a program with none is refused when
 * the format is set.  stack() in a record is not in the profile either.
 *
 * The messages are encoded here (a protobuf writer of varints and
 * length-delimited fields: the few messages a profile has): the schema's
 * field numbers are the format, and the published .proto is Apache-2.0,
 * which a GPL-2.0 program does not take in.  zlib writes the gzip
 * stream.  Consumer thread only.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "consume_impl.h"
#include "vm.h"

/* ---- a protobuf writer ---------------------------------------------------- */

struct pb {
	uint8_t *b;
	size_t len, cap;
	bool oom;
};

static void pb_put(struct pb *p, const void *d, size_t n)
{
	uint8_t *t;
	size_t cap;

	if (p->oom)
		return;
	if (p->len + n > p->cap) {
		cap = (p->len + n) * 2 + 64;
		t = realloc(p->b, cap);
		if (!t) {
			p->oom = true;
			return;
		}
		p->b = t;
		p->cap = cap;
	}
	memcpy(p->b + p->len, d, n);
	p->len += n;
}

static void pb_varint(struct pb *p, uint64_t v)
{
	uint8_t b[10];
	size_t n = 0;

	do {
		b[n++] = (uint8_t)(v & 0x7f) | (v > 0x7f ? 0x80 : 0);
		v >>= 7;
	} while (v);
	pb_put(p, b, n);
}

/* A varint field (wire type 0); zero is the default and not written. */
static void pb_int(struct pb *p, uint32_t field, uint64_t v)
{
	if (!v)
		return;
	pb_varint(p, (uint64_t)field << 3);
	pb_varint(p, v);
}

/* A length-delimited field (wire type 2). */
static void pb_bytes(struct pb *p, uint32_t field, const void *d, size_t n)
{
	pb_varint(p, (uint64_t)field << 3 | 2);
	pb_varint(p, n);
	pb_put(p, d, n);
}

/* A nested message, then @sub emptied for the next. */
static void pb_msg(struct pb *p, uint32_t field, struct pb *sub)
{
	if (sub->oom)
		p->oom = true;
	pb_bytes(p, field, sub->b, sub->len);
	sub->len = 0;
}

/* A packed repeated varint field. */
static void pb_packed(struct pb *p, uint32_t field, const uint64_t *v,
		      uint32_t n, struct pb *tmp)
{
	uint32_t i;

	if (!n)
		return;
	for (i = 0; i < n; i++)
		pb_varint(tmp, v[i]);
	pb_msg(p, field, tmp);
}

/* profile.proto's field numbers */
enum {
	PROFILE_SAMPLE_TYPE = 1, PROFILE_SAMPLE = 2, PROFILE_MAPPING = 3,
	PROFILE_LOCATION = 4, PROFILE_FUNCTION = 5, PROFILE_STRING_TABLE = 6,
	PROFILE_DEFAULT_SAMPLE_TYPE = 14,
	VALUETYPE_TYPE = 1, VALUETYPE_UNIT = 2,
	SAMPLE_LOCATION_ID = 1, SAMPLE_VALUE = 2, SAMPLE_LABEL = 3,
	LABEL_KEY = 1, LABEL_STR = 2, LABEL_NUM = 3,
	MAPPING_ID = 1, MAPPING_FILENAME = 5, MAPPING_HAS_FUNCTIONS = 7,
	LOCATION_ID = 1, LOCATION_MAPPING_ID = 2, LOCATION_ADDRESS = 3,
	LOCATION_LINE = 4,
	LINE_FUNCTION_ID = 1, LINE_LINE = 2,
	FUNCTION_ID = 1, FUNCTION_NAME = 2, FUNCTION_SYSTEM_NAME = 3,
	FUNCTION_FILENAME = 4,
};

/* ---- interning: a key string -> its id (1, 2, ...) ------------------------ */

struct pp_map {
	char **keys;		/* cap slots, NULL: free */
	uint32_t *ids;
	uint32_t cap, n;
	char **order;		/* n keys by id - 1 */
};

static uint64_t pp_hash(const char *s, size_t n)
{
	uint64_t h = 14695981039346656037ULL;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
	return h;
}

/* Keys may hold NULs: each is stored as 4 bytes of length, then bytes. */
static int pp_grow(struct pp_map *m)
{
	uint32_t cap = m->cap ? m->cap * 2 : 64, i, j, len;
	char **k = calloc(cap, sizeof(*k));
	uint32_t *ids = calloc(cap, sizeof(*ids));
	char **order = realloc(m->order, cap * sizeof(*order));

	if (!k || !ids || !order) {
		free(k);
		free(ids);
		if (order)
			m->order = order;
		return -ENOMEM;
	}
	m->order = order;
	for (i = 0; i < m->cap; i++) {
		if (!m->keys[i])
			continue;
		memcpy(&len, m->keys[i], 4);
		j = (uint32_t)pp_hash(m->keys[i] + 4, len) & (cap - 1);
		while (k[j])
			j = (j + 1) & (cap - 1);
		k[j] = m->keys[i];
		ids[j] = m->ids[i];
	}
	free(m->keys);
	free(m->ids);
	m->keys = k;
	m->ids = ids;
	m->cap = cap;
	return 0;
}

/* The id of key @s (@n bytes), added if new (*@added); 0 on ENOMEM. */
static uint32_t pp_intern(struct pp_map *m, const char *s, size_t n,
			  bool *added)
{
	uint32_t j, len;
	char *k;

	if (added)
		*added = false;
	if ((m->n + 1) * 2 > m->cap && pp_grow(m))
		return 0;
	j = (uint32_t)pp_hash(s, n) & (m->cap - 1);
	for (; m->keys[j]; j = (j + 1) & (m->cap - 1)) {
		memcpy(&len, m->keys[j], 4);
		if (len == n && !memcmp(m->keys[j] + 4, s, n))
			return m->ids[j];
	}
	k = malloc(n + 5);
	if (!k)
		return 0;
	len = (uint32_t)n;
	memcpy(k, &len, 4);
	memcpy(k + 4, s, n);
	k[n + 4] = '\0';
	m->keys[j] = k;
	m->ids[j] = ++m->n;
	m->order[m->n - 1] = k;
	if (added)
		*added = true;
	return m->n;
}

static void pp_map_free(struct pp_map *m)
{
	uint32_t i;

	for (i = 0; i < m->cap; i++)
		free(m->keys[i]);
	free(m->keys);
	free(m->ids);
	free(m->order);
	memset(m, 0, sizeof(*m));
}

/* ---- the profile being built ------------------------------------------- */

struct pp_sample {
	uint64_t *locs;		/* location ids, innermost first */
	uint32_t nlocs;
	int64_t value;
	/* labels: key0..: a string (index) or a number */
	struct pp_label {
		uint32_t key;	/* string index of "keyN" */
		uint32_t str;	/* string index, 0: a number */
		int64_t num;
	} *labels;
	uint32_t nlabels;
};

struct pp_agg {
	struct pp_sample *v;
	uint32_t n, cap;
};

struct sonde_pprof {
	struct pp_map strs;	/* the string table less its "" */
	struct pp_map funcs;	/* "name\0file" */
	struct pp_map maps;	/* an object's name */
	struct pp_map locs;	/* native: "n<pid>:<pc>"; else "p" name file line */
	struct pb loc_pb;	/* the Location messages, as they are added */
	struct pb func_pb;	/* the Function messages */
	struct pp_agg *aggs;	/* per aggregation: its rows as last printed */
	uint32_t naggs;
	uint32_t cur;		/* the aggregation being printed */
	bool oom;
};

static uint32_t pp_str(struct sonde_pprof *pp, const char *s)
{
	uint32_t id;

	if (!*s)
		return 0;	/* the string table's first entry is "" */
	id = pp_intern(&pp->strs, s, strlen(s), NULL);
	if (!id)
		pp->oom = true;
	return id;
}

static uint32_t pp_func(struct sonde_pprof *pp, const char *name,
			const char *file)
{
	size_t ln = strlen(name), lf = strlen(file);
	struct pb m = { 0 };
	uint32_t id;
	bool added;
	char *k = malloc(ln + lf + 2);

	if (!k) {
		pp->oom = true;
		return 0;
	}
	memcpy(k, name, ln + 1);
	memcpy(k + ln + 1, file, lf + 1);
	id = pp_intern(&pp->funcs, k, ln + lf + 2, &added);
	free(k);
	if (!id) {
		pp->oom = true;
		return 0;
	}
	if (added) {
		pb_int(&m, FUNCTION_ID, id);
		pb_int(&m, FUNCTION_NAME, pp_str(pp, name));
		pb_int(&m, FUNCTION_SYSTEM_NAME, pp_str(pp, name));
		pb_int(&m, FUNCTION_FILENAME, pp_str(pp, file));
		pb_msg(&pp->func_pb, PROFILE_FUNCTION, &m);
		free(m.b);
	}
	return id;
}

/* A location: added with its line the first time its key is seen. */
static uint32_t pp_loc(struct sonde_pprof *pp, const char *key, size_t klen,
		       uint64_t addr, uint32_t mapping, uint32_t func,
		       int64_t line)
{
	struct pb m = { 0 }, l = { 0 };
	uint32_t id;
	bool added;

	id = pp_intern(&pp->locs, key, klen, &added);
	if (!id) {
		pp->oom = true;
		return 0;
	}
	if (added) {
		pb_int(&m, LOCATION_ID, id);
		pb_int(&m, LOCATION_MAPPING_ID, mapping);
		pb_int(&m, LOCATION_ADDRESS, addr);
		pb_int(&l, LINE_FUNCTION_ID, func);
		pb_int(&l, LINE_LINE, (uint64_t)line);
		pb_msg(&m, LOCATION_LINE, &l);
		pb_msg(&pp->loc_pb, PROFILE_LOCATION, &m);
		if (m.oom || l.oom)
			pp->oom = true;
		free(m.b);
		free(l.b);
	}
	return id;
}

/*
 * A native frame named @name by the symboliser: "object`symbol+0x..",
 * "object`symbol", or bare hex when nothing holds it.
 */
static uint32_t pp_native(struct sonde_pprof *pp, int pid, const uint64_t *pc,
			  const char *name)
{
	const char *tick = strchr(name, '`'), *plus;
	char obj[256] = "", sym[1024], key[48];
	uint32_t mapping = 0, func;
	size_t n;

	if (tick) {
		n = (size_t)(tick - name) < sizeof(obj) - 1 ?
		    (size_t)(tick - name) : sizeof(obj) - 1;
		memcpy(obj, name, n);
		obj[n] = '\0';
		name = tick + 1;
	}
	snprintf(sym, sizeof(sym), "%s", name);
	plus = strrchr(sym, '+');
	if (plus && !strncmp(plus, "+0x", 3))
		sym[plus - sym] = '\0';
	if (obj[0]) {
		bool added;

		mapping = pp_intern(&pp->maps, obj, strlen(obj), &added);
		if (!mapping)
			pp->oom = true;
		if (added)
			pp_str(pp, obj);
	}
	func = pp_func(pp, sym, "");
	if (!pc)	/* no address: the location is the function's */
		return pp_loc(pp, key, (size_t)snprintf(key, sizeof(key),
					"f%u", func), 0, mapping, func, 0);
	n = (size_t)snprintf(key, sizeof(key), "n%d:%llx", pid,
			     (unsigned long long)*pc);
	return pp_loc(pp, key, n, *pc, mapping, func, 0);
}

/* An interpreter's frame: function, file, line. */
static uint32_t pp_py(struct sonde_pprof *pp, const struct sonde_jpy *py)
{
	const char *name = py->name ? py->name : "?";
	const char *file = py->file ? py->file : "?";
	size_t ln = strlen(name), lf = strlen(file), n;
	uint32_t func = pp_func(pp, name, file), id;
	char *key = malloc(ln + lf + 16);

	if (!key) {
		pp->oom = true;
		return 0;
	}
	n = (size_t)sprintf(key, "p%s", name) + 1;
	n += (size_t)sprintf(key + n, "%s", file) + 1;
	n += (size_t)sprintf(key + n, "%d", py->line);
	id = pp_loc(pp, key, n, 0, 0, func, py->line > 0 ? py->line : 0);
	free(key);
	return id;
}

/* The frames of one stack key, innermost first. */
struct pp_frames {
	struct sonde_pprof *pp;
	uint64_t *v;
	uint32_t n, cap;
	int pid;
	bool oom;
};

static void pf_add(struct pp_frames *f, uint32_t id)
{
	uint64_t *t;

	if (!id) {
		f->oom = true;
		return;
	}
	if (f->n == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 32;
		t = realloc(f->v, f->cap * sizeof(*t));
		if (!t) {
			f->oom = true;
			return;
		}
		f->v = t;
	}
	f->v[f->n++] = id;
}

static int pp_jframe(void *arg, const char *native, const struct sonde_jpy *py)
{
	struct pp_frames *f = arg;

	/* jstack()'s native frames come by name: a location of the
	 * function, without address */
	if (native)
		pf_add(f, pp_native(f->pp, f->pid, NULL, native));
	else
		pf_add(f, pp_py(f->pp, py));
	return 0;
}

static int pp_stack(struct sonde_consumer *c, struct pp_frames *f,
		    const void *data, struct sonde_dtype t, int pid)
{
	struct sonde_syms *s = sonde_consumer_syms(c);
	struct sonde_jdec d;
	char name[1024];
	uint64_t pc;
	uint32_t i;
	int err;

	if (sonde_dt_is_jstack(t)) {
		err = sonde_jstack_decode(c, data, t.size, &d);
		if (err)
			return err;
		f->pid = (int)d.pid;
		sonde_jstack_walk(c, &d, true, pp_jframe, f);
		sonde_jdec_free(&d);
		return f->oom ? -ENOMEM : 0;
	}
	for (i = 0; i < t.size / 8; i++) {
		memcpy(&pc, (const char *)data + i * 8, 8);
		if (!pc)
			break;
		if (!s)
			snprintf(name, sizeof(name), "0x%llx",
				 (unsigned long long)pc);
		else if (t.kind == SONDE_DT_USTACK)
			sonde_syms_uaddr(s, pid, pc, name, sizeof(name));
		else
			sonde_syms_kaddr(s, pc, name, sizeof(name));
		pf_add(f, pp_native(f->pp, t.kind == SONDE_DT_USTACK ? pid : 0,
				    &pc, name));
	}
	return f->oom ? -ENOMEM : 0;
}

static bool pp_is_stack(struct sonde_dtype t)
{
	return t.kind == SONDE_DT_KSTACK || t.kind == SONDE_DT_USTACK ||
	       sonde_dt_is_jstack(t);
}

static bool pp_agg_has_stack(const struct sonde_pagg *a)
{
	uint32_t k;

	for (k = 0; k < a->desc.nkeys; k++)
		if (pp_is_stack(a->keys[k]))
			return true;
	return false;
}

int sonde_pprof_check(struct sonde_consumer *c)
{
	uint32_t i;

	for (i = 0; i < c->prog->naggs; i++)
		if (pp_agg_has_stack(&c->prog->aggs[i]))
			return 0;
	sonde_consumer_msg(c, SONDE_MSG_ERROR,
			   "-O pprof: no aggregation has a stack(), ustack() or jstack() key: a profile is of stacks");
	return -EINVAL;
}

static struct sonde_pprof *pp_state(struct sonde_consumer *c)
{
	struct sonde_pprof *pp = c->pprof;

	if (pp)
		return pp;
	pp = calloc(1, sizeof(*pp));
	if (!pp)
		return NULL;
	pp->aggs = calloc(c->prog->naggs + 1, sizeof(*pp->aggs));
	if (!pp->aggs) {
		free(pp);
		return NULL;
	}
	pp->naggs = c->prog->naggs;
	c->pprof = pp;
	return pp;
}

static void pp_agg_clear(struct pp_agg *a)
{
	uint32_t i;

	for (i = 0; i < a->n; i++) {
		free(a->v[i].locs);
		free(a->v[i].labels);
	}
	a->n = 0;
}

void sonde_pprof_free(struct sonde_consumer *c)
{
	struct sonde_pprof *pp = c->pprof;
	uint32_t i;

	if (!pp)
		return;
	for (i = 0; i < pp->naggs; i++) {
		pp_agg_clear(&pp->aggs[i]);
		free(pp->aggs[i].v);
	}
	free(pp->aggs);
	pp_map_free(&pp->strs);
	pp_map_free(&pp->funcs);
	pp_map_free(&pp->maps);
	pp_map_free(&pp->locs);
	free(pp->loc_pb.b);
	free(pp->func_pb.b);
	free(pp);
	c->pprof = NULL;
}

static int pprof_agg_begin(struct sonde_consumer *c,
			   const struct sonde_aggprint *ap)
{
	struct sonde_pprof *pp = pp_state(c);

	if (!pp)
		return -ENOMEM;
	pp->cur = ap->aggids[0];
	/* a print replaces the aggregation's earlier one */
	if (pp->cur < pp->naggs)
		pp_agg_clear(&pp->aggs[pp->cur]);
	return 0;
}

/* The value a row gives: the count, sum()'s sum, else how many values. */
static int64_t pp_value(const struct sonde_agg_desc *ad, const int64_t *val)
{
	uint32_t i, n;
	int64_t sum = 0;

	switch (ad->fn) {
	case SONDE_AGG_quantize:
	case SONDE_AGG_lquantize:
	case SONDE_AGG_llquantize:
		n = sonde_agg_val_size(ad) / 8;
		for (i = 0; i < n; i++)
			sum += val[i];
		return sum;
	default:
		return val[0];	/* count, sum; avg and stddev: how many */
	}
}

static int pprof_agg_row(struct sonde_consumer *c,
			 const struct sonde_aggprint *ap,
			 const struct sonde_aggrow *row)
{
	struct sonde_pprof *pp = c->pprof;
	struct pp_frames f = { .pp = pp };
	struct pp_sample *s;
	struct pp_agg *a;
	struct sonde_dtype kt;
	char name[1024], lk[16];
	uint64_t u = 0;
	uint32_t k;
	int err = 0;
	void *t;

	if (!pp || pp->cur >= pp->naggs || !pp_agg_has_stack(ap->aggs[0]))
		return 0;
	a = &pp->aggs[pp->cur];
	if (a->n == a->cap) {
		a->cap = a->cap ? a->cap * 2 : 16;
		t = realloc(a->v, a->cap * sizeof(*a->v));
		if (!t)
			return -ENOMEM;
		a->v = t;
	}
	s = &a->v[a->n];
	memset(s, 0, sizeof(*s));
	s->labels = calloc(row->nkeys + 1, sizeof(*s->labels));
	if (!s->labels)
		return -ENOMEM;
	a->n++;
	for (k = 0; k < row->nkeys && !err; k++) {
		struct pp_label *l = &s->labels[s->nlabels];

		kt = row->keys[k].type;
		if (pp_is_stack(kt)) {
			f.pid = c->upid;
			err = pp_stack(c, &f, row->keys[k].data, kt, c->upid);
			continue;
		}
		l->key = pp_str(pp, sonde_agg_keylabel(ap->aggs[0], k, lk,
							 sizeof(lk)));
		if (sonde_dt_is_sym(kt)) {
			int pid;
			uint64_t pc = sonde_symkey_addr(kt, row->keys[k].data,
							&pid);

			sonde_consumer_symname(c, SONDE_DT_SACT(kt.kind), pid,
					       pc, name, sizeof(name));
			l->str = pp_str(pp, name[0] ? name : "?");
		} else if (kt.kind == SONDE_DT_STR) {
			snprintf(name, sizeof(name), "%.*s", (int)kt.size,
				 (const char *)row->keys[k].data);
			l->str = pp_str(pp, name[0] ? name : "\"\"");
		} else {
			memcpy(&u, row->keys[k].data, kt.size < 8 ? kt.size : 8);
			l->num = kt.kind == SONDE_DT_UINT || kt.size >= 8 ?
				 (int64_t)u :
				 (int64_t)(u << (64 - 8 * kt.size)) >>
				 (64 - 8 * kt.size);
		}
		s->nlabels++;
	}
	s->locs = f.v;
	s->nlocs = f.n;
	s->value = pp_value(&ap->aggs[0]->desc, row->vals[0]);
	if (pp->oom)
		err = -ENOMEM;
	return err;
}

/* The profile's messages, in one buffer. */
static int pp_encode(struct sonde_consumer *c, struct sonde_pprof *pp,
		     struct pb *out)
{
	const struct sonde_program *p = c->prog;
	struct pb m = { 0 }, sub = { 0 };
	uint64_t *vals = NULL;
	uint32_t i, j, k, nt = 0, first = 0, *slot;
	int err = 0;

	slot = calloc(pp->naggs + 1, sizeof(*slot));
	vals = calloc(pp->naggs + 1, sizeof(*vals));
	if (!slot || !vals) {
		err = -ENOMEM;
		goto out_free;
	}
	/* the sample types: each stack-keyed aggregation, in order */
	for (i = 0; i < pp->naggs; i++) {
		const struct sonde_pagg *a = &p->aggs[i];
		uint32_t ty;

		if (!pp_agg_has_stack(a))
			continue;
		slot[i] = ++nt;
		ty = pp_str(pp, strcmp(a->name, "_") ? a->name : "agg");
		if (nt == 1)
			first = ty;
		pb_int(&m, VALUETYPE_TYPE, ty);
		/* a sum() is of what the script summed: no unit */
		pb_int(&m, VALUETYPE_UNIT, a->desc.fn == SONDE_AGG_sum ? 0 :
					   pp_str(pp, "count"));
		pb_msg(out, PROFILE_SAMPLE_TYPE, &m);
	}
	for (i = 0; i < pp->naggs; i++) {
		for (j = 0; j < pp->aggs[i].n; j++) {
			const struct pp_sample *s = &pp->aggs[i].v[j];

			pb_packed(&m, SAMPLE_LOCATION_ID, s->locs, s->nlocs,
				  &sub);
			memset(vals, 0, nt * sizeof(*vals));
			vals[slot[i] - 1] = (uint64_t)s->value;
			for (k = 0; k < nt; k++)
				pb_varint(&sub, vals[k]);
			pb_msg(&m, SAMPLE_VALUE, &sub);
			for (k = 0; k < s->nlabels; k++) {
				pb_int(&sub, LABEL_KEY, s->labels[k].key);
				pb_int(&sub, LABEL_STR, s->labels[k].str);
				if (!s->labels[k].str)
					pb_int(&sub, LABEL_NUM,
					       (uint64_t)s->labels[k].num);
				pb_msg(&m, SAMPLE_LABEL, &sub);
			}
			pb_msg(out, PROFILE_SAMPLE, &m);
		}
	}
	/* mappings: the objects named, symbolised already */
	for (i = 0; i < pp->maps.n; i++) {
		pb_int(&m, MAPPING_ID, i + 1);
		pb_int(&m, MAPPING_FILENAME, pp_str(pp, pp->maps.order[i] + 4));
		pb_int(&m, MAPPING_HAS_FUNCTIONS, 1);
		pb_msg(out, PROFILE_MAPPING, &m);
	}
	pb_put(out, pp->loc_pb.b, pp->loc_pb.len);
	pb_put(out, pp->func_pb.b, pp->func_pb.len);
	/* the string table: "" then every string by index */
	pb_bytes(out, PROFILE_STRING_TABLE, "", 0);
	for (i = 0; i < pp->strs.n; i++) {
		uint32_t len;

		memcpy(&len, pp->strs.order[i], 4);
		pb_bytes(out, PROFILE_STRING_TABLE, pp->strs.order[i] + 4, len);
	}
	pb_int(out, PROFILE_DEFAULT_SAMPLE_TYPE, first);
	if (out->oom || m.oom || sub.oom || pp->oom || pp->loc_pb.oom ||
	    pp->func_pb.oom)
		err = -ENOMEM;
out_free:
	free(m.b);
	free(sub.b);
	free(slot);
	free(vals);
	return err;
}

/* gzip @n bytes of @d onto @out. */
static int pp_gzip(FILE *out, const uint8_t *d, size_t n)
{
	uint8_t buf[16384];
	z_stream z = { 0 };
	int ret;

	/* 15 + 16: a gzip header and trailer around the deflate stream */
	if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 8,
			 Z_DEFAULT_STRATEGY) != Z_OK)
		return -ENOMEM;
	z.next_in = (Bytef *)d;
	z.avail_in = (uInt)n;
	do {
		z.next_out = buf;
		z.avail_out = sizeof(buf);
		ret = deflate(&z, Z_FINISH);
		if (ret == Z_STREAM_ERROR)
			break;
		fwrite(buf, 1, sizeof(buf) - z.avail_out, out);
	} while (ret != Z_STREAM_END);
	deflateEnd(&z);
	if (ret != Z_STREAM_END)
		return -EIO;
	return ferror(out) ? -EIO : 0;
}

static int pprof_finish(struct sonde_consumer *c)
{
	struct sonde_pprof *pp = pp_state(c);
	struct pb out = { 0 };
	int err;

	if (!pp)
		return -ENOMEM;
	err = pp_encode(c, pp, &out);
	if (!err)
		err = pp_gzip(c->out, out.b, out.len);
	free(out.b);
	if (!err)
		fflush(c->out);
	return err;
}

const struct sonde_output sonde_output_pprof = {
	.name = "pprof",
	.agg_begin = pprof_agg_begin,
	.agg_row = pprof_agg_row,
	.finish = pprof_finish,
};
