// SPDX-License-Identifier: GPL-2.0
/*
 * test_prom.c - -O prometheus without a kernel: known aggregations as the
 * exposition, exactly (counters, gauges, histograms' cumulative buckets
 * and their "le" bounds, labels escaped, bytes that are not UTF-8
 * replaced); what cannot be a metric refused with its message (a stack
 * key, two aggregations making one metric); the snapshot callback
 * getting each exposition instead of the output; and promtool's verdict
 * on the exposition where promtool is installed (Debian's prometheus).
 *
 * Prints "ok N - what" / "not ok N - what" and a summary; exit 1 on any
 * failure.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "consume_impl.h"
#include "dc.h"
#include "vm.h"
#include "unit.h"

static void check_text(const char *what, const char *got, const char *want)
{
	check(got && !strcmp(got, want), "%s", what);
	if (!got || strcmp(got, want))
		printf("# want:\n%s\n# got:\n%s\n", want, got ? got : "(null)");
}

static char *mbuf;
static size_t mlen;

static FILE *cap_open(void)
{
	free(mbuf);
	mbuf = NULL;
	return open_memstream(&mbuf, &mlen);
}

static void prog_init(struct sonde_program *p, struct sonde_pagg *aggs,
		      uint32_t naggs)
{
	memset(p, 0, sizeof(*p));
	p->aggs = aggs;
	p->naggs = naggs;
	p->kopts[SONDE_OPT_strsize].set = true;
	p->kopts[SONDE_OPT_strsize].value = 16;
}

static void agg_put(struct sonde_consumer *c, uint32_t aggid, const void *key,
		    const int64_t *xs, int n)
{
	struct sonde_aggent *e;
	uint32_t kl = sonde_agg_keylen(c, aggid);
	int i;

	e = sonde_aggtab_get(c, aggid, key, kl);
	for (i = 0; i < n; i++)
		sonde_agg_apply(&c->prog->aggs[aggid].desc, (s64 *)e->val,
				xs[i], 1);
}

static char msgs[1024];

static void msg_cb(void *arg, int level, const char *msg)
{
	size_t n = strlen(msgs);

	snprintf(msgs + n, sizeof(msgs) - n, "%s\n", msg);
}

static char *snap_text;
static int snap_calls;

static int snap_cb(void *arg, const char *text, size_t len)
{
	free(snap_text);
	snap_text = strndup(text, len);
	snap_calls++;
	return 0;
}

static const char want_small[] =
	"# HELP sonde_calls_total @calls = count() by comm, key1\n"
	"# TYPE sonde_calls_total counter\n"
	"sonde_calls_total{comm=\"\xc3\xa9t\xef\xbf\xbd\",key1=\"-7\"} 1\n"
	"sonde_calls_total{comm=\"a\\\"b\\\\c\\nd\",key1=\"42\"} 3\n"
	"# HELP sonde_agg_total @ = sum()\n"
	"# TYPE sonde_agg_total counter\n"
	"sonde_agg_total 1234\n"
	"# HELP sonde_mx @mx = max() by key0\n"
	"# TYPE sonde_mx gauge\n"
	"sonde_mx{key0=\"18446744073709551615\"} -5\n"
	"# HELP sonde_av @av = avg()\n"
	"# TYPE sonde_av gauge\n"
	"sonde_av 20\n"
	"# HELP sonde_sd @sd = stddev()\n"
	"# TYPE sonde_sd gauge\n"
	"sonde_sd 2\n"
	"# HELP sonde_lq @lq = lquantize()\n"
	"# TYPE sonde_lq histogram\n"
	"sonde_lq_bucket{le=\"-1\"} 1\n"
	"sonde_lq_bucket{le=\"4\"} 3\n"
	"sonde_lq_bucket{le=\"9\"} 4\n"
	"sonde_lq_bucket{le=\"+Inf\"} 5\n"
	"sonde_lq_count 5\n";

/* Counters, gauges, lquantize(), labels: the exposition exactly. */
static void t_exposition(void)
{
	struct sonde_dtype k0[2] = { { SONDE_DT_STR, 16 }, { SONDE_DT_INT, 4 } };
	struct sonde_dtype k2 = { SONDE_DT_UINT, 8 };
	/* the first key named (@calls[comm, ...]), the second not */
	char comm[] = "comm", *names0[2] = { comm, NULL };
	struct sonde_pagg aggs[6] = {
		{ .name = "calls", .desc = { .fn = SONDE_AGG_count, .nkeys = 2 },
		  .keys = k0, .keynames = names0 },
		{ .name = "_", .desc = { .fn = SONDE_AGG_sum } },
		{ .name = "mx", .desc = { .fn = SONDE_AGG_max, .nkeys = 1 },
		  .keys = &k2 },
		{ .name = "av", .desc = { .fn = SONDE_AGG_avg } },
		{ .name = "sd", .desc = { .fn = SONDE_AGG_stddev } },
		{ .name = "lq", .desc = { .fn = SONDE_AGG_lquantize,
					  .params = { 0, 10, 5 } } },
	};
	int64_t one = 1, sum = 1234, mx[2] = { -9, -5 };
	int64_t av[3] = { 10, 20, 30 }, sd[2] = { 1, 5 };
	int64_t lq[5] = { -1, 0, 4, 5, 12 };
	uint8_t k[24];
	uint64_t u = UINT64_MAX;
	int32_t i32;
	struct sonde_program p;
	struct sonde_consumer *c;
	FILE *f;

	prog_init(&p, aggs, 6);
	f = cap_open();
	c = sonde_consumer_new(&p, f, msg_cb, NULL);
	check(sonde_consumer_set_format(c, SONDE_OUT_PROMETHEUS) == 0,
	      "prometheus: a program of strings and integers is accepted");
	memset(k, 0, sizeof(k));
	strcpy((char *)k, "a\"b\\c\nd");	/* each escape */
	i32 = 42;
	memcpy(k + 16, &i32, 4);
	agg_put(c, 0, k, &one, 1);
	agg_put(c, 0, k, &one, 1);
	agg_put(c, 0, k, &one, 1);
	memset(k, 0, sizeof(k));
	strcpy((char *)k, "\xc3\xa9t\xff");	/* é, t, not UTF-8 */
	i32 = -7;
	memcpy(k + 16, &i32, 4);
	agg_put(c, 0, k, &one, 1);
	agg_put(c, 1, NULL, &sum, 1);
	agg_put(c, 2, &u, mx, 2);
	agg_put(c, 3, NULL, av, 3);
	agg_put(c, 4, NULL, sd, 2);
	agg_put(c, 5, NULL, lq, 5);
	/* no callback: an aggrate snapshot prints nothing, the end does */
	sonde_consumer_snapshot(c);
	fflush(f);
	check(mlen == 0, "prometheus: a snapshot without a callback prints nothing");
	sonde_consumer_print_aggs(c);
	sonde_consumer_finish(c);
	fclose(f);
	check_text("prometheus: counters, gauges, lquantize buckets, labels named and escaped",
		   mbuf, want_small);

	/* with a callback: every snapshot goes there, the output has none */
	f = cap_open();
	c->out = f;
	sonde_consumer_set_snapfn(c, snap_cb, NULL);
	sonde_consumer_snapshot(c);
	sonde_consumer_finish(c);
	fclose(f);
	check(snap_calls == 2 && mlen == 0,
	      "prometheus: the callback gets the snapshot and the end (%d), the output nothing (%zu bytes)",
	      snap_calls, mlen);
	check_text("prometheus: the callback's exposition is the same", snap_text,
		   want_small);
	sonde_consumer_free(c);
	check(msgs[0] == '\0', "prometheus: no message for a good program");
}

