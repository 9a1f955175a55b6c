/* SPDX-License-Identifier: GPL-2.0 */
/*
 * consume_impl.h - the consumer's private state, shared by consume.c (the
 * walk of records, aggregations and events), aggregate.c (the userland
 * aggregation table), aggact.c (the consumer-side actions) and the
 * output formats (out_*.c).  Consumer thread only.
 */
#ifndef _SONDE_CONSUME_IMPL_H
#define _SONDE_CONSUME_IMPL_H

#include <string.h>

#include "aggstyle.h"
#include "libsonde.h"
#include "output.h"

/* One aggregation entry: (aggid, key bytes) -> accumulated value. */
struct sonde_aggent {
	struct sonde_aggent *next;	/* hash chain */
	uint32_t aggid;
	uint32_t keylen;
	uint64_t hash;
	int64_t *val;			/* sonde_agg_val_size() bytes */
	int64_t *percpu;		/* aggpercpu: ncpus values, CPU by
					 * CPU; else NULL */
	unsigned char key[];		/* keylen bytes */
};

struct sonde_aggtab {
	struct sonde_aggent **buckets;
	uint32_t nbuckets;
	uint32_t count;
};

/* dt_clause_N's N for a clause (consume.c) */
uint32_t sonde_dtrace2_stmt(const struct sonde_program *p, uint32_t clause);

struct sonde_consumer {
	struct sonde_program *prog;
	FILE *out;
	sonde_msg_fn msg;
	void *msg_arg;
	bool quiet;
	bool testing;		/* dtrace's testing mode: no CPU, ID columns */
	bool dtrace2;		/* Linux dtrace (dtrace-utils 2) forms */
	bool flowindent;	/* -F: dt_flowindent()'s -> / <- output */
	const struct sonde_output *output;	/* the format */
	/* the text format's state */
	bool heading;		/* the CPU/ID/FUNCTION:NAME header is out */
	int indent;		/* flowindent: current indentation */
	uint32_t last_epid;	/* flowindent: the previous record's */
	/* the JSON format's state: items of the record's "data" so far */
	uint32_t items;
	bool exited;
	int exit_status;
	uint32_t strsize;
	struct sonde_aggtab aggs;
	/* aggpercpu: the CPUs whose snapshots kept per-CPU values, and
	 * which of them answered (cpu_seen[ncpus]) */
	uint32_t ncpus;
	bool *cpu_seen;
	/* the text format's agghist / aggpack state for one printa():
	 * each aggregation's totals and bins (naggs), and whether the
	 * header is out */
	struct sonde_aggtotal *agg_totals;
	struct sonde_aggbins *agg_bins;
	bool agg_hdr;
	void *buf;		/* drain / snapshot buffer */
	size_t bufsize;
	unsigned char *rec;	/* a record with its strings' tails zeroed */
	size_t recsize;
	struct sonde_syms *syms;	/* lazily created */
	int upid;		/* pid for ustack() keys, 0: none */
	struct sonde_status last;	/* previous STATUS, for deltas */
	bool killed;		/* SONDE_ACT_KILLED reported */
	FILE *out_orig;		/* the first output while freopen() has
				 * sent it to a file of its own, else NULL */
	/* options: rawbytes (hex dumps of strings too), stackindent,
	 * droptags ("[DTRACEDROP_...] " before drop messages), noresolve
	 * (user addresses in hex) */
	bool rawbytes, droptags, noresolve;
	int stackindent;
	struct sonde_jstate *js;	/* jstack(): helpers, lines (jstack.c) */
	struct sonde_ustate *us;	/* unwind tables given (utab.c) */
	struct sonde_foldstate *fold;	/* -O folded / flamegraph's lines */
	sonde_snap_fn snapfn;	/* -O prometheus: each exposition */
	struct sonde_pprof *pprof;	/* -O pprof's profile */
	void *snap_arg;
	sonde_push_fn pushfn;	/* --push: each stack aggregation's folded
				 * lines as printed, else NULL */
	void *push_arg;
	sonde_poll_fn pollfn;	/* asked every watch interval whether to end
				 * the trace (a reload), else NULL */
	void *poll_arg;
};


/* Bytes a key component (or field) of D type @t takes in a key. */
/* The SONDE_SYMNAME_* of sym(), mod(), usym(), umod() and uaddr()
 * (SONDE_A_SYM..SONDE_A_UADDR). */
