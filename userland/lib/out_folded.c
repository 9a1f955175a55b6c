// SPDX-License-Identifier: GPL-2.0
/*
 * out_folded.c - "-O folded" and "-O flamegraph" (beyond DTrace): stacks
 * as flame-graph tools read them.
 *
 * A stack becomes one folded line: its frames from the outermost to the
 * innermost joined by ';', then a space and a count.  An aggregation
 * row's other keys come first, one frame each (@[execname, jstack()]
 * puts the program's name at the root); its count is the aggregation's
 * value (the number of values for avg() and the histograms).  Native
 * frames lose their offsets (libc.so.6`read, as stackcollapse does), an
 * interpreter's frames read "function (file:line)", so rows that print
 * the same are one line, their counts added.  Of a jstack()'s native
 * frames only the sure ones are kept: not addresses no executable mapping
 * holds (bare hex), and when the walk reached no frame of the
 * interpreter function (no frame pointers) only the first: the rest is
 * what the stack held.  A stack of no frames is the frame "[unknown]".
 * A stack() / ustack() / jstack() in a record is a line of count 1.
 *
 *	folded      each aggregation's lines when it is printed (printa(),
 *	            or at the end), sorted; the records' lines at the end
 *	flamegraph  nothing until the end, then one SVG (flamegraph.c) of
 *	            every aggregation as last printed and every record
 *
 * printf() and trace() print nothing here; messages go to stderr as in
 * every format.  Consumer thread only.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "consume_impl.h"
#include "folded.h"
#include "vm.h"

/* ---- a table of folded lines -------------------------------------------- */