/* quantize() and llquantize(): every bucket, cumulative, exact bounds */
static void t_histograms(void)
{
	struct sonde_dtype ks = { SONDE_DT_STR, 16 };
	struct sonde_pagg aggs[2] = {
		{ .name = "lat", .desc = { .fn = SONDE_AGG_quantize, .nkeys = 1 },
		  .keys = &ks },
		{ .name = "llq", .desc = { .fn = SONDE_AGG_llquantize,
					   .params = { 10, 0, 1, 10 } } },
	};
	int64_t q[7] = { 0, 1, 5, 7, 100, -3, INT64_MAX };
	int64_t l[6] = { 0, 5, 15, 19, 150, -7 };
	uint8_t k[16] = "sh";
	struct sonde_program p;
	struct sonde_consumer *c;
	char *line;
	int n = 0;
	FILE *f;

	prog_init(&p, aggs, 2);
	f = cap_open();
	c = sonde_consumer_new(&p, f, msg_cb, NULL);
	sonde_consumer_set_format(c, SONDE_OUT_PROMETHEUS);
	agg_put(c, 0, k, q, 7);
	agg_put(c, 1, NULL, l, 6);
	sonde_consumer_finish(c);
	fclose(f);
	for (line = mbuf; line && (line = strstr(line, "sonde_lat_bucket{"));
	     line++)
		n++;
	check(n == SONDE_QUANTIZE_NBUCKETS,
	      "quantize: every bucket of the layout (%d), +Inf the last", n);
	/* bounds: the most a bucket's range holds */
	check(strstr(mbuf, "sonde_lat_bucket{key0=\"sh\",le=\"-4611686018427387904\"} 0\n") &&
	      strstr(mbuf, "sonde_lat_bucket{key0=\"sh\",le=\"-4\"} 0\n") &&
	      strstr(mbuf, "sonde_lat_bucket{key0=\"sh\",le=\"-2\"} 1\n") &&
	      strstr(mbuf, "sonde_lat_bucket{key0=\"sh\",le=\"-1\"} 1\n") &&
	      strstr(mbuf, "sonde_lat_bucket{key0=\"sh\",le=\"0\"} 2\n") &&
	      strstr(mbuf, "sonde_lat_bucket{key0=\"sh\",le=\"1\"} 3\n") &&
	      strstr(mbuf, "sonde_lat_bucket{key0=\"sh\",le=\"3\"} 3\n") &&
	      strstr(mbuf, "sonde_lat_bucket{key0=\"sh\",le=\"7\"} 5\n") &&
	      strstr(mbuf, "sonde_lat_bucket{key0=\"sh\",le=\"63\"} 5\n") &&
	      strstr(mbuf, "sonde_lat_bucket{key0=\"sh\",le=\"127\"} 6\n") &&
	      strstr(mbuf, "sonde_lat_bucket{key0=\"sh\",le=\"4611686018427387903\"} 6\n") &&
	      strstr(mbuf, "sonde_lat_bucket{key0=\"sh\",le=\"+Inf\"} 7\n") &&
	      strstr(mbuf, "sonde_lat_count{key0=\"sh\"} 7\n") &&
	      !strstr(mbuf, "sonde_lat_sum"),
	      "quantize: cumulative counts at exact integer bounds, no _sum");
	check(strstr(mbuf,
		     "sonde_llq_bucket{le=\"-10\"} 0\n"
		     "sonde_llq_bucket{le=\"-9\"} 0\n"
		     "sonde_llq_bucket{le=\"-8\"} 0\n"
		     "sonde_llq_bucket{le=\"-7\"} 1\n"
		     "sonde_llq_bucket{le=\"-6\"} 1\n") &&
	      strstr(mbuf,
		     "sonde_llq_bucket{le=\"0\"} 2\n"
		     "sonde_llq_bucket{le=\"1\"} 2\n") &&
	      strstr(mbuf,
		     "sonde_llq_bucket{le=\"5\"} 3\n") &&
	      strstr(mbuf,
		     "sonde_llq_bucket{le=\"9\"} 3\n"
		     "sonde_llq_bucket{le=\"19\"} 5\n"
		     "sonde_llq_bucket{le=\"29\"} 5\n") &&
	      strstr(mbuf,
		     "sonde_llq_bucket{le=\"99\"} 5\n"
		     "sonde_llq_bucket{le=\"+Inf\"} 6\n"
		     "sonde_llq_count 6\n"),
	      "llquantize: cumulative counts at exact bounds, mirrored below zero");
	n = 0;
	for (line = mbuf; (line = strstr(line, "sonde_llq_bucket{")); line++)
		n++;
	check(n == (int)sonde_llquantize_nbuckets(&aggs[1].desc),
	      "llquantize: every bucket of the layout (%d)", n);
	if (!check(strstr(mbuf, "sonde_llq_bucket{le=\"-100\"} 0\n") != NULL,
		   "llquantize: the lowest bucket is <= -factor^(high+1)"))
		printf("# %s\n", mbuf);
	sonde_consumer_free(c);
}

