/* SPDX-License-Identifier: GPL-2.0 */
/*
 * output.h - the consumer's output formats.  The consumer walks every
 * record, aggregation and event once (consume.c): it checks each field
 * against the clause's layout, decodes it, keeps its own state (exit(),
 * the consumer-side actions, which aggregations were printed) and hands
 * what it decoded to the operations of one format:
 *
 *	out_text.c	what dtrace prints (dtrace.c's chew(), dt_consume.c)
 *	out_json.c	one JSON object per line (docs/json.md)
 *	out_folded.c	stacks as folded lines, or as a flame graph (SVG)
 *	out_prom.c	aggregations as Prometheus metrics (docs/prometheus.md)
 *	out_pprof.c	stack-keyed aggregations as a pprof profile (docs/pprof.md)
 *
 * A new format is one more file with one more struct sonde_output and its
 * line in consume.c's table.  An operation a format leaves NULL prints
 * nothing.  Operations return 0 or -errno; they write to c->out and keep
 * their per-record state in struct sonde_consumer.  Consumer thread only.
 */
#ifndef _SONDE_OUTPUT_H
#define _SONDE_OUTPUT_H

#include "libsonde.h"

struct sonde_consumer;
struct sonde_aggent;

/* The record being walked. */
struct sonde_rec {
	uint32_t cpu;
	uint32_t epid;
	uint64_t timestamp;			/* ns */
	const struct sonde_probe_info *probe;	/* the ECB's probe */
	uint32_t next_epid;	/* the next record's EPID in the buffer, 0:
				 * none (flowindent looks ahead) */
};

/* One printa() (or the final print of an aggregation). */
struct sonde_aggprint {
	const char *fmt;		/* the format; NULL: dtrace's layout */
	const uint32_t *aggids;
	uint32_t naggs;			/* > 1: joined by key, one row a key */
	const struct sonde_pagg *const *aggs;	/* naggs aggregations */
	bool printa;		/* a printa() action, not the final print */
};

/* One row: the keys once, then one value per aggregation. */
struct sonde_aggrow {
	uint32_t index;			/* 0 for the first row */
	const struct sonde_fmtarg *keys;
	uint32_t nkeys;
	const int64_t *const *vals;	/* naggs values as printed:
					 * normalize()d */
	const int64_t *const *raw;	/* naggs values as accumulated */
	/* naggs entries (NULL: the aggregation has no such key), for
	 * their per-CPU values (aggpercpu) */
	const struct sonde_aggent *const *ents;
};

struct sonde_output {
	const char *name;		/* -O name */
	/* printa()'s rows follow the record rather than stand in it */
	bool printa_after_record;
	/* printa() of several aggregations is one table joined by key;
	 * false: each aggregation is printed on its own */
	bool join_aggs;

	/* a record: begin, one call per action that prints, end */
	int (*rec_begin)(struct sonde_consumer *c, const struct sonde_rec *r);
	int (*act_trace)(struct sonde_consumer *c,
			 const struct sonde_action *act, const void *data,
			 struct sonde_dtype t);
	int (*act_tracemem)(struct sonde_consumer *c,
			    const struct sonde_action *act, const void *data,
			    struct sonde_dtype t);
	int (*act_printf)(struct sonde_consumer *c,
			  const struct sonde_action *act,
			  const struct sonde_fmtarg *args, uint32_t nargs);
	/* stack() (@pid 0) and ustack(): @t.size / 8 PCs, 0-padded;
	 * jstack(): @t a SONDE_DT_JSTACK, @pcs its struct sonde_jstack */
	int (*act_stack)(struct sonde_consumer *c,
			 const struct sonde_action *act, int pid,
			 const void *pcs, struct sonde_dtype t);
	int (*act_exit)(struct sonde_consumer *c,
			const struct sonde_action *act, int status);
	/* print(): the object's address and bytes, act->ptype its type */
	int (*act_print)(struct sonde_consumer *c,
			 const struct sonde_action *act, uint64_t addr,
			 const void *data, struct sonde_dtype t);
	/* system() and freopen(): the command or file name, before the
	 * consumer runs or opens it */
	int (*act_system)(struct sonde_consumer *c,
			  const struct sonde_action *act, const char *text);
	/* sym(), mod(), usym(), umod(), uaddr(): @addr of process @pid
	 * (0 for the kernel's) */
	int (*act_sym)(struct sonde_consumer *c,
		       const struct sonde_action *act, int pid,
		       uint64_t addr);
	int (*rec_end)(struct sonde_consumer *c, const struct sonde_rec *r);

	/* an aggregation (or joined aggregations): begin, rows, end */
	int (*agg_begin)(struct sonde_consumer *c,
			 const struct sonde_aggprint *ap);
	int (*agg_row)(struct sonde_consumer *c, const struct sonde_aggprint *ap,
		       const struct sonde_aggrow *row);
	int (*agg_end)(struct sonde_consumer *c,
		       const struct sonde_aggprint *ap);

	/* events; their messages go through the message callback whatever
	 * the format.  @cpu < 0: not per CPU.  @kind: docs/json.md's */
	int (*drop)(struct sonde_consumer *c, int cpu, const char *kind,
		    uint64_t count);
	int (*error)(struct sonde_consumer *c, const struct sonde_errrec *er,
		     const struct sonde_probe_info *probe);
	int (*abort)(struct sonde_consumer *c, const char *msg);
	/* the blank line dtrace prints on ^C and before the final
	 * aggregations */
	int (*blank_line)(struct sonde_consumer *c);
	/* the trace is over, its last aggregations printed */
	int (*finish)(struct sonde_consumer *c);
	/* the aggregations were snapshot (aggrate, and once at the end) */
	int (*snapshot)(struct sonde_consumer *c);
};

extern const struct sonde_output sonde_output_text;
extern const struct sonde_output sonde_output_json;
extern const struct sonde_output sonde_output_folded;
extern const struct sonde_output sonde_output_flamegraph;
extern const struct sonde_output sonde_output_prometheus;
extern const struct sonde_output sonde_output_pprof;

#endif /* _SONDE_OUTPUT_H */