static uint64_t sonde_fold_hash(const char *s)
{
	uint64_t h = 14695981039346656037ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

static int sonde_fold_grow(struct sonde_fold *f)
{
	uint32_t cap = f->cap ? f->cap * 2 : 64, i, j;
	struct sonde_fline *v = calloc(cap, sizeof(*v));

	if (!v)
		return -ENOMEM;
	for (i = 0; i < f->cap; i++) {
		if (!f->v[i].line)
			continue;
		j = (uint32_t)sonde_fold_hash(f->v[i].line) & (cap - 1);
		while (v[j].line)
			j = (j + 1) & (cap - 1);
		v[j] = f->v[i];
	}
	free(f->v);
	f->v = v;
	f->cap = cap;
	return 0;
}

int sonde_fold_add(struct sonde_fold *f, const char *line, int64_t n)
{
	uint32_t j;

	if ((f->n + 1) * 2 > f->cap && sonde_fold_grow(f))
		return -ENOMEM;
	j = (uint32_t)sonde_fold_hash(line) & (f->cap - 1);
	for (; f->v[j].line; j = (j + 1) & (f->cap - 1)) {
		if (!strcmp(f->v[j].line, line)) {
			f->v[j].count += n;
			return 0;
		}
	}
	f->v[j].line = strdup(line);
	if (!f->v[j].line)
		return -ENOMEM;
	f->v[j].count = n;
	f->n++;
	return 0;
}

void sonde_fold_free(struct sonde_fold *f)
{
	uint32_t i;

	if (!f)
		return;
	for (i = 0; i < f->cap; i++)
		free(f->v[i].line);
	free(f->v);
	memset(f, 0, sizeof(*f));
}

static int sonde_fline_cmp(const void *a, const void *b)
{
	const struct sonde_fline *x = a, *y = b;

	return strcmp(x->line, y->line);
}

struct sonde_fline *sonde_fold_sorted(const struct sonde_fold *f)
{
	struct sonde_fline *v = malloc((f->n + 1) * sizeof(*v));
	uint32_t i, k = 0;

	if (!v)
		return NULL;
	for (i = 0; i < f->cap; i++)
		if (f->v[i].line)
			v[k++] = f->v[i];
	qsort(v, k, sizeof(*v), sonde_fline_cmp);
	return v;
}

/* ---- building a line ---------------------------------------------------- */

/* A growing string. */
struct sonde_sbuf {
	char *s;
	size_t len, cap;
	bool oom;
};

static void sb_put(struct sonde_sbuf *b, const char *s, size_t n)
{
	char *t;

	if (b->oom)
		return;
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		t = realloc(b->s, b->cap);
		if (!t) {
			b->oom = true;
			return;
		}
		b->s = t;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = 0;
}

/*
 * One frame: ';' and control characters (they would end or split the
 * line) become '_'; a native frame's "+0x..." offset goes.
 */
static void sb_frame(struct sonde_sbuf *b, const char *name, bool native)
{
	size_t n = strlen(name), i;
	const char *plus = native ? strrchr(name, '+') : NULL;
	char c;

	if (plus && !strncmp(plus, "+0x", 3) &&
	    strspn(plus + 3, "0123456789abcdef") == strlen(plus + 3))
		n = (size_t)(plus - name);
	if (b->len)
		sb_put(b, ";", 1);
	for (i = 0; i < n; i++) {
		c = name[i];
		if (c == ';' || (unsigned char)c < 0x20 || c == 0x7f)
			c = '_';
		sb_put(b, &c, 1);
	}
	if (!n)
		sb_put(b, "?", 1);
}

/* Frames are gathered innermost first, then put outermost first. */
struct sonde_fframes {
	char **v;
	uint32_t n, cap;
	bool *native;
	bool oom;
};

static void ff_add(struct sonde_fframes *ff, const char *name, bool native)
{
	void *t;

	if (ff->oom)
		return;
	if (ff->n == ff->cap) {
		ff->cap = ff->cap ? ff->cap * 2 : 32;
		t = realloc(ff->v, ff->cap * sizeof(*ff->v));
		if (!t) {
			ff->oom = true;
			return;
		}
		ff->v = t;
		t = realloc(ff->native, ff->cap * sizeof(*ff->native));
		if (!t) {
			ff->oom = true;
			return;
		}
		ff->native = t;
	}
	ff->v[ff->n] = strdup(name);
	if (!ff->v[ff->n]) {
		ff->oom = true;
		return;
	}
	ff->native[ff->n++] = native;
}

static void ff_free(struct sonde_fframes *ff)
{
	uint32_t i;

	for (i = 0; i < ff->n; i++)
		free(ff->v[i]);
	free(ff->v);
	free(ff->native);
}

static int sonde_fold_jframe(void *arg, const char *native,
			     const struct sonde_jpy *py)
{
	struct sonde_fframes *ff = arg;
	char name[1024];

	if (native) {
		ff_add(ff, native, true);
		return 0;
	}
	if (py->line >= 0)
		snprintf(name, sizeof(name), "%s (%s:%d)",
			 py->name ? py->name : "?", py->file ? py->file : "?",
			 py->line);
	else
		snprintf(name, sizeof(name), "%s (%s)",
			 py->name ? py->name : "?", py->file ? py->file : "?");
	ff_add(ff, name, false);
	return 0;
}

/* A stack's frames, outermost first, onto @b. */
static int sonde_fold_stack(struct sonde_consumer *c, struct sonde_sbuf *b,
			    const void *data, struct sonde_dtype t, int pid)
{
	struct sonde_syms *s = sonde_consumer_syms(c);
	struct sonde_fframes ff = { 0 };
	struct sonde_jdec d;
	char name[1024];
	uint64_t pc;
	uint32_t i;
	int err = 0;

	if (sonde_dt_is_jstack(t)) {
		err = sonde_jstack_decode(c, data, t.size, &d);
		if (err)
			return err;
		sonde_jstack_walk(c, &d, true, sonde_fold_jframe, &ff);
		sonde_jdec_free(&d);
	} else {
		for (i = 0; i < t.size / 8; i++) {
			memcpy(&pc, (const char *)data + i * 8, 8);
			if (!pc)
				break;
			if (!s)
				snprintf(name, sizeof(name), "0x%llx",
					 (unsigned long long)pc);
			else if (t.kind == SONDE_DT_USTACK)
				sonde_syms_uaddr(s, pid, pc, name,
						 sizeof(name));
			else
				sonde_syms_kaddr(s, pc, name, sizeof(name));
			ff_add(&ff, name, true);
		}
	}
	for (i = ff.n; i-- > 0;)
		sb_frame(b, ff.v[i], ff.native[i]);
	/*
	 * A stack of no frames (ustack() in a kernel thread, a walk that
	 * found nothing) is one frame "[unknown]", as perf script and
	 * stackcollapse-perf.pl name what they cannot walk: a line of a
	 * count alone is what flamegraph.pl ("Ignored ... invalid format")
	 * and inferno reject, and a silent drop would lose the samples.
	 */
	if (!ff.n && !ff.oom)
		sb_frame(b, "[unknown]", false);
	if (ff.oom)
		err = -ENOMEM;
	ff_free(&ff);
	return err;
}

/* A key that is not a stack: one frame (a sym() key's is its name). */
static void sonde_fold_key(struct sonde_consumer *c, struct sonde_sbuf *b,
			   const void *data, struct sonde_dtype t)
{
	char num[32], name[1024];
	int64_t v = 0;
	int pid;

	if (sonde_dt_is_sym(t)) {
		uint64_t pc = sonde_symkey_addr(t, data, &pid);

		sonde_consumer_symname(c, SONDE_DT_SACT(t.kind), pid, pc,
				       name, sizeof(name));
		sb_frame(b, name, false);
		return;
	}
	if (t.kind == SONDE_DT_STR) {
		char *s = strndup(data, t.size);

		sb_frame(b, s ? s : "?", false);
		free(s);
		return;
	}
	memcpy(&v, data, 8);
	if (t.size == 4)
		v = (int32_t)v;
	else if (t.size == 2)
		v = (uint16_t)v;
	else if (t.size == 1)
		v = (uint8_t)v;
	snprintf(num, sizeof(num), "%lld", (long long)v);
	sb_frame(b, num, false);
}

static bool sonde_is_stack(struct sonde_dtype t)
{
	return t.kind == SONDE_DT_KSTACK || t.kind == SONDE_DT_USTACK ||
	       sonde_dt_is_jstack(t);
}

/* The count a row folds to. */
static int64_t sonde_fold_value(const struct sonde_agg_desc *ad,
				const int64_t *val)
{
	uint32_t i, n;
	int64_t sum = 0;

	switch (ad->fn) {
	case SONDE_AGG_avg:
	case SONDE_AGG_stddev:
		return val[0];		/* how many values */
	case SONDE_AGG_quantize:
	case SONDE_AGG_lquantize:
	case SONDE_AGG_llquantize:
		n = sonde_agg_val_size(ad) / 8;
		for (i = 0; i < n; i++)
			sum += val[i];
		return sum;
	default:
		return val[0];
	}
}

/* ---- the consumer's state --------------------------------------------------- */

struct sonde_foldstate {
	struct sonde_fold recs;		/* stacks in records */
	struct sonde_fold cur;		/* the aggregation being printed */
	struct sonde_fold push;		/* --push: the same, for pushfn */
	struct sonde_fold *aggs;	/* flamegraph: each as last printed */
	uint32_t naggs;
};

static struct sonde_foldstate *sonde_fs(struct sonde_consumer *c)
{
	if (!c->fold) {
		c->fold = calloc(1, sizeof(*c->fold));
		if (c->fold && c->prog->naggs) {
			c->fold->aggs = calloc(c->prog->naggs,
					       sizeof(*c->fold->aggs));
			if (!c->fold->aggs) {
				free(c->fold);
				c->fold = NULL;
			} else {
				c->fold->naggs = c->prog->naggs;
			}
		}
	}
	return c->fold;
}

void sonde_fold_state_free(struct sonde_consumer *c)
{
	uint32_t i;

	if (!c->fold)
		return;
	sonde_fold_free(&c->fold->recs);
	sonde_fold_free(&c->fold->cur);
	sonde_fold_free(&c->fold->push);
	for (i = 0; i < c->fold->naggs; i++)
		sonde_fold_free(&c->fold->aggs[i]);
	free(c->fold->aggs);
	free(c->fold);
	c->fold = NULL;
}

static int fold_act_stack(struct sonde_consumer *c,
			  const struct sonde_action *act, int pid,
			  const void *pcs, struct sonde_dtype t)
{
	struct sonde_foldstate *fs = sonde_fs(c);
	struct sonde_sbuf b = { 0 };
	int err;

	if (!fs)
		return -ENOMEM;
	err = sonde_fold_stack(c, &b, pcs, t, pid);
	if (!err && !b.oom && b.len)
		err = sonde_fold_add(&fs->recs, b.s, 1);
	free(b.s);
	return err ? err : b.oom ? -ENOMEM : 0;
}

static int fold_agg_begin(struct sonde_consumer *c,
			  const struct sonde_aggprint *ap)
{
	struct sonde_foldstate *fs = sonde_fs(c);

	if (!fs)
		return -ENOMEM;
	sonde_fold_free(&fs->cur);
	return 0;
}

/* A row's folded line, added to @f. */
static int sonde_fold_row(struct sonde_consumer *c, struct sonde_fold *f,
			  const struct sonde_aggprint *ap,
			  const struct sonde_aggrow *row)
{
	struct sonde_sbuf b = { 0 };
	struct sonde_dtype kt;
	uint32_t i;
	int err = 0;
	for (i = 0; i < row->nkeys && !err; i++) {
		kt = row->keys[i].type;
		if (sonde_is_stack(kt))
			err = sonde_fold_stack(c, &b, row->keys[i].data, kt,
					       c->upid);
		else
			sonde_fold_key(c, &b, row->keys[i].data, kt);
	}
	if (!err && !b.oom)
		err = sonde_fold_add(f, b.len ? b.s : "",
				     sonde_fold_value(&ap->aggs[0]->desc,
						      row->vals[0]));
	free(b.s);
	return err ? err : b.oom ? -ENOMEM : 0;
}

static int fold_agg_row(struct sonde_consumer *c,
			const struct sonde_aggprint *ap,
			const struct sonde_aggrow *row)
{
	struct sonde_foldstate *fs = sonde_fs(c);

	return fs ? sonde_fold_row(c, &fs->cur, ap, row) : -ENOMEM;
}

/* ---- --push ---------------------------------------------------------- */

bool sonde_program_has_stack_agg(const struct sonde_program *p)
{
	uint32_t i, k;

	for (i = 0; i < p->naggs; i++)
		for (k = 0; k < p->aggs[i].desc.nkeys; k++)
			if (sonde_is_stack(p->aggs[i].keys[k]))
				return true;
	return false;
}

bool sonde_push_wanted(const struct sonde_consumer *c,
		       const struct sonde_aggprint *ap)
{
	uint32_t k;

	if (!c->pushfn || ap->naggs != 1)
		return false;
	for (k = 0; k < ap->aggs[0]->desc.nkeys; k++)
		if (sonde_is_stack(ap->aggs[0]->keys[k]))
			return true;
	return false;
}

int sonde_push_row(struct sonde_consumer *c, const struct sonde_aggprint *ap,
		   const struct sonde_aggrow *row)
{
	struct sonde_foldstate *fs = sonde_fs(c);

	return fs ? sonde_fold_row(c, &fs->push, ap, row) : -ENOMEM;
}

/* The lines, sorted, of count > 0 (a trunc()ed or clear()ed row is none
 * of the interval's samples), to pushfn; none when no row has samples
 * (the next profile's interval covers this one's). */
int sonde_push_end(struct sonde_consumer *c, const struct sonde_aggprint *ap)
{
	struct sonde_foldstate *fs = sonde_fs(c);
	struct sonde_sbuf b = { 0 };
	struct sonde_fline *v = NULL;
	char num[32];
	uint32_t i;
	int err = 0;

	if (!fs)
		return -ENOMEM;
	if (fs->push.n && !(v = sonde_fold_sorted(&fs->push)))
		err = -ENOMEM;
	for (i = 0; !err && i < fs->push.n; i++) {
		if (v[i].count <= 0)
			continue;
		sb_put(&b, v[i].line, strlen(v[i].line));
		snprintf(num, sizeof(num), " %lld\n", (long long)v[i].count);
		sb_put(&b, num, strlen(num));
	}
	if (!err && b.oom)
		err = -ENOMEM;
	if (!err && b.len)
		c->pushfn(c->push_arg, ap->aggs[0]->name, b.s, b.len);
	free(v);
	free(b.s);
	sonde_fold_free(&fs->push);
	return err;
}

/* Lines sorted, "frames count"; a line of no frames (an aggregation
 * without keys) is its count alone. */
static int sonde_fold_print(FILE *out, const struct sonde_fold *f)
{
	struct sonde_fline *v;
	uint32_t i;

	if (!f->n)
		return 0;
	v = sonde_fold_sorted(f);
	if (!v)
		return -ENOMEM;
	for (i = 0; i < f->n; i++)
		fprintf(out, "%s%s%lld\n", v[i].line, v[i].line[0] ? " " : "",
			(long long)v[i].count);
	free(v);
	return ferror(out) ? -EIO : 0;
}

static int folded_agg_end(struct sonde_consumer *c,
			  const struct sonde_aggprint *ap)
{
	int err = sonde_fold_print(c->out, &c->fold->cur);

	sonde_fold_free(&c->fold->cur);
	return err;
}

static int folded_finish(struct sonde_consumer *c)
{
	return c->fold ? sonde_fold_print(c->out, &c->fold->recs) : 0;
}

const struct sonde_output sonde_output_folded = {
	.name = "folded",
	.act_stack = fold_act_stack,
	.agg_begin = fold_agg_begin,
	.agg_row = fold_agg_row,
	.agg_end = folded_agg_end,
	.finish = folded_finish,
};

/* flamegraph: an aggregation's print replaces its earlier one */
static int flame_agg_end(struct sonde_consumer *c,
			 const struct sonde_aggprint *ap)
{
	struct sonde_foldstate *fs = c->fold;
	uint32_t id = ap->aggids[0];

	if (id >= fs->naggs)
		return 0;
	sonde_fold_free(&fs->aggs[id]);
	fs->aggs[id] = fs->cur;
	memset(&fs->cur, 0, sizeof(fs->cur));
	return 0;
}

static int flame_finish(struct sonde_consumer *c)
{
	struct sonde_foldstate *fs = sonde_fs(c);
	struct sonde_fold all = { 0 };
	const struct sonde_fold *f;
	uint32_t i, j;
	int err = 0;

	if (!fs)
		return -ENOMEM;
	for (i = 0; i <= fs->naggs && !err; i++) {
		f = i < fs->naggs ? &fs->aggs[i] : &fs->recs;
		for (j = 0; j < f->cap && !err; j++)
			if (f->v[j].line && f->v[j].line[0] &&
			    f->v[j].count > 0)
				err = sonde_fold_add(&all, f->v[j].line,
						     f->v[j].count);
	}
	if (!err)
		err = sonde_flamegraph_svg(c->out, &all, "Flame Graph");
	sonde_fold_free(&all);
	return err;
}

const struct sonde_output sonde_output_flamegraph = {
	.name = "flamegraph",
	.act_stack = fold_act_stack,
	.agg_begin = fold_agg_begin,
	.agg_row = fold_agg_row,
	.agg_end = flame_agg_end,
	.finish = flame_finish,
};