/* What cannot be a metric: refused when the format is set. */
static void t_refused(void)
{
	struct sonde_dtype kst[2] = { { SONDE_DT_STR, 16 },
				      { SONDE_DT_KSTACK, 24 } };
	struct sonde_pagg stk[1] = {
		{ .name = "s", .desc = { .fn = SONDE_AGG_count, .nkeys = 2 },
		  .keys = kst },
	};
	struct sonde_pagg clash1[2] = {
		{ .name = "a", .desc = { .fn = SONDE_AGG_count } },
		{ .name = "a_total", .desc = { .fn = SONDE_AGG_max } },
	};
	struct sonde_pagg clash2[2] = {
		{ .name = "x", .desc = { .fn = SONDE_AGG_quantize } },
		{ .name = "x_count", .desc = { .fn = SONDE_AGG_min } },
	};
	struct sonde_pagg clash3[2] = {
		{ .name = "_", .desc = { .fn = SONDE_AGG_max } },
		{ .name = "agg", .desc = { .fn = SONDE_AGG_min } },
	};
	const struct {
		struct sonde_pagg *aggs;
		const char *msg;
	} t[] = {
		{ stk, "-O prometheus: key 1 of @s is stack(), which cannot be a label value: use -O folded for stacks\n" },
		{ clash1, "-O prometheus: aggregations @a and @a_total both make metric sonde_a_total: rename one\n" },
		{ clash2, "-O prometheus: aggregations @x and @x_count both make metric sonde_x_count: rename one\n" },
		{ clash3, "-O prometheus: aggregations @ and @agg both make metric sonde_agg: rename one\n" },
	};
	struct sonde_program p;
	struct sonde_consumer *c;
	uint32_t i;
	int err;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		msgs[0] = '\0';
		prog_init(&p, t[i].aggs, i ? 2 : 1);
		c = sonde_consumer_new(&p, stdout, msg_cb, NULL);
		err = sonde_consumer_set_format(c, SONDE_OUT_PROMETHEUS);
		check(err == -EINVAL && !strcmp(msgs, t[i].msg),
		      "prometheus refuses: %.*s", (int)strcspn(t[i].msg, "\n"),
		      t[i].msg);
		if (strcmp(msgs, t[i].msg))
			printf("# got: %s", msgs);
		sonde_consumer_free(c);
	}
	msgs[0] = '\0';
}