static inline int sonde_sym_act_name(uint32_t act)
{
	switch (act) {
	case SONDE_A_SYM:
		return SONDE_SYMNAME_KSYM;
	case SONDE_A_MOD:
		return SONDE_SYMNAME_KMOD;
	case SONDE_A_USYM:
		return SONDE_SYMNAME_USYM;
	case SONDE_A_UMOD:
		return SONDE_SYMNAME_UMOD;
	}
	return SONDE_SYMNAME_UADDR;
}

/* A sym() key (@t, sonde_dt_is_sym()) at @data: its pid (0 for a
 * kernel one) and address. */
static inline uint64_t sonde_symkey_addr(struct sonde_dtype t,
					 const void *data, int *pid)
{
	uint64_t v[2] = { 0, 0 };

	memcpy(v, data, t.size == 16 ? 16 : 8);
	*pid = t.size == 16 ? (int)v[0] : 0;
	return t.size == 16 ? v[1] : v[0];
}

static inline uint32_t sonde_keyfield_size(const struct sonde_consumer *c,
					   struct sonde_dtype t)
{
	if (t.kind == SONDE_DT_STR)
		return c->strsize;
	if (t.kind == SONDE_DT_KSTACK || t.kind == SONDE_DT_USTACK ||
	    t.kind == SONDE_DT_BYTES || sonde_dt_is_jstack(t) ||
	    sonde_dt_is_sym(t))
		return t.size;
	return 8;
}

/*
 * jstack.c: a struct sonde_jstack decoded (sonde_jstack_decode()): its
 * native PCs, and its interpreter frames with names in UTF-8 (NULL when
 * the record has none) and lines (-1 when unknown).
 */
struct sonde_jpy {
	char *name, *file;
	int line;
	bool entry;		/* the first frame of its interpreter call */
	uint64_t code;
};

struct sonde_jdec {
	uint32_t pid;
	uint16_t flags;		/* SONDE_JSTACK_* */
	uint32_t npcs, npy;
	uint64_t *pcs;
	struct sonde_jpy *py;
};

/* 0 or -EBADMSG (fields past @size), -ENOMEM; free with sonde_jdec_free() */
int sonde_jstack_decode(struct sonde_consumer *c, const void *data,
			uint32_t size, struct sonde_jdec *d);
void sonde_jdec_free(struct sonde_jdec *d);
/*
 * Call @fn for every frame in printing order, innermost first: each
 * native frame (@native its name), each interpreter call's frames (@py)
 * after the native frame of the interpreter function that runs them,
 * those left at the end; when no native frame is the interpreter's
 * (a walk without frame pointers), all of them after the first native
 * frame.  @sure leaves out the native frames that are not sure: bare
 * addresses no executable mapping holds and, when the walk reached no
 * interpreter frame, all but the first.  Stops at @fn's first nonzero
 * return.
 */
typedef int sonde_jframe_fn(void *arg, const char *native,
			    const struct sonde_jpy *py);
int sonde_jstack_walk(struct sonde_consumer *c, const struct sonde_jdec *d,
		      bool sure, sonde_jframe_fn *fn, void *arg);
/* "\n", then dt_print_ustack()'s lines with "[ file:line (name) ]" under
 * the interpreter's frames. */
int sonde_print_jstack(struct sonde_consumer *c, FILE *out, const void *data,
		       uint32_t size, int indent);
/* A new aggregation entry: read the lines its jstack() keys need while
 * the processes live. */
void sonde_jstack_seen(struct sonde_consumer *c, uint32_t aggid,
		       const void *key);
void sonde_jstack_free(struct sonde_consumer *c);
/* The runtime of the next helper id (malloc'd, taken): 0 or -errno. */
struct sonde_pyrt;
int sonde_jstack_runtime(struct sonde_consumer *c, struct sonde_pyrt *rt);

/* out_text.c: the aggregation display options in force now. */
void sonde_consumer_aggstyle(const struct sonde_consumer *c,
			     struct sonde_aggstyle *st);

/* printf.c: the consumer jstack() arguments (%k) print through. */
void sonde_format_set_consumer(struct sonde_consumer *c);

/* out_folded.c: its lines, freed with the consumer. */
void sonde_fold_state_free(struct sonde_consumer *c);
/*
 * out_folded.c, --push: the rows of a printed aggregation folded as -O
 * folded folds them (whatever the format), then its lines, sorted, to
 * the consumer's pushfn.  Only for one aggregation with a stack key:
 * sonde_push_wanted().
 */
bool sonde_push_wanted(const struct sonde_consumer *c,
		       const struct sonde_aggprint *ap);
int sonde_push_row(struct sonde_consumer *c, const struct sonde_aggprint *ap,
		   const struct sonde_aggrow *row);
int sonde_push_end(struct sonde_consumer *c, const struct sonde_aggprint *ap);

/* aggact.c: clear/trunc/normalize/denormalize/setopt; values as printed. */
int sonde_consumer_aggact(struct sonde_consumer *c,
			  const struct sonde_action *act, int64_t n);
const int64_t *sonde_agg_normalized(const struct sonde_pagg *a,
				    const int64_t *val, int64_t *out,
				    size_t cap);

/* sysact.c: system(), freopen(), ftruncate() of record @r. */
int sonde_consumer_sysact(struct sonde_consumer *c, const struct sonde_rec *r,
			  const struct sonde_action *act,
			  const struct sonde_fmtarg *args, uint32_t nargs);

/* The symboliser, created on first use (NULL only on ENOMEM). */
struct sonde_syms *sonde_consumer_syms(struct sonde_consumer *c);
/* The name sym(), mod(), usym(), umod(), uaddr() (SONDE_A_* @kind) print
 * for @addr of process @pid. */
void sonde_consumer_symname(struct sonde_consumer *c, uint32_t kind, int pid,
			    uint64_t addr, char *buf, size_t n);

__attribute__((format(printf, 3, 4)))
void sonde_consumer_msg(struct sonde_consumer *c, int level,
			const char *fmt, ...);

/* consume.c: the keys of entry @e as format arguments; how many. */
uint32_t sonde_aggent_keys(const struct sonde_consumer *c,
			   const struct sonde_aggent *e,
			   struct sonde_fmtarg *args);

/* out_prom.c: can the program's aggregations be metrics (0, or a message
 * and -EINVAL); the exposition of every aggregation onto @out. */
int sonde_prom_check(struct sonde_consumer *c);
int sonde_prom_write(struct sonde_consumer *c, FILE *out);
/* The label of key @k of @a: its name (sonde_pagg.keynames) when no
 * other key has it, else "key<k>" in @buf. */
const char *sonde_agg_keylabel(const struct sonde_pagg *a, uint32_t k,
			       char *buf, size_t n);
/* out_pprof.c: has the program a stack-keyed aggregation (0, or a
 * message and -EINVAL); the profile's state freed. */
int sonde_pprof_check(struct sonde_consumer *c);
void sonde_pprof_free(struct sonde_consumer *c);

/* Bytes of aggregation @aggid's key in snapshots. */
uint32_t sonde_agg_keylen(const struct sonde_consumer *c, uint32_t aggid);
/* Find or create an entry; NULL on ENOMEM. */
int sonde_consumer_aggsnap_cpu(struct sonde_consumer *c, uint32_t cpu,
			       const void *buf, size_t size);
struct sonde_aggent *sonde_aggtab_get(struct sonde_consumer *c, uint32_t aggid,
				      const void *key, uint32_t keylen);
/*
 * The entries of @aggid (all aggregations if @aggid is UINT32_MAX) in
 * DTrace's print order (dt_aggregate_varvalcmp, or by key with
 * aggsortkey, reversed with aggsortrev); malloc'd array, *@n entries.
 */
struct sonde_aggent **sonde_aggtab_sorted(struct sonde_consumer *c,
					  uint32_t aggid, uint32_t *n);
void sonde_aggtab_free(struct sonde_aggtab *t);
/*
 * printa() of several aggregations (dtrace_aggregate_walk_joined()): one
 * bundle per key, each @naggs entries in @aggids' order (NULL where that
 * aggregation has no such key: zero) and the representative entry at
 * [@naggs], in dt_aggregate_bundlecmp()'s order (aggsortkey, aggsortpos).
 * Free with sonde_aggtab_joined_free().  NULL on ENOMEM.
 */
struct sonde_aggent ***sonde_aggtab_joined(struct sonde_consumer *c,
					   const uint32_t *aggids,
					   uint32_t naggs, uint32_t *nbundles);
void sonde_aggtab_joined_free(struct sonde_aggent ***b, uint32_t n);

/*
 * print(): @size bytes of an object at @addr (0: a copyin() buffer)
 * shown through its type's tree @t of @n nodes (print_type.c).
 */
int sonde_print_type(FILE *out, const struct sonde_ptnode *t, uint32_t n,
		     uint64_t addr, const void *data, size_t size);
/* print() of a struct value: its @size bytes as illumos shows them. */
int sonde_print_value(FILE *out, const struct sonde_ptnode *t, uint32_t n,
		      const void *data, size_t size);

#endif /* _SONDE_CONSUME_IMPL_H */