/* The compiler names keys by the variable every use keys by. */
static void t_keynames(void)
{
	static const char src[] =
		"struct task { int tid; };\n"
		"struct task t;\n"
		"BEGIN {\n"
		"	this->n = 1;\n"
		"	@m[t.tid, this->n] = count();\n"
		"	self->fd = 3;\n"
		"	@x[execname, pid, self->fd, 1 + 2] = count();\n"
		"	@x[execname, pid, self->fd, 4] = count();\n"
		"	@y[execname] = count();\n"
		"	@y[probefunc] = count();\n"
		"	@z[pid, pid] = count();\n"
		"	@le[pid] = count();\n"
		"}\n";
	struct dc_opts o = { .sz = sizeof(o), .target = -1 };
	struct dc *dc = dc_new();
	struct sonde_program *p = dc ? dc_compile_str(dc, NULL, src, &o) : NULL;
	const struct sonde_pagg *a;
	char got[256] = "", lb[16];
	uint32_t i, k;
	size_t n;

	if (!check(p && p->naggs == 5, "keynames: the program compiles")) {
		if (dc && dc_ndiags(dc))
			printf("# %s\n", dc_diag_get(dc, 0)->msg);
		dc_free(dc);
		return;
	}
	for (i = 0; i < p->naggs; i++) {
		a = &p->aggs[i];
		n = strlen(got);
		snprintf(got + n, sizeof(got) - n, "%s@%s:", i ? " " : "",
			 a->name);
		for (k = 0; k < a->desc.nkeys; k++) {
			n = strlen(got);
			snprintf(got + n, sizeof(got) - n, "%s%s", k ? "," : "",
				 sonde_agg_keylabel(a, k, lb, sizeof(lb)));
		}
	}
	check_text("keynames: variables and members named, an expression, different uses, twice the same by position",
		   got, "@m:tid,n @x:execname,pid,fd,key3 @y:key0 @z:key0,key1 @le:pid");
	sonde_program_free(p);
	dc_free(dc);
}

/* promtool check metrics on both expositions (lint: names, types). */
static void t_promtool(const char *text, const char *what)
{
	char path[] = "/tmp/sonde-test-prom-XXXXXX", cmd[256], out[256];
	FILE *f;
	int fd, st;

	if (system("command -v promtool >/dev/null 2>&1")) {
		unit_skip(what, "promtool is not installed (Debian: apt-get install prometheus)");
		return;
	}
	fd = mkstemp(path);
	f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		check(false, "%s: temporary file: %s", what, strerror(errno));
		return;
	}
	fputs(text, f);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "promtool check metrics < %s > %s.out 2>&1",
		 path, path);
	st = system(cmd);
	/* what promtool said, as diagnostics */
	snprintf(cmd, sizeof(cmd), "%s.out", path);
	f = fopen(cmd, "r");
	while (f && fgets(out, sizeof(out), f))
		printf("# promtool: %s", out);
	if (f)
		fclose(f);
	unlink(cmd);
	unlink(path);
	check(WIFEXITED(st) && WEXITSTATUS(st) == 0, "%s", what);
}

int main(void)
{
	char *small;

	t_exposition();
	small = strdup(want_small);
	t_promtool(small, "promtool check metrics: counters, gauges, lquantize");
	free(small);
	t_histograms();
	t_promtool(mbuf, "promtool check metrics: quantize, llquantize");
	t_refused();
	t_keynames();
	free(mbuf);
	free(snap_text);
	unit_plan();
	return unit_summary("") ? 1 : 0;
}
