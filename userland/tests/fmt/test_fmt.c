// SPDX-License-Identifier: GPL-2.0
/*
 * test_fmt.c - golden-output tests of libsonde's formatting, without the
 * kernel: trace() columns, printf conversions, aggregation rows, sort
 * order, quantize / lquantize / llquantize histograms, whole records
 * through the consumer, ERROR records and drops.
 *
 * The expected texts are written from DTrace's format strings (libdtrace
 * dt_consume.c, dt_printf.c, dt_aggregate.c, cmd/dtrace/dtrace.c), not
 * from our output: each expectation spells the format it follows.
 * Prints "ok N - name" / "not ok N - name"; exits non-zero on a failure.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libsonde.h"
#include "consume_impl.h"
#include "vm.h"
#include "unit.h"

static char *mbuf;
static size_t mlen;
static FILE *mfp;

static FILE *cap_open(void)
{
	mfp = open_memstream(&mbuf, &mlen);
	return mfp;
}

/* The captured text, valid until the next cap_close() but one. */
static const char *cap_close(void)
{
	static char *keep[2];
	static int k;

	fclose(mfp);
	free(keep[k & 1]);
	keep[k++ & 1] = mbuf;
	mbuf = NULL;
	return keep[(k - 1) & 1];
}

/* A result: the text @got is @want. */
static void expect(const char *name, const char *got, const char *want)
{
	if (!check(!strcmp(got, want), "%s", name))
		printf("# want: \"%s\"\n#  got: \"%s\"\n", want, got);
}

/* "%-*s" built by hand so expectations do not depend on our code. */
static char *pad(const char *lead, const char *s, int w)
{
	static char b[8][512];
	static int k;
	char *r = b[k++ & 7];

	snprintf(r, 512, "%s%-*s", lead, w, s);
	return r;
}

/* ---- trace() -------------------------------------------------------- */

static void t_trace(void)
{
	struct sonde_dtype t8 = { SONDE_DT_INT, 8 }, t4 = { SONDE_DT_INT, 4 };
	struct sonde_dtype t2 = { SONDE_DT_INT, 2 }, t1 = { SONDE_DT_INT, 1 };
	struct sonde_dtype ts = { SONDE_DT_STR, 16 };
	int64_t v8 = 42;
	int32_t v4 = -1;
	uint16_t v2 = 0xffff;
	uint8_t v1 = 200;
	char s[16] = "hello", e[8] = { 0 };
	char want[1024];

	/* dt_consume_cpu(): " %16lld", " %8d", " %5d", " %3d" */
	sonde_print_trace(cap_open(), &v8, t8, false);
	expect("trace 8-byte", cap_close(), "               42");
	sonde_print_trace(cap_open(), &v4, t4, false);
	expect("trace 4-byte signed", cap_close(), "       -1");
	sonde_print_trace(cap_open(), &v2, t2, false);
	expect("trace 2-byte reads unsigned", cap_close(), " 65535");
	sonde_print_trace(cap_open(), &v1, t1, false);
	expect("trace 1-byte", cap_close(), " 200");
	/* Linux dtrace: by the type's sign, " %19ld", " %10d", " %5hd" */
	sonde_print_trace2(cap_open(), &v8, t8, false);
	expect("trace2 8-byte", cap_close(), "                  42");
	sonde_print_trace2(cap_open(), &v4, t4, false);
	expect("trace2 4-byte signed", cap_close(), "         -1");
	sonde_print_trace2(cap_open(), &v2, t2, false);
	expect("trace2 2-byte signed", cap_close(), "    -1");
	t2.kind = SONDE_DT_UINT;
	sonde_print_trace2(cap_open(), &v2, t2, false);
	expect("trace2 2-byte unsigned", cap_close(), " 65535");
	t8.kind = SONDE_DT_UINT;
	v8 = -1;
	sonde_print_trace2(cap_open(), &v8, t8, true);
	expect("trace2 quiet 8-byte unsigned", cap_close(),
	       "18446744073709551615");
	t8.kind = SONDE_DT_INT;
	v8 = 42;
	/* dt_print_bytes(width -33): " " + " " + "%-33s" */
	sonde_print_trace(cap_open(), s, ts, false);
	expect("trace string", cap_close(), pad("  ", "hello", 33));
	sonde_print_trace(cap_open(), &v8, t8, true);
	expect("trace quiet 8-byte", cap_close(), "42");
	sonde_print_trace(cap_open(), s, ts, true);
	expect("trace quiet string", cap_close(), "hello");
	/* an empty string is not "printable then NULs": a hex dump */
	ts.size = 8;
	sonde_print_trace(cap_open(), e, ts, false);
	snprintf(want, sizeof(want),
		 "\n%5s      "
		 "  0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f"
		 "  0123456789abcdef\n"
		 "%5s%5x: 00 00 00 00 00 00 00 00%24s  ........\n",
		 "", "", 0, "");
	expect("trace empty string hex dump", cap_close(), want);
}

/* ---- printf() ------------------------------------------------------- */

static const char *fmt1(const char *fmt, const void *d, uint32_t kind,
			uint32_t size)
{
	struct sonde_fmtarg a = { d, { kind, size } };

	sonde_format(cap_open(), fmt, &a, 1, NULL, NULL);
	return cap_close();
}

static void t_printf(void)
{
	int64_t m5 = -5, big = -1, p = 0x1234, c = 'A', three = 3, w = 6;
	int32_t m1 = -1;
	char s[16] = "ab", abc[8] = "abc";
	struct sonde_fmtarg two[2] = {
		{ &w, { SONDE_DT_INT, 8 } }, { &three, { SONDE_DT_INT, 8 } },
	};

	expect("%d 8-byte", fmt1("%d", &m5, SONDE_DT_INT, 8), "-5");
	/* pfcheck_dint(): %d of an unsigned type prints %llu */
	expect("%d unsigned 8-byte", fmt1("%d", &big, SONDE_DT_UINT, 8),
	       "18446744073709551615");
	expect("%x 4-byte", fmt1("%x", &m1, SONDE_DT_INT, 4), "ffffffff");
	expect("%u 4-byte", fmt1("%u", &m1, SONDE_DT_INT, 4), "4294967295");
	expect("%i unsigned 4-byte", fmt1("%i", &m1, SONDE_DT_UINT, 4), "-1");
	expect("%5s", fmt1("[%5s]", s, SONDE_DT_STR, 16), "[   ab]");
	expect("%-5s", fmt1("[%-5s]", s, SONDE_DT_STR, 16), "[ab   ]");
	expect("%05d", fmt1("%05d", &three, SONDE_DT_INT, 8), "00003");
	expect("%-4d|", fmt1("%-4d|", &three, SONDE_DT_INT, 8), "3   |");
	/* %p is pfprint_uint with "x": no 0x unless '#' */
	expect("%p", fmt1("%p", &p, SONDE_DT_INT, 8), "1234");
	expect("%#p", fmt1("%#p", &p, SONDE_DT_INT, 8), "0x1234");
	expect("%c", fmt1("%c", &c, SONDE_DT_INT, 8), "A");
	expect("%% and text", fmt1("100%% %d\n", &three, SONDE_DT_INT, 8),
	       "100% 3\n");
	/* a precision is only passed on when positive */
	expect("%.0s keeps the string", fmt1("%.0s", abc, SONDE_DT_STR, 8),
	       "abc");
	expect("%.2s", fmt1("%.2s", abc, SONDE_DT_STR, 8), "ab");
	expect("%.2f of an integer", fmt1("%.2f", &three, SONDE_DT_INT, 8),
	       "3.00");
	expect("%?p is 16 wide", fmt1("%?p", &p, SONDE_DT_INT, 8),
	       "            1234");
	expect("%a prints hex", fmt1("%a", &p, SONDE_DT_INT, 8), "0x1234");
	sonde_format(cap_open(), "[%*d]", two, 2, NULL, NULL);
	expect("%*d", cap_close(), "[     3]");
	w = -6;
	sonde_format(cap_open(), "[%*d]", two, 2, NULL, NULL);
	expect("%*d negative width left-justifies", cap_close(), "[3     ]");
	expect("no conversions", fmt1("hello\n", NULL, SONDE_DT_INT, 8),
	       "hello\n");
}

/* ---- aggregations --------------------------------------------------- */

static struct sonde_dtype k_str = { SONDE_DT_STR, 16 };
static struct sonde_dtype k_int4 = { SONDE_DT_INT, 4 };

static void prog_init(struct sonde_program *p, struct sonde_pagg *aggs,
		      uint32_t naggs)
{
	memset(p, 0, sizeof(*p));
	p->aggs = aggs;
	p->naggs = naggs;
	p->kopts[SONDE_OPT_strsize].set = true;
	p->kopts[SONDE_OPT_strsize].value = 16;
}

/*
 * A program of one clause @cl enabled once, on dtrace:::BEGIN (probe id
 * 1, EPID 1), with @naggs aggregations @aggs.
 */
static void prog_begin(struct sonde_program *p, struct sonde_pagg *aggs,
		       uint32_t naggs, struct sonde_pclause *cl,
		       struct sonde_ecb *ecb, struct sonde_probe_info *pi)
{
	prog_init(p, aggs, naggs);
	*ecb = (struct sonde_ecb){ 1, 0 };
	memset(pi, 0, sizeof(*pi));
	pi->id = 1;
	strcpy(pi->desc.provider, "dtrace");
	strcpy(pi->desc.name, "BEGIN");
	p->clauses = cl;
	p->nclauses = 1;
	p->ecbs = ecb;
	p->necbs = 1;
	p->ecb_probe = pi;
}

/* Append the ERROR record @er to @buf at @off; the offset after it. */
static size_t put_errrec(unsigned char *buf, size_t off,
			 const struct sonde_errrec *er)
{
	struct sonde_rechdr eh = { SONDE_EPID_ERROR, sizeof(eh) + sizeof(*er),
				   0 };

	memcpy(buf + off, &eh, sizeof(eh));
	memcpy(buf + off + sizeof(eh), er, sizeof(*er));
	return off + eh.size;
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

static void t_aggrows(void)
{
	struct sonde_pagg aggs[2] = {
		{ .name = "calls", .desc = { .fn = SONDE_AGG_count, .nkeys = 1 },
		  .keys = &k_str },
		{ .name = "n", .desc = { .fn = SONDE_AGG_sum, .nkeys = 1 },
		  .keys = &k_int4 },
	};
	struct sonde_program p;
	struct sonde_consumer *c;
	char k1[16] = "loop-getppid", k2[16] = "bash", k3[16] = "awk";
	int64_t one = 1, ik, xs[1000];
	char want[2048];
	int i;

	prog_init(&p, aggs, 2);
	for (i = 0; i < 1000; i++)
		xs[i] = 1;
	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	agg_put(c, 0, k1, xs, 1000);
	sonde_consumer_print_aggs(c);
	sonde_consumer_free(c);
	/* key "  %-50s", value " %16lld", "\n" */
	snprintf(want, sizeof(want), "  %-50s %16lld\n", "loop-getppid", 1000LL);
	expect("string key count row", cap_close(), want);
	expect("string key row literal", want,
	       "  loop-getppid                                                   1000\n");

	/* sorted by value ascending, ties by key; aggregations by id */
	prog_init(&p, aggs, 2);
	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	agg_put(c, 0, k1, xs, 5);
	agg_put(c, 0, k2, xs, 2);
	agg_put(c, 0, k3, xs, 2);
	ik = 42;
	agg_put(c, 1, &ik, &one, 1);
	ik = -7;
	xs[0] = 100;
	agg_put(c, 1, &ik, xs, 1);
	sonde_consumer_print_aggs(c);
	sonde_consumer_free(c);
	snprintf(want, sizeof(want),
		 "  %-50s %16lld\n  %-50s %16lld\n  %-50s %16lld\n"
		 " %8d %16lld\n %8d %16lld\n",
		 "awk", 2LL, "bash", 2LL, "loop-getppid", 5LL,
		 42, 1LL, -7, 100LL);
	expect("sort by value then key, int keys %8d", cap_close(), want);
}

/*
 * aggsortkey with aggsortkeypos (dt_aggregate_keycmp()): keys compare
 * from component aggsortkeypos on, wrapping around; a position past the
 * key's last component counts from 0; aggsortrev reverses it all.
 */
static void t_aggsortkeypos(void)
{
	static struct sonde_dtype k2[2] = { { SONDE_DT_STR, 16 },
					     { SONDE_DT_INT, 8 } };
	struct sonde_pagg aggs[1] = {
		{ .name = "a", .desc = { .fn = SONDE_AGG_sum, .nkeys = 2 },
		  .keys = k2 },
	};
	static const struct { const char *s; int64_t i, v; } rows[] = {
		{ "b", 1, 9 }, { "a", 2, 7 }, { "c", 0, 8 },
	};
	struct sonde_program p;
	struct sonde_consumer *c;
	unsigned char key[24];
	char want[512];
	size_t r;
	int pass;

	for (pass = 0; pass < 4; pass++) {
		prog_init(&p, aggs, 1);
		p.uopts.aggsortkey = true;
		p.uopts.aggsortkeypos = pass == 0 ? 0 : pass == 3 ? 5 : 1;
		p.uopts.aggsortrev = pass == 2;
		c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
		for (r = 0; r < 3; r++) {
			memset(key, 0, sizeof(key));
			strcpy((char *)key, rows[r].s);
			memcpy(key + 16, &rows[r].i, 8);
			agg_put(c, 0, key, &rows[r].v, 1);
		}
		sonde_consumer_print_aggs(c);
		sonde_consumer_free(c);
#define ROW "  %-50s %16lld %16lld\n"
		if (pass == 0 || pass == 3)	/* by the string, then the int */
			snprintf(want, sizeof(want), ROW ROW ROW, "a", 2LL, 7LL,
				 "b", 1LL, 9LL, "c", 0LL, 8LL);
		else if (pass == 1)		/* by the int first */
			snprintf(want, sizeof(want), ROW ROW ROW, "c", 0LL, 8LL,
				 "b", 1LL, 9LL, "a", 2LL, 7LL);
		else				/* ... reversed */
			snprintf(want, sizeof(want), ROW ROW ROW, "a", 2LL, 7LL,
				 "b", 1LL, 9LL, "c", 0LL, 8LL);
#undef ROW
		expect(pass == 0 ? "aggsortkey" :
		       pass == 1 ? "aggsortkeypos=1" :
		       pass == 2 ? "aggsortkeypos=1, aggsortrev" :
		       "aggsortkeypos past the keys: 0", cap_close(), want);
	}
}

/*
 * Struct keys (SONDE_DT_BYTES), as dt_print_datum() prints a key record
 * by its size: 8, 4, 2 or 1 bytes as that integer (" %16lld", " %8d"),
 * anything else through dt_print_bytes() with width 50: printable bytes
 * then NULs as a string, other bytes as a hex dump ending its line, so
 * the value starts the next.  dt_aggregate_keycmp() compares the integer
 * sizes as unsigned integers and the rest byte by byte.
 */
static void t_struct_keys(void)
{
	static struct sonde_dtype k8 = { SONDE_DT_BYTES, 8 },
				  k4 = { SONDE_DT_BYTES, 4 },
				  k12 = { SONDE_DT_BYTES, 12 };
	struct sonde_pagg aggs[3] = {
		{ .name = "a", .desc = { .fn = SONDE_AGG_count, .nkeys = 1 },
		  .keys = &k8 },
		{ .name = "b", .desc = { .fn = SONDE_AGG_count, .nkeys = 1 },
		  .keys = &k4 },
		{ .name = "c", .desc = { .fn = SONDE_AGG_count, .nkeys = 1 },
		  .keys = &k12 },
	};
	struct sonde_program p;
	struct sonde_consumer *c;
	int32_t pt[2] = { 1, 2 }, pt2[2] = { 0, 3 }, small = -5;
	int32_t tri[3] = { 1, 2, 3 };
	char name[12] = "sonde";
	int64_t one = 1;

	prog_init(&p, aggs, 3);
	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	agg_put(c, 0, pt, &one, 1);
	agg_put(c, 0, pt2, &one, 1);
	agg_put(c, 1, &small, &one, 1);
	agg_put(c, 2, tri, &one, 1);
	agg_put(c, 2, name, &one, 1);
	sonde_consumer_print_aggs(c);
	sonde_consumer_free(c);
	/* {1, 2} is 0x200000001, {0, 3} 0x300000000: equal counts sort by
	 * the key, as unsigned 8-byte integers */
	expect("struct keys by size: integer, string, hex dump", cap_close(),
	       "       8589934593                1\n"
	       "      12884901888                1\n"
	       "       -5                1\n"
	       "\n"
	       "             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f"
	       "  0123456789abcdef\n"
	       "         0: 01 00 00 00 02 00 00 00 03 00 00 00"
	       "              ............\n"
	       "                1\n"
	       "  sonde                                                             1\n");

	/* a snapshot entry whose key is a 4-byte struct (a kuid_t): the
	 * value starts at the key's next 8-byte boundary, as the module
	 * lays it out (agg.c), not right after the key's 4 bytes */
	{
		unsigned char snap[64] = { 0 };
		struct sonde_aggrec h = { .size = sizeof(h) + 8 + 8 };
		int64_t v = 1;

		prog_init(&p, aggs, 3);
		memcpy(snap, &h, sizeof(h));
		memset(snap + sizeof(h) + 4, 0xee, 4);	/* padding */
		memcpy(snap + sizeof(h) + 8, &v, 8);
		h.aggid = 1;
		memcpy(snap, &h, sizeof(h));
		c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
		sonde_consumer_aggsnap(c, snap, h.size);
		sonde_consumer_print_aggs(c);
		sonde_consumer_free(c);
		expect("a 4-byte struct key's value after its padding",
		       cap_close(), "        0                1\n");
	}
}

/*
 * print() of a struct value, as illumos's dtrace_print() (dt_print.c)
 * shows it: type and name per member, integers in hex ("%#x": 0 is
 * "0"), bit-fields with their width, a char array holding a string as
 * one, other arrays inline, arrays of structs one element per line, a
 * pointer without a space after its '*', no newline after the last '}'.
 */
static void t_print_value(void)
{
	static char *ev[1] = { "E_ONE" };
	static int64_t evv[1] = { 1 };
	struct sonde_ptnode t[] = {
		{ .type = "struct rec", .kind = SONDE_PT_SOU, .size = 40,
		  .span = 13 },
		{ .name = "x", .type = "int", .kind = SONDE_PT_INT,
		  .flags = SONDE_PTF_SIGNED, .size = 4, .bits = 32, .span = 1 },
		{ .name = "name", .type = "char [8]", .kind = SONDE_PT_ARRAY,
		  .bitoff = 32, .size = 8, .nelems = 8, .span = 2 },
		{ .type = "char", .kind = SONDE_PT_INT,
		  .flags = SONDE_PTF_SIGNED | SONDE_PTF_CHAR, .size = 1,
		  .bits = 8, .span = 1 },
		{ .name = "lo", .type = "uint8_t", .kind = SONDE_PT_INT,
		  .bitoff = 96, .size = 1, .bits = 3, .span = 1 },
		{ .name = "hi", .type = "uint8_t", .kind = SONDE_PT_INT,
		  .bitoff = 99, .size = 1, .bits = 5, .span = 1 },
		{ .name = "arr", .type = "short [3]", .kind = SONDE_PT_ARRAY,
		  .bitoff = 112, .size = 6, .nelems = 3, .span = 2 },
		{ .type = "short", .kind = SONDE_PT_INT,
		  .flags = SONDE_PTF_SIGNED, .size = 2, .bits = 16, .span = 1 },
		{ .name = "two", .type = "struct in [2]",
		  .kind = SONDE_PT_ARRAY, .bitoff = 160, .size = 4,
		  .nelems = 2, .span = 3 },
		{ .type = "struct in", .kind = SONDE_PT_SOU, .size = 2,
		  .span = 2 },
		{ .name = "a", .type = "short", .kind = SONDE_PT_INT,
		  .flags = SONDE_PTF_SIGNED, .size = 2, .bits = 16, .span = 1 },
		{ .name = "p", .type = "char *", .kind = SONDE_PT_PTR,
		  .bitoff = 192, .size = 8, .span = 1 },
		{ .name = "e", .type = "enum en", .kind = SONDE_PT_ENUM,
		  .bitoff = 256, .size = 4, .span = 1, .nvals = 1,
		  .vnames = ev, .vals = evv },
	};
	unsigned char d[40] = { 0 };
	int16_t arr[3] = { 1, -2, 0 }, a0 = 7;
	uint64_t ptr = 0x1000;
	int32_t x = 1, e = 1;

	memcpy(d, &x, 4);
	memcpy(d + 4, "hi", 2);
	d[12] = 5;		/* lo = 5, hi = 0 */
	memcpy(d + 14, arr, 6);
	memcpy(d + 20, &a0, 2);
	memcpy(d + 24, &ptr, 8);
	memcpy(d + 32, &e, 4);
	sonde_print_value(cap_open(), t, 13, d, sizeof(d));
	expect("print() of a struct value (illumos dt_print.c)", cap_close(),
	       "struct rec {\n"
	       "    int x = 0x1\n"
	       "    char [8] name = [ \"hi\" ]\n"
	       "    uint8_t lo :3 = 0x5\n"
	       "    uint8_t hi :5 = 0\n"
	       "    short [3] arr = [ 0x1, 0xfffe, 0 ]\n"
	       "    struct in [2] two = [ \n"
	       "        struct in {\n"
	       "            short a = 0x7\n"
	       "        }, \n"
	       "        struct in {\n"
	       "            short a = 0\n"
	       "        }\n"
	       "    ]\n"
	       "    char *p = 0x1000\n"
	       "    enum en e = E_ONE\n"
	       "}");
	/* an unprintable char, a nested struct closing before a member */
	{
		struct sonde_ptnode u[] = {
			{ .type = "struct o", .kind = SONDE_PT_SOU, .size = 3,
			  .span = 4 },
			{ .name = "i", .type = "struct", .kind = SONDE_PT_SOU,
			  .size = 2, .span = 2 },
			{ .name = "c", .type = "char", .kind = SONDE_PT_INT,
			  .flags = SONDE_PTF_SIGNED | SONDE_PTF_CHAR,
			  .size = 1, .bits = 8, .span = 1 },
			{ .name = "z", .type = "char", .kind = SONDE_PT_INT,
			  .flags = SONDE_PTF_SIGNED | SONDE_PTF_CHAR,
			  .bitoff = 16, .size = 1, .bits = 8, .span = 1 },
		};
		unsigned char b[3] = { 1, 0, 0 };

		sonde_print_value(cap_open(), u, 4, b, sizeof(b));
		expect("print() value: nested struct, '\\001', '\\0'",
		       cap_close(),
		       "struct o {\n"
		       "    struct i = {\n"
		       "        char c = '\\001'\n"
		       "    }\n"
		       "    char z = '\\0'\n"
		       "}");
	}
}

static void t_aggfns(void)
{
	struct sonde_pagg aggs[3] = {
		{ .name = "a", .desc = { .fn = SONDE_AGG_avg } },
		{ .name = "s", .desc = { .fn = SONDE_AGG_stddev } },
		{ .name = "m", .desc = { .fn = SONDE_AGG_min } },
	};
	int64_t xs[8] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	struct sonde_program p;
	struct sonde_consumer *c;
	char want[256];

	prog_init(&p, aggs, 3);
	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	agg_put(c, 0, NULL, xs, 8);
	agg_put(c, 1, NULL, xs, 8);
	agg_put(c, 2, NULL, xs, 8);
	sonde_consumer_print_aggs(c);
	sonde_consumer_free(c);
	/* avg: 40 / 8 = 5; stddev: sqrt(33.5*... ) = 2; min 2 */
	snprintf(want, sizeof(want), " %16lld\n %16llu\n %16lld\n",
		 5LL, 2ULL, 2LL);
	expect("avg, stddev, min without keys", cap_close(), want);
}

#define HDR "\n           value  ------------- Distribution ------------- count    \n"

static const char *bar(long long v, int depth)
{
	static char b[16][128];
	static int k;
	char *r = b[k++ & 15];
	char ats[41] = { 0 };

	memset(ats, '@', depth);
	snprintf(r, 128, "|%-40s %-9lld\n", ats, v);
	return r;
}

/*
 * llquantize() of values <= 0, as DTrace's (Oracle's) dt_print_llquantize()
 * labels them: "0" for the zero bucket when factor^low is 1, "-N" below
 * it, "< N" or, when the rows reach below it, "abs() < N" otherwise, and
 * "<= -N" / ">= N" at the extremes.
 */
static void t_llquantize_signed(void)
{
	struct sonde_agg_desc a = { .fn = SONDE_AGG_llquantize,
				    .params = { 10, 0, 2, 10 } };
	struct sonde_agg_desc b = { .fn = SONDE_AGG_llquantize,
				    .params = { 10, 1, 2, 10 } };
	int64_t v[64] = { 0 };
	char want[4096];
	int i, n = 0;

	sonde_agg_apply(&a, (s64 *)v, 7, 1);
	sonde_agg_apply(&a, (s64 *)v, 0, 1);
	sonde_agg_apply(&a, (s64 *)v, -3, 1);
	sonde_print_llquantize(cap_open(), &a, v);
	n = snprintf(want, sizeof(want), HDR);
	for (i = -4; i <= 8; i++)
		n += snprintf(want + n, sizeof(want) - n, "%16d %s", i,
			      i == -3 || i == 0 || i == 7 ? bar(1, 13) :
			      bar(0, 0));
	expect("llquantize -3, 0, 7: rows -4 to 8, zero bucket \"0\"",
	       cap_close(), want);

	memset(v, 0, sizeof(v));
	sonde_agg_apply(&b, (s64 *)v, 5, 1);
	sonde_print_llquantize(cap_open(), &b, v);
	snprintf(want, sizeof(want), HDR "%16s %s%16s %s%16s %s", "-10",
		 bar(0, 0), "abs() < 10", bar(1, 40), "10", bar(0, 0));
	expect("llquantize zero bucket reached from below: abs() < N",
	       cap_close(), want);

	memset(v, 0, sizeof(v));
	sonde_agg_apply(&b, (s64 *)v, 15, 1);
	sonde_print_llquantize(cap_open(), &b, v);
	snprintf(want, sizeof(want), HDR "%16s %s%16s %s%16s %s", "< 10",
		 bar(0, 0), "10", bar(1, 40), "20", bar(0, 0));
	expect("llquantize zero bucket below the first row: < N", cap_close(),
	       want);

	memset(v, 0, sizeof(v));
	sonde_print_llquantize(cap_open(), &b, v);
	snprintf(want, sizeof(want), HDR "%16s %s%16s %s%16s %s", "< 10",
		 bar(0, 0), "10", bar(0, 0), "20", bar(0, 0));
	expect("llquantize all zero", cap_close(), want);

	sonde_agg_apply(&b, (s64 *)v, -2000, 2);
	sonde_print_llquantize(cap_open(), &b, v);
	snprintf(want, sizeof(want), HDR "%16s %s%16s %s", "<= -1000",
		 bar(1, 40), "-900", bar(0, 0));
	expect("llquantize negative overflow row", cap_close(), want);
}

static void t_quantize(void)
{
	struct sonde_agg_desc q = { .fn = SONDE_AGG_quantize };
	struct sonde_agg_desc lq = { .fn = SONDE_AGG_lquantize,
				     .params = { 0, 10, 2 } };
	struct sonde_agg_desc llq = { .fn = SONDE_AGG_llquantize,
				      .params = { 10, 0, 2, 10 } };
	int64_t qv[SONDE_QUANTIZE_NBUCKETS] = { 0 }, lv[7] = { 0 };
	int64_t llv[64] = { 0 };
	char want[4096];

	sonde_agg_apply(&q, (s64 *)qv, 1, 1);
	sonde_agg_apply(&q, (s64 *)qv, 2, 1);
	sonde_agg_apply(&q, (s64 *)qv, 3, 1);
	sonde_print_quantize(cap_open(), qv);
	/* total 3: 1 -> 13.3 -> 13, 2 -> 26.7 -> 27 (rounded) */
	snprintf(want, sizeof(want), HDR "%16d %s%16d %s%16d %s%16d %s",
		 0, bar(0, 0), 1, bar(1, 13), 2, bar(2, 27), 4, bar(0, 0));
	expect("quantize 1,2,3", cap_close(), want);

	memset(qv, 0, sizeof(qv));
	sonde_print_quantize(cap_open(), qv);
	snprintf(want, sizeof(want), HDR "%16d %s%16d %s%16d %s",
		 -1, bar(0, 0), 0, bar(0, 0), 1, bar(0, 0));
	expect("quantize all zero shows -1, 0, 1", cap_close(), want);

	sonde_agg_apply(&q, (s64 *)qv, 1000, 1);
	sonde_print_quantize(cap_open(), qv);
	snprintf(want, sizeof(want), HDR "%16d %s%16d %s%16d %s",
		 256, bar(0, 0), 512, bar(1, 40), 1024, bar(0, 0));
	expect("quantize 1000 in [512, 1024)", cap_close(), want);

	/* lquantize(x, 0, 10, 2): 3 -> bucket "2", 12 -> ">= 10" */
	sonde_agg_apply(&lq, (s64 *)lv, 3, 1);
	sonde_agg_apply(&lq, (s64 *)lv, 12, 1);
	sonde_print_lquantize(cap_open(), &lq, lv);
	snprintf(want, sizeof(want),
		 HDR "%16d %s%16d %s%16d %s%16d %s%16d %s%16s %s",
		 0, bar(0, 0), 2, bar(1, 20), 4, bar(0, 0), 6, bar(0, 0),
		 8, bar(0, 0), ">= 10", bar(1, 20));
	expect("lquantize with overflow row", cap_close(), want);

	memset(lv, 0, sizeof(lv));
	sonde_agg_apply(&lq, (s64 *)lv, -3, 1);
	sonde_print_lquantize(cap_open(), &lq, lv);
	snprintf(want, sizeof(want), HDR "%16s %s%16d %s",
		 "< 0", bar(1, 40), 0, bar(0, 0));
	expect("lquantize underflow row", cap_close(), want);

	/* llquantize(x, 10, 0, 2, 10): 29 buckets of magnitudes, mirrored
	 * for negative values: 57; 5 and 50 */
	expect("llquantize bucket count",
	       sonde_llquantize_nbuckets(&llq) == 57 ? "57" : "other", "57");
	sonde_agg_apply(&llq, (s64 *)llv, 5, 1);
	sonde_agg_apply(&llq, (s64 *)llv, 50, 1);
	sonde_print_llquantize(cap_open(), &llq, llv);
	snprintf(want, sizeof(want), HDR
		 "%16d %s%16d %s%16d %s%16d %s%16d %s%16d %s"
		 "%16d %s%16d %s%16d %s%16d %s%16d %s%16d %s",
		 4, bar(0, 0), 5, bar(1, 20), 6, bar(0, 0), 7, bar(0, 0),
		 8, bar(0, 0), 9, bar(0, 0), 10, bar(0, 0), 20, bar(0, 0),
		 30, bar(0, 0), 40, bar(0, 0), 50, bar(1, 20), 60, bar(0, 0));
	expect("llquantize 5 and 50", cap_close(), want);

	memset(llv, 0, sizeof(llv));
	sonde_agg_apply(&llq, (s64 *)llv, 5000, 1);
	sonde_print_llquantize(cap_open(), &llq, llv);
	snprintf(want, sizeof(want), HDR "%16d %s%16s %s",
		 900, bar(0, 0), ">= 1000", bar(1, 40));
	expect("llquantize overflow row", cap_close(), want);
	t_llquantize_signed();

	/* negative buckets with positive counts: ordinary full bars */
	memset(qv, 0, sizeof(qv));
	sonde_agg_apply(&q, (s64 *)qv, -1, 1);
	sonde_agg_apply(&q, (s64 *)qv, 1, 1);
	sonde_print_quantize(cap_open(), qv);
	snprintf(want, sizeof(want), HDR "%16d %s%16d %s%16d %s%16d %s%16d %s",
		 -2, bar(0, 0), -1, bar(1, 20), 0, bar(0, 0), 1, bar(1, 20),
		 2, bar(0, 0));
	expect("quantize -1 and 1", cap_close(), want);

	/* positive and negative counts (increments): half bars, centre line */
	memset(qv, 0, sizeof(qv));
	q.flags = SONDE_AGGF_INCR;
	sonde_agg_apply(&q, (s64 *)qv, 1, 2);
	sonde_agg_apply(&q, (s64 *)qv, 2, -1);
	sonde_print_quantize(cap_open(), qv);
	/* total 3, len 20: 2 -> 13.3 -> 13 '@', -1 -> 6.7 -> 7 '@' */
	snprintf(want, sizeof(want), HDR
		 "%16d %20s|%20s %-9d\n"
		 "%16d %20s|%-20s %-9d\n"
		 "%16d %13s%s|%20s %-9d\n"
		 "%16d %20s|%20s %-9d\n",
		 0, "", "", 0,
		 1, "", "@@@@@@@@@@@@@", 2,
		 2, "", "@@@@@@@", "", -1,
		 4, "", "", 0);
	expect("quantize mixed-sign counts", cap_close(), want);
}

static void t_quantize_agg(void)
{
	struct sonde_pagg aggs[1] = {
		{ .name = "h", .desc = { .fn = SONDE_AGG_quantize, .nkeys = 1 },
		  .keys = &k_str },
	};
	struct sonde_program p;
	struct sonde_consumer *c;
	char k[16] = "bash";
	int64_t x = 8;
	char want[2048];

	prog_init(&p, aggs, 1);
	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	agg_put(c, 0, k, &x, 1);
	sonde_consumer_print_aggs(c);
	sonde_consumer_free(c);
	/* key, then the histogram (starting "\n"), then dt_print_aggs' "\n" */
	snprintf(want, sizeof(want), "  %-50s" HDR "%16d %s%16d %s%16d %s\n",
		 "bash", 4, bar(0, 0), 8, bar(1, 40), 16, bar(0, 0));
	expect("keyed quantize layout", cap_close(), want);
}

/*
 * DTrace's display options (libdtrace dt_consume.c, dt_aggregate.c):
 * agghist draws count()/sum() values as histogram rows under a "key"
 * header, aggzoom scales bars to the largest (over 0.95, truncated to an
 * integer in agghist's total), aggpack puts quantize()/lquantize() on
 * one line between the bins all entries share, encoding=utf8 draws
 * bars of block elements, aggpercpu adds each CPU's value (Oracle's
 * "[CPU n]" lines).  Expectations worked out by hand from those
 * functions.
 */
static void t_aggstyle(void)
{
	struct sonde_pagg cnt[1] = {
		{ .name = "calls", .desc = { .fn = SONDE_AGG_count, .nkeys = 1 },
		  .keys = &k_str },
	};
	struct sonde_pagg qz[1] = {
		{ .name = "h", .desc = { .fn = SONDE_AGG_quantize, .nkeys = 1 },
		  .keys = &k_str },
	};
	struct sonde_pagg lqz[1] = {
		{ .name = "l", .desc = { .fn = SONDE_AGG_lquantize, .nkeys = 1,
					 .params = { 0, 4, 1 } },
		  .keys = &k_str },
	};
	struct sonde_pagg nokey[1] = {
		{ .name = "q", .desc = { .fn = SONDE_AGG_quantize } },
	};
	struct sonde_program p;
	struct sonde_consumer *c;
	char kawk[16] = "awk", kbash[16] = "bash";
	int64_t ones[8] = { 1, 1, 1, 1, 1, 1, 1, 1 };
	int64_t qx[4] = { 1, 2, 2, 8 }, lx[3] = { 1, 1, 3 };
	unsigned char snap[256];
	struct sonde_aggrec hdr = { 0, sizeof(hdr) + 16 + 8, 0, 0 };
	int64_t d;

	/* agghist: total 8, bars 2*40/8 = 10 and 6*40/8 = 30 */
	prog_init(&p, cnt, 1);
	p.uopts.agghist = true;
	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	agg_put(c, 0, kawk, ones, 2);
	agg_put(c, 0, kbash, ones, 6);
	sonde_consumer_print_aggs(c);
	sonde_consumer_free(c);
	expect("agghist: a key header, one bar per key, no blank line",
	       cap_close(),
	       "\n              key  ------------- Distribution ------------- count    \n"
	       "              awk |@@@@@@@@@@                               2        \n"
	       "             bash |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@           6        \n");

	/* aggzoom: the total is (int64_t)(6 / 0.95) = 6: bash fills the
	 * bar, awk 2*40/6 = 13.3 rounds to 13 */
	prog_init(&p, cnt, 1);
	p.uopts.agghist = true;
	p.uopts.aggzoom = true;
	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	agg_put(c, 0, kawk, ones, 2);
	agg_put(c, 0, kbash, ones, 6);
	sonde_consumer_print_aggs(c);
	sonde_consumer_free(c);
	expect("agghist with aggzoom", cap_close(),
	       "\n              key  ------------- Distribution ------------- count    \n"
	       "              awk |@@@@@@@@@@@@@                            2        \n"
	       "             bash |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 6        \n");

	/* aggzoom on quantize: the largest bucket (2) over 0.95 is the
	 * scale: 2 -> 38, 1 -> 19 (plain: 20 and 10 of 4) */
	prog_init(&p, nokey, 1);
	p.uopts.aggzoom = true;
	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	agg_put(c, 0, NULL, qx, 3);
	sonde_consumer_print_aggs(c);
	sonde_consumer_free(c);
	expect("aggzoom quantize", cap_close(),
	       HDR
	       "               0 |                                         0        \n"
	       "               1 |@@@@@@@@@@@@@@@@@@@                      1        \n"
	       "               2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@   2        \n"
	       "               4 |                                         0        \n"
	       "\n");

	/* encoding=utf8: 1 of 3 is 13 1/3 cells: 13 full blocks and a
	 * quarter block (U+258E) then 26 spaces; 2 of 3 is 26 2/3: a
	 * five-eighths block (U+258B) and 13 */
	prog_init(&p, nokey, 1);
	p.uopts.encoding = SONDE_ENCODING_UTF8;
	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	agg_put(c, 0, NULL, qx, 3);
	sonde_consumer_print_aggs(c);
	sonde_consumer_free(c);
	expect("encoding=utf8 bars", cap_close(),
	       HDR
	       "               0 |                                         0        \n"
	       "               1 |\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u258e                           1        \n"
	       "               2 |\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u258b              2        \n"
	       "               4 |                                         0        \n"
	       "\n");

	/* aggpack quantize, bins 1..8 over both keys: one bin more either
	 * side (0 .. 16); cells of 4: 1 -> 1.75+.5 -> 'x', 2 -> 'x' */
	prog_init(&p, qz, 1);
	p.uopts.aggpack = true;
	p.uopts.encoding = SONDE_ENCODING_ASCII;
	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	agg_put(c, 0, kbash, qx, 4);
	agg_put(c, 0, kawk, &qx[1], 1);
	sonde_consumer_print_aggs(c);
	sonde_consumer_free(c);
	expect("aggpack quantize, ASCII", cap_close(),
	       "\n              key  min .------. max  | count\n"
	       "              awk    0 :  X   : 16   | 1\n"
	       "             bash    0 : xx x : 16   | 4\n");

	/* the same cells in block elements: 7/4 -> U+2583, 14/4 -> U+2585,
	 * 7/1 -> U+2588 */
	prog_init(&p, qz, 1);
	p.uopts.aggpack = true;
	p.uopts.encoding = SONDE_ENCODING_UTF8;
	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	agg_put(c, 0, kbash, qx, 4);
	agg_put(c, 0, kawk, &qx[1], 1);
	sonde_consumer_print_aggs(c);
	sonde_consumer_free(c);
	expect("aggpack quantize, UTF-8", cap_close(),
	       "\n              key  min .------. max  | count\n"
	       "              awk    0 :  \u2588   : 16   | 1\n"
	       "             bash    0 : \u2583\u2585 \u2583 : 16   | 4\n");

	/* aggpack lquantize(x, 0, 4, 1): the whole range, "< 0" .. ">= 4" */
	prog_init(&p, lqz, 1);
	p.uopts.aggpack = true;
	p.uopts.encoding = SONDE_ENCODING_ASCII;
	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	agg_put(c, 0, kbash, lx, 3);
	sonde_consumer_print_aggs(c);
	sonde_consumer_free(c);
	expect("aggpack lquantize", cap_close(),
	       "\n              key     min .------. max      | count\n"
	       "             bash     < 0 :  x x : >= 4     | 3\n");

	/* aggpercpu: deltas from CPU 0 (3) and CPU 1 (4) */
	prog_init(&p, cnt, 1);
	p.uopts.aggpercpu = true;
	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	c->ncpus = 2;
	c->cpu_seen = calloc(2, sizeof(bool));
	c->cpu_seen[0] = c->cpu_seen[1] = true;
	memcpy(snap, &hdr, sizeof(hdr));
	memcpy(snap + sizeof(hdr), kawk, 16);
	d = 3;
	memcpy(snap + sizeof(hdr) + 16, &d, 8);
	sonde_consumer_aggsnap_cpu(c, 0, snap, hdr.size);
	d = 4;
	memcpy(snap + sizeof(hdr) + 16, &d, 8);
	sonde_consumer_aggsnap_cpu(c, 1, snap, hdr.size);
	sonde_consumer_print_aggs(c);
	sonde_consumer_free(c);
	expect("aggpercpu: each CPU's value after the total", cap_close(),
	       "  awk                                                               7\n"
	       "    [CPU 0]                3\n"
	       "    [CPU 1]                4\n");
}

/* printa() with and without a format, and the merge of snapshots */
static void t_printa(void)
{
	struct sonde_pagg aggs[1] = {
		{ .name = "c", .desc = { .fn = SONDE_AGG_count, .nkeys = 1 },
		  .keys = &k_str },
	};
	struct sonde_program p;
	struct sonde_consumer *c;
	unsigned char snap[256];
	struct sonde_aggrec h = { .size = sizeof(h) + 16 + 8 };
	int64_t v = 3;
	uint32_t id = 0;
	char want[512];

	prog_init(&p, aggs, 1);
	memset(snap, 0, sizeof(snap));
	memcpy(snap, &h, sizeof(h));
	strcpy((char *)snap + sizeof(h), "sh");
	memcpy(snap + sizeof(h) + 16, &v, 8);
	memcpy(snap + h.size, snap, h.size);	/* a second CPU's delta */

	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	sonde_consumer_aggsnap(c, snap, 2 * h.size);
	sonde_consumer_printa(c, "%s: %@d\n", &id, 1);
	/* '@' is a flag of the conversion after it, in any flag order
	 * (dt_printf.c), parsed by the same parser the compiler checks */
	sonde_consumer_printa(c, "[%@-4d]", &id, 1);
	sonde_consumer_printa(c, "[%-@4x]", &id, 1);
	sonde_consumer_printa(c, "[%@04u]\n", &id, 1);
	/* the width before the '@' too: %N@d (dt_printf_create()) */
	sonde_consumer_printa(c, "[%5@d]", &id, 1);
	sonde_consumer_printa(c, "[%-5@d]", &id, 1);
	sonde_consumer_printa(c, "[%05@d]\n", &id, 1);
	sonde_consumer_printa(c, NULL, &id, 1);
	sonde_consumer_print_aggs(c);	/* printed: nothing more */
	sonde_consumer_free(c);
	snprintf(want, sizeof(want),
		 "sh: 6\n[6   ][6   ][0006]\n[    6][6    ][00006]\n\n  %-50s %16lld\n",
		 "sh", 6LL);
	expect("snapshot merge, printa fmt and default", cap_close(), want);
}

/*
 * printa() of two aggregations (dtrace_aggregate_walk_joined()): one row
 * per key of either, zero where one lacks the key, sorted by the first
 * aggregation's value (or the aggsortpos-th, or the keys with
 * aggsortkey), ties by key; %@ conversions take the values in order.
 */
static void t_printa_joined(void)
{
	struct sonde_pagg aggs[2] = {
		{ .name = "c", .desc = { .fn = SONDE_AGG_count, .nkeys = 1 },
		  .keys = &k_str },
		{ .name = "s", .desc = { .fn = SONDE_AGG_sum, .nkeys = 1 },
		  .keys = &k_str },
	};
	static const uint32_t ids[2] = { 0, 1 };
	struct sonde_program p;
	struct sonde_consumer *c;
	char ka[16] = "a", kb[16] = "b", kc[16] = "c";
	int64_t ones[3] = { 1, 1, 1 }, ten = 10, five = 5;
	char want[1024];
	int pass;

	for (pass = 0; pass < 4; pass++) {
		prog_init(&p, aggs, 2);
		p.uopts.aggsortpos = pass == 1 ? 1 : pass == 3 ? 7 : 0;
		p.uopts.aggsortkey = pass == 2;
		c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
		agg_put(c, 0, ka, ones, 3);
		agg_put(c, 0, kb, ones, 1);
		agg_put(c, 1, ka, &ten, 1);
		agg_put(c, 1, kc, &five, 1);
		sonde_consumer_printa(c, "%s %@d %@d\n", ids, 2);
		if (pass == 0)
			sonde_consumer_printa(c, NULL, ids, 2);
		sonde_consumer_free(c);
		if (pass == 0 || pass == 3)	/* by @c: c 0, b 1, a 3 */
			snprintf(want, sizeof(want),
				 "c 0 5\nb 1 0\na 3 10\n"
				 "\n  %-50s %16lld %16lld\n  %-50s %16lld %16lld\n"
				 "  %-50s %16lld %16lld\n",
				 "c", 0LL, 5LL, "b", 1LL, 0LL, "a", 3LL, 10LL);
		else if (pass == 1)		/* by @s: b 0, c 5, a 10 */
			snprintf(want, sizeof(want), "b 1 0\nc 0 5\na 3 10\n");
		else				/* by key */
			snprintf(want, sizeof(want), "a 3 10\nb 1 0\nc 0 5\n");
		if (pass == 3)			/* past the last: 0 */
			snprintf(want, sizeof(want), "c 0 5\nb 1 0\na 3 10\n");
		expect(pass == 0 ? "joined printa, format and default" :
		       pass == 1 ? "joined printa, aggsortpos=1" :
		       pass == 2 ? "joined printa, aggsortkey" :
		       "joined printa, aggsortpos past the last", cap_close(),
		       want);
	}
}

/*
 * normalize() divides what printa() prints through a format too, and
 * each value of a joined printa() by its own aggregation's factor
 * (dt_printf.c takes the aggregation's dtada_normal for %@).
 */
static void t_printa_normalized(void)
{
	struct sonde_pagg aggs[2] = {
		{ .name = "c", .desc = { .fn = SONDE_AGG_count, .nkeys = 1 },
		  .keys = &k_str },
		{ .name = "s", .desc = { .fn = SONDE_AGG_sum, .nkeys = 1 },
		  .keys = &k_str },
	};
	static const uint32_t ids[2] = { 0, 1 };
	struct sonde_program p;
	struct sonde_consumer *c;
	char ka[16] = "a";
	int64_t ones[6] = { 1, 1, 1, 1, 1, 1 }, hundred = 100;

	prog_init(&p, aggs, 2);
	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	agg_put(c, 0, ka, ones, 6);
	agg_put(c, 1, ka, &hundred, 1);
	aggs[0].normal = 3;
	aggs[1].normal = 10;
	sonde_consumer_printa(c, "%s %@d\n", ids, 1);
	sonde_consumer_printa(c, "%s %@d %@d\n", ids, 2);
	sonde_consumer_free(c);
	expect("normalize()d printa through a format, joined too", cap_close(),
	       "a 2\na 2 10\n");
}

/* ---- whole records through the consumer ----------------------------- */

static char msgs[1024];

static void msg_cb(void *arg, int level, const char *m)
{
	strncat(msgs, m, sizeof(msgs) - strlen(msgs) - 2);
	strcat(msgs, "\n");
}

static void t_records(void)
{
	struct sonde_recfield fields[3] = {
		{ 0, { SONDE_DT_INT, 8 } },
		{ 8, { SONDE_DT_STR, 16 } },
		{ 24, { SONDE_DT_INT, 4 } },
	};
	struct sonde_action acts[3] = {
		{ .kind = SONDE_A_TRACE, .field = 0, .nfields = 1 },
		{ .kind = SONDE_A_PRINTF, .field = 1, .nfields = 1,
		  .fmt = "[%s]" },
		{ .kind = SONDE_A_EXIT, .field = 2, .nfields = 1 },
	};
	struct sonde_pclause cl = {
		.rec_size = 32, .fields = fields, .nfields = 3,
		.acts = acts, .nacts = 3,
	};
	struct sonde_ecb ecb;
	struct sonde_probe_info pi;
	struct sonde_program p;
	struct sonde_consumer *c;
	unsigned char buf[256];
	struct sonde_rechdr h = { 1, sizeof(h) + 32, 0 };
	struct sonde_errrec er = { .epid = 1, .where = 1, .pc = 2, .action = 1,
				   .fault = SONDE_FLT_BADADDR, .addr = 0x10 };
	int64_t v = 7;
	int32_t st = 3;
	int status = -1;
	char want[1024];
	size_t off;

	prog_begin(&p, NULL, 0, &cl, &ecb, &pi);
	memset(buf, 0, sizeof(buf));
	memcpy(buf, &h, sizeof(h));
	memcpy(buf + sizeof(h), &v, 8);
	strcpy((char *)buf + sizeof(h) + 8, "hi");
	memcpy(buf + sizeof(h) + 24, &st, 4);
	off = put_errrec(buf, h.size, &er);

	msgs[0] = '\0';
	c = sonde_consumer_new(&p, cap_open(), msg_cb, NULL);
	sonde_consumer_records(c, 0, buf, off);
	sonde_consumer_drops(c, 1, 1, false);
	sonde_consumer_drops(c, 2, 5, true);
	expect("exit() status from the record",
	       sonde_consumer_exited(c, &status) && status == 3 ? "yes" : "no",
	       "yes");
	sonde_consumer_free(c);
	/* chew(): header "%3s %6s %32s\n", "%3d %6d %32s "; chewrec: "\n" */
	snprintf(want, sizeof(want), "%3s %6s %32s\n%3d %6d %32s  %16lld[hi]\n",
		 "CPU", "ID", "FUNCTION:NAME", 0, 1, ":BEGIN", 7LL);
	expect("record, not quiet", cap_close(), want);
	expect("error and drop messages", msgs,
	       "error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): "
	       "invalid address (0x10) in action #1 at DIF offset 16\n"
	       "1 drop on CPU 1\n5 aggregation drops on CPU 2\n");

	/* run as dtrace: the ERROR record in Linux dtrace's words */
	msgs[0] = '\0';
	c = sonde_consumer_new(&p, cap_open(), msg_cb, NULL);
	sonde_consumer_set_dtrace2(c, true);
	sonde_consumer_records(c, 0, buf, off);
	sonde_consumer_free(c);
	cap_close();
	expect("error message, as dtrace", msgs,
	       "error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): "
	       "invalid address (0x10) at BPF pc 2\n");

	/* run as dtrace: trace() of an integer as dt_print_trace() */
	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	sonde_consumer_set_dtrace2(c, true);
	sonde_consumer_set_testing(c, true);
	sonde_consumer_records(c, 0, buf, h.size);
	sonde_consumer_free(c);
	snprintf(want, sizeof(want), "%32s\n%32s  %19lld[hi]\n",
		 "FUNCTION:NAME", ":BEGIN", 7LL);
	expect("trace(), as dtrace", cap_close(), want);

	/* dtrace's testing mode (_DTRACE_TESTING): no CPU and ID columns */
	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	sonde_consumer_set_testing(c, true);
	sonde_consumer_records(c, 0, buf, h.size);
	sonde_consumer_free(c);
	snprintf(want, sizeof(want), "%32s\n%32s  %16lld[hi]\n",
		 "FUNCTION:NAME", ":BEGIN", 7LL);
	expect("record, testing mode", cap_close(), want);

	p.uopts.quiet = true;
	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	sonde_consumer_records(c, 0, buf, h.size);
	/* a later exit() record (END's) overrides the status, as dtrace's
	 * chewrec() sets g_status at every one */
	st = 5;
	memcpy(buf + sizeof(h) + 24, &st, 4);
	sonde_consumer_records(c, 0, buf, h.size);
	expect("exit() in END overrides the status",
	       sonde_consumer_exited(c, &status) && status == 5 ? "yes" : "no",
	       "yes");
	sonde_consumer_free(c);
	expect("record, quiet", cap_close(), "7[hi]7[hi]");
}

/*
 * The kernel writes a record's string up to its NUL only: whatever
 * follows in the field (an older record's bytes) is not the string's,
 * and trace() prints it as DTrace prints its NUL-padded field, as a
 * string, not as bytes.
 */
static void t_record_string_tail(void)
{
	struct sonde_recfield fields[1] = { { 0, { SONDE_DT_STR, 16 } } };
	struct sonde_action acts[1] = {
		{ .kind = SONDE_A_TRACE, .field = 0, .nfields = 1 },
	};
	struct sonde_pclause cl = {
		.rec_size = 16, .fields = fields, .nfields = 1,
		.acts = acts, .nacts = 1,
	};
	struct sonde_ecb ecb = { 1, 0 };
	struct sonde_probe_info pi = { .id = 1 };
	struct sonde_rechdr h = { 1, sizeof(h) + 16, 0 };
	struct sonde_program p;
	struct sonde_consumer *c;
	unsigned char buf[64];
	char want[512];

	strcpy(pi.desc.provider, "dtrace");
	strcpy(pi.desc.name, "BEGIN");
	prog_init(&p, NULL, 0);
	p.clauses = &cl;
	p.nclauses = 1;
	p.ecbs = &ecb;
	p.necbs = 1;
	p.ecb_probe = &pi;
	p.uopts.quiet = true;

	memset(buf, 0, sizeof(buf));
	memcpy(buf, &h, sizeof(h));
	strcpy((char *)buf + sizeof(h), "hi");
	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	sonde_consumer_records(c, 0, buf, h.size);
	sonde_consumer_free(c);
	snprintf(want, sizeof(want), "%s", cap_close());
	expect("trace(string), NUL-padded", want, "hi");

	memset(buf + sizeof(h) + 3, 'X', 13);
	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	sonde_consumer_records(c, 0, buf, h.size);
	sonde_consumer_free(c);
	expect("trace(string), bytes after its NUL", cap_close(), want);
	expect("the record itself is left as it was",
	       buf[sizeof(h) + 3] == 'X' ? "yes" : "no", "yes");
}

/*
 * -F (flowindent), from dtrace.c's chew() and dt_consume.c's
 * dt_flowindent(): header "%3s %-41s\n" (even when quiet), each record
 * "%3d %-41s " with the indentation, " -> " / " <- " (" => " / " <= " for
 * syscall) before the function, "| func:name" for other probes and for a
 * second enabling of the same entry probe.
 */
static void t_flowindent(void)
{
	static const struct { const char *prov, *func, *name; uint32_t id; }
	probes[] = {
		{ "syscall", "read", "entry", 10 },
		{ "fbt", "vfs_read", "entry", 20 },
		{ "fbt", "vfs_read", "return", 21 },
		{ "syscall", "read", "return", 11 },
		{ "profile", "", "tick-1s", 30 },
		{ "syscall", "read", "entry", 10 },	/* a second clause */
	};
	static const uint32_t seq[] = { 1, 6, 2, 3, 4, 5 };
	struct sonde_pclause cl = { .flags = SONDE_CLAUSEF_RECORD };
	struct sonde_ecb ecbs[6];
	struct sonde_probe_info pis[6];
	struct sonde_program p;
	struct sonde_consumer *c;
	struct sonde_rechdr h = { 0, sizeof(h), 0 };
	unsigned char buf[256];
	char want[1024];
	size_t i, off = 0;

	memset(pis, 0, sizeof(pis));
	for (i = 0; i < 6; i++) {
		ecbs[i] = (struct sonde_ecb){ probes[i].id, 0 };
		pis[i].id = probes[i].id;
		strcpy(pis[i].desc.provider, probes[i].prov);
		strcpy(pis[i].desc.function, probes[i].func);
		strcpy(pis[i].desc.name, probes[i].name);
	}
	prog_init(&p, NULL, 0);
	p.clauses = &cl;
	p.nclauses = 1;
	p.ecbs = ecbs;
	p.necbs = 6;
	p.ecb_probe = pis;
	for (i = 0; i < 6; i++) {
		h.epid = seq[i];
		memcpy(buf + off, &h, sizeof(h));
		off += (sizeof(h) + 7) & ~7u;
	}
	p.uopts.flowindent = true;
	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	sonde_consumer_records(c, 1, buf, off);
	sonde_consumer_free(c);
	snprintf(want, sizeof(want),
		 "%3s %-41s\n%3d %-41s \n%3d %-41s \n%3d %-41s \n"
		 "%3d %-41s \n%3d %-41s \n%3d %-41s \n",
		 "CPU", "FUNCTION", 1, " => read", 1, "  | read:entry",
		 1, "   -> vfs_read", 1, "   <- vfs_read", 1, " <= read",
		 1, "| :tick-1s");
	expect("flowindent", cap_close(), want);

	p.uopts.quiet = true;
	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	sonde_consumer_records(c, 1, buf, (sizeof(h) + 7) & ~7u);
	sonde_consumer_free(c);
	snprintf(want, sizeof(want), "%3s %-41s\n%3d %-41s ", "CPU",
		 "FUNCTION", 1, " => read");
	expect("flowindent, quiet: still the columns", cap_close(), want);
}

/* ---- STATUS deltas (dt_handle_status) ------------------------------- */

static void t_status(void)
{
	struct sonde_program p;
	struct sonde_consumer *c;
	struct sonde_status st;

	prog_init(&p, NULL, 0);
	msgs[0] = '\0';
	c = sonde_consumer_new(&p, cap_open(), msg_cb, NULL);
	memset(&st, 0, sizeof(st));
	st.activity = SONDE_ACT_ACTIVE;
	st.dyndrops = 1;
	st.recdrops = 3;
	sonde_consumer_status(c, &st);
	st.dyndrops = 5;
	st.nmidrops = 1;
	st.specdrops = 2;
	st.specbusy = 1;
	st.specunavail = 3;
	sonde_consumer_status(c, &st);
	sonde_consumer_status(c, &st);	/* no change: nothing */
	expect("status deltas in DTrace's words", msgs,
	       "1 dynamic variable drop\n"
	       "3 drops: probe fired inside a probe\n"
	       "4 dynamic variable drops\n"
	       "2 speculative drops\n"
	       "1 failed speculation (available buffer(s) still busy)\n"
	       "3 failed speculations (no speculative buffer available)\n"
	       "1 drop: probe fired in NMI context\n");
	st.activity = SONDE_ACT_KILLED;
	expect("killed: -ECANCELED once",
	       sonde_consumer_status(c, &st) == -ECANCELED &&
	       sonde_consumer_status(c, &st) == 0 ? "yes" : "no", "yes");
	expect("EDT_BRICKED text", sonde_msg_bricked,
	       "Abort due to systemic unresponsiveness");
	sonde_consumer_free(c);
	cap_close();
}

/* ---- stacks: symbols, stack() records, stack keys --------------------- */

static const char *ksyms_file(void)
{
	static char path[] = "/tmp/test_fmt_kallsyms.XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");

	fputs("ffffffff81000000 T _stext\n"
	      "ffffffff81001000 T do_syscall_64\n"
	      "ffffffff81001100 t helper\n"
	      "ffffffff81002000 D some_data\n"
	      "ffffffffc0001000 t sonde_probe\t[sonde]\n", f);
	fclose(f);
	return path;
}

static void t_stacks(void)
{
	const char *kpath = ksyms_file();
	struct sonde_syms *s = sonde_syms_new(kpath);
	uint64_t pcs[4] = { 0xffffffffc0001010ULL, 0xffffffff81001000ULL,
			    0xffffffff81001104ULL, 0 };
	char name[256], want[1024];
	uint64_t up = (uint64_t)(uintptr_t)t_status + 4;

	sonde_syms_kaddr(s, pcs[0], name, sizeof(name));
	expect("kernel module symbol", name, "sonde`sonde_probe+0x10");
	sonde_syms_kaddr(s, pcs[1], name, sizeof(name));
	expect("vmlinux symbol, at its start", name, "vmlinux`do_syscall_64");
	sonde_syms_kaddr(s, 0x1000, name, sizeof(name));
	expect("below every symbol: hex", name, "0x1000");
	/* %a of a variable's address names it (kallsyms' D, B, R...) */
	sonde_syms_kaddr(s, 0xffffffff81002000ULL, name, sizeof(name));
	expect("kernel data symbol", name, "vmlinux`some_data");
	sonde_syms_uaddr(s, getpid(), up, name, sizeof(name));
	expect("user symbol from /proc/self/maps and .symtab", name,
	       "test_fmt`t_status+0x4");
	sonde_syms_uaddr(s, getpid(), 0x10, name, sizeof(name));
	expect("user address outside every mapping: hex", name, "0x10");

	/* sym(), mod(), usym(), umod(), uaddr(): dt_print_sym() and
	 * friends name the function (not the offset) or the module */
	sonde_syms_name(s, SONDE_SYMNAME_KSYM, 0, pcs[2], name, sizeof(name));
	expect("sym(): module`function, no offset", name, "vmlinux`helper");
	sonde_syms_name(s, SONDE_SYMNAME_KMOD, 0, pcs[0], name, sizeof(name));
	expect("mod(): the module", name, "sonde");
	sonde_syms_name(s, SONDE_SYMNAME_KSYM, 0, 0x1000, name, sizeof(name));
	expect("sym() below every symbol: hex", name, "0x1000");
	sonde_syms_name(s, SONDE_SYMNAME_USYM, getpid(), up, name,
			sizeof(name));
	expect("usym(): object`function", name, "test_fmt`t_status");
	sonde_syms_name(s, SONDE_SYMNAME_UMOD, getpid(), up, name,
			sizeof(name));
	expect("umod(): the object's base name", name, "test_fmt");
	sonde_syms_name(s, SONDE_SYMNAME_UADDR, getpid(), up, name,
			sizeof(name));
	expect("uaddr(): object`function+offset", name,
	       "test_fmt`t_status+0x4");

	sonde_print_stack(cap_open(), s, false, 0, pcs, 4, 14);
	snprintf(want, sizeof(want), "\n%14s%s\n%14s%s\n%14s%s\n", "",
		 "sonde`sonde_probe+0x10", "", "vmlinux`do_syscall_64", "",
		 "vmlinux`helper+0x4");
	expect("dt_print_stack: newline, indented frames, zero ends",
	       cap_close(), want);
	sonde_syms_free(s);
	unlink(kpath);
}

static void t_stack_keys(void)
{
	struct sonde_dtype kst = { SONDE_DT_KSTACK, 24 };
	struct sonde_pagg aggs[1] = {
		{ .name = "_", .desc = { .fn = SONDE_AGG_count, .nkeys = 1 },
		  .keys = &kst },
	};
	uint64_t k1[3] = { 0x1000, 0x2000, 0 }, k2[3] = { 0x3000, 0, 0 };
	int64_t one = 1;
	struct sonde_program p;
	struct sonde_consumer *c;
	char want[1024];

	prog_init(&p, aggs, 1);
	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	c->syms = sonde_syms_new("/nonexistent");	/* hex names */
	agg_put(c, 0, k1, &one, 1);
	agg_put(c, 0, k2, &one, 1);
	agg_put(c, 0, k1, &one, 1);	/* the same stack: the same key */
	sonde_consumer_print_aggs(c);
	sonde_consumer_free(c);
	snprintf(want, sizeof(want),
		 "\n%14s0x3000\n %16lld\n\n%14s0x1000\n%14s0x2000\n %16lld\n",
		 "", 1LL, "", "", 2LL);
	expect("stack keys: frames then the value line", cap_close(), want);
}

/* ---- JSON ------------------------------------------------------------- */

/* A minimal JSON validator: one value, nothing after it. */
static const char *jv(const char *s);

static const char *jws(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
		s++;
	return s;
}

static const char *jstr(const char *s)
{
	if (*s++ != '"')
		return NULL;
	for (; *s != '"'; s++) {
		if (!*s || (unsigned char)*s < 0x20)
			return NULL;
		if (*s == '\\') {
			s++;
			if (*s == 'u') {
				int i;

				for (i = 1; i <= 4; i++)
					if (!isxdigit((unsigned char)s[i]))
						return NULL;
				s += 4;
			} else if (!strchr("\"\\/bfnrt", *s) || !*s) {
				return NULL;
			}
		}
	}
	return s + 1;
}

static const char *jseq(const char *s, char end, bool obj)
{
	s = jws(s + 1);
	if (*s == end)
		return s + 1;
	for (;;) {
		if (obj) {
			s = jstr(jws(s));
			if (!s || *(s = jws(s)) != ':')
				return NULL;
			s++;
		}
		s = jv(s);
		if (!s)
			return NULL;
		s = jws(s);
		if (*s == end)
			return s + 1;
		if (*s++ != ',')
			return NULL;
	}
}

static const char *jv(const char *s)
{
	s = jws(s);
	if (*s == '{')
		return jseq(s, '}', true);
	if (*s == '[')
		return jseq(s, ']', false);
	if (*s == '"')
		return jstr(s);
	if (!strncmp(s, "null", 4) || !strncmp(s, "true", 4))
		return s + 4;
	if (!strncmp(s, "false", 5))
		return s + 5;
	if (*s == '-')
		s++;
	if (!isdigit((unsigned char)*s))
		return NULL;
	while (isdigit((unsigned char)*s))
		s++;
	return s;
}

/* Every line one valid JSON object. */
static bool json_lines(const char *text, int *nlines)
{
	char *copy = strdup(text), *line, *save;
	const char *e;
	bool ok = true;

	*nlines = 0;
	for (line = strtok_r(copy, "\n", &save); line && ok;
	     line = strtok_r(NULL, "\n", &save)) {
		e = line[0] == '{' ? jv(line) : NULL;
		ok = e && !*jws(e);
		if (!ok)
			printf("# bad JSON line: %s\n", line);
		(*nlines)++;
	}
	free(copy);
	return ok;
}

static void t_json(void)
{
	struct sonde_recfield fields[4] = {
		{ 0, { SONDE_DT_INT, 8 } },
		{ 8, { SONDE_DT_STR, 16 } },
		{ 24, { SONDE_DT_KSTACK, 16 } },
		{ 40, { SONDE_DT_INT, 4 } },
	};
	struct sonde_action acts[4] = {
		{ .kind = SONDE_A_TRACE, .field = 0, .nfields = 1 },
		{ .kind = SONDE_A_PRINTF, .field = 1, .nfields = 1,
		  .fmt = "say \"%s\"\t\n" },
		{ .kind = SONDE_A_STACK, .field = 2, .nfields = 1 },
		{ .kind = SONDE_A_EXIT, .field = 3, .nfields = 1 },
	};
	struct sonde_pclause cl = {
		.rec_size = 48, .fields = fields, .nfields = 4,
		.acts = acts, .nacts = 4,
	};
	struct sonde_pagg aggs[3] = {
		{ .name = "calls", .desc = { .fn = SONDE_AGG_count, .nkeys = 1 },
		  .keys = &k_str },
		{ .name = "q", .desc = { .fn = SONDE_AGG_quantize } },
		{ .name = "l", .desc = { .fn = SONDE_AGG_lquantize,
					 .params = { 0, 10, 1 } } },
	};
	struct sonde_ecb ecb;
	struct sonde_probe_info pi;
	struct sonde_program p;
	struct sonde_consumer *c;
	unsigned char buf[256];
	struct sonde_rechdr h = { 1, sizeof(h) + 48, 99 };
	struct sonde_errrec er = { .epid = 1, .action = 2,
				   .fault = SONDE_FLT_BADADDR, .addr = 0x10 };
	struct sonde_status st = { .activity = SONDE_ACT_ACTIVE,
				   .dyndrops = 2 };
	int64_t v = -7, xs[3] = { 1, 5, 100 };
	uint64_t pc = 0x1234;
	char key[16] = "sh";
	const char *out;
	int n = 0;
	size_t off;

	prog_begin(&p, aggs, 3, &cl, &ecb, &pi);
	memset(buf, 0, sizeof(buf));
	memcpy(buf, &h, sizeof(h));
	memcpy(buf + sizeof(h), &v, 8);
	strcpy((char *)buf + sizeof(h) + 8, "a\"b\\");
	memcpy(buf + sizeof(h) + 24, &pc, 8);
	off = put_errrec(buf, h.size, &er);

	c = sonde_consumer_new(&p, cap_open(), NULL, NULL);
	c->syms = sonde_syms_new("/nonexistent");
	sonde_consumer_set_format(c, SONDE_OUT_JSON);
	sonde_consumer_records(c, 0, buf, off);
	sonde_consumer_drops(c, 1, 3, false);
	sonde_consumer_status(c, &st);
	agg_put(c, 0, key, xs, 2);
	agg_put(c, 1, NULL, xs, 3);
	agg_put(c, 2, NULL, xs, 3);
	sonde_consumer_print_aggs(c);
	sonde_consumer_free(c);
	out = cap_close();
	expect("json: every line parses", json_lines(out, &n) ? "yes" : "no",
	       "yes");
	expect("json: record, error, 2 drops, 3 aggregations",
	       n == 7 ? "yes" : "no", "yes");
	expect("json: typed record data",
	       strstr(out, "\"data\":[{\"action\":\"trace\",\"value\":-7},"
		     "{\"action\":\"printf\",\"text\":\"say \\\"a\\\"b\\\\\\\"\\t\\n\"},"
		     "{\"action\":\"stack\",\"frames\":[\"0x1234\"]},"
		     "{\"action\":\"exit\",\"status\":0}]") ? "yes" : out, "yes");
	expect("json: quantize buckets",
	       strstr(out, "\"buckets\":[{\"value\":1,\"count\":1},"
		     "{\"value\":4,\"count\":1},{\"value\":64,\"count\":1}]") ?
	       "yes" : out, "yes");
	expect("json: lquantize overflow bucket",
	       strstr(out, "{\"value\":10,\"count\":1,\"overflow\":true}") ?
	       "yes" : out, "yes");
	expect("json: keys and value",
	       strstr(out, "{\"keys\":[\"sh\"],\"value\":2}") ? "yes" : out,
	       "yes");
}

/* ---- every action of a record, as text and as JSON --------------------- */

/*
 * One clause with every kind of action, its record, an ERROR record,
 * drops, a status change, an abort and the aggregations printed when
 * tracing ends: the same input through both outputs, compared whole.
 */
struct walk {
	struct sonde_recfield fields[9];
	struct sonde_action acts[10];
	uint32_t ids_n, ids_cs[2];
	struct sonde_pagg aggs[4];
	struct sonde_pclause cl;
	struct sonde_ecb ecb;
	struct sonde_probe_info pi;
	struct sonde_program p;
	unsigned char buf[512];
	size_t len;
};

#define WALK_PID	0x7ffffff0	/* no such process: hex frames */

static void walk_init(struct walk *w)
{
	static const struct sonde_recfield fields[9] = {
		{ 0, { SONDE_DT_INT, 8 } },	/* trace(7) */
		{ 8, { SONDE_DT_STR, 16 } },	/* trace("hi") */
		{ 24, { SONDE_DT_BYTES, 4 } },	/* tracemem(b, 4) */
		{ 32, { SONDE_DT_INT, 8 } },	/* printf("<%d>", 5) */
		{ 40, { SONDE_DT_KSTACK, 16 } },	/* stack(2) */
		{ 56, { SONDE_DT_INT, 4 } },	/* ustack(2): the pid */
		{ 64, { SONDE_DT_USTACK, 16 } },	/* ustack(2): frames */
		{ 80, { SONDE_DT_INT, 8 } },	/* normalize(@n, 2) */
		{ 88, { SONDE_DT_INT, 4 } },	/* exit(0) */
	};
	struct sonde_rechdr h = { 1, sizeof(h) + 96, 99 };
	struct sonde_errrec er = { .epid = 1, .action = 2, .pc = 3,
				   .fault = SONDE_FLT_BADADDR, .addr = 0x10 };
	unsigned char *d = w->buf + sizeof(h);
	int64_t seven = 7, five = 5, two = 2;
	uint64_t kpcs[2] = { 0x1000, 0x2000 }, upcs[2] = { 0x10, 0x20 };
	int32_t pid = WALK_PID;

	memset(w, 0, sizeof(*w));
	memcpy(w->fields, fields, sizeof(fields));
	w->ids_n = 2;
	w->ids_cs[0] = 0;
	w->ids_cs[1] = 1;
	w->acts[0] = (struct sonde_action){ .kind = SONDE_A_TRACE, .field = 0,
					    .nfields = 1 };
	w->acts[1] = (struct sonde_action){ .kind = SONDE_A_TRACE, .field = 1,
					    .nfields = 1 };
	w->acts[2] = (struct sonde_action){ .kind = SONDE_A_TRACEMEM,
					    .field = 2, .nfields = 1 };
	w->acts[3] = (struct sonde_action){ .kind = SONDE_A_PRINTF, .field = 3,
					    .nfields = 1, .fmt = "<%d>" };
	w->acts[4] = (struct sonde_action){ .kind = SONDE_A_STACK, .field = 4,
					    .nfields = 1 };
	w->acts[5] = (struct sonde_action){ .kind = SONDE_A_USTACK,
					    .field = 5, .nfields = 2 };
	w->acts[6] = (struct sonde_action){ .kind = SONDE_A_NORMALIZE,
					    .field = 7, .nfields = 1,
					    .aggids = &w->ids_n, .naggs = 1 };
	w->acts[7] = (struct sonde_action){ .kind = SONDE_A_PRINTA,
					    .aggids = &w->ids_n, .naggs = 1 };
	w->acts[8] = (struct sonde_action){ .kind = SONDE_A_PRINTA,
					    .fmt = "%s %@d %@d\n",
					    .aggids = w->ids_cs, .naggs = 2 };
	w->acts[9] = (struct sonde_action){ .kind = SONDE_A_EXIT, .field = 8,
					    .nfields = 1 };
	w->aggs[0] = (struct sonde_pagg){ .name = "c", .keys = &k_str,
		.desc = { .fn = SONDE_AGG_count, .nkeys = 1 } };
	w->aggs[1] = (struct sonde_pagg){ .name = "s", .keys = &k_str,
		.desc = { .fn = SONDE_AGG_sum, .nkeys = 1 } };
	w->aggs[2] = (struct sonde_pagg){ .name = "n",
		.desc = { .fn = SONDE_AGG_count } };
	w->aggs[3] = (struct sonde_pagg){ .name = "u", .keys = &k_str,
		.desc = { .fn = SONDE_AGG_count, .nkeys = 1 } };
	w->cl = (struct sonde_pclause){ .rec_size = 96, .fields = w->fields,
		.nfields = 9, .acts = w->acts, .nacts = 10 };
	prog_begin(&w->p, w->aggs, 4, &w->cl, &w->ecb, &w->pi);

	memcpy(w->buf, &h, sizeof(h));
	memcpy(d, &seven, 8);
	strcpy((char *)d + 8, "hi");
	memcpy(d + 24, "AB\0\xff", 4);
	memcpy(d + 32, &five, 8);
	memcpy(d + 40, kpcs, 16);
	memcpy(d + 56, &pid, 4);
	memcpy(d + 64, upcs, 16);
	memcpy(d + 80, &two, 8);
	w->len = put_errrec(w->buf, h.size, &er);
}

/* Run the walk's input through a consumer of @format; its output. */
static const char *walk_run(int format)
{
	static struct walk w;
	struct sonde_status st = { .activity = SONDE_ACT_ACTIVE,
				   .dyndrops = 2 };
	struct sonde_consumer *c;
	int64_t ones[6] = { 1, 1, 1, 1, 1, 1 }, ten = 10, four[4] = { 1, 1, 1, 1 };
	char ka[16] = "a", kx[16] = "x", ky[16] = "y";

	walk_init(&w);
	c = sonde_consumer_new(&w.p, cap_open(), NULL, NULL);
	c->syms = sonde_syms_new("/nonexistent");	/* hex names */
	sonde_consumer_set_format(c, format);
	agg_put(c, 0, ka, ones, 2);
	agg_put(c, 1, ka, &ten, 1);
	agg_put(c, 2, NULL, ones, 6);
	agg_put(c, 3, kx, ones, 1);
	agg_put(c, 3, ky, four, 4);
	sonde_consumer_records(c, 0, w.buf, w.len);
	sonde_consumer_drops(c, 1, 3, false);
	sonde_consumer_status(c, &st);
	st.activity = SONDE_ACT_KILLED;
	sonde_consumer_status(c, &st);
	sonde_consumer_print_aggs(c);
	sonde_consumer_free(c);
	return cap_close();
}

static void t_walk(void)
{
	char want[4096], hex[512];
	int n;

	/* dt_consume_cpu()'s tracemem: dt_print_bytes(-33, forceraw) */
	snprintf(hex, sizeof(hex),
		 "\n%5s      "
		 "  0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f"
		 "  0123456789abcdef\n"
		 "%5s%5x: 41 42 00 ff%36s  AB..\n", "", "", 0, "");
	/* chew() columns; trace " %16lld" and "  %-33s"; printf; the
	 * stacks "\n" and a frame a line at stackindent 14; printa(@n)
	 * "\n" then the value " %16lld\n" (6 normalized by 2); the joined
	 * printa through its format; chewrec "\n"; at the end the unprinted
	 * @u by value, "  %-50s %16lld\n" a key */
	n = snprintf(want, sizeof(want),
		     "%3s %6s %32s\n%3d %6d %32s  %16lld%s%s<5>"
		     "\n%14s0x1000\n%14s0x2000\n"
		     "\n%14s0x10\n%14s0x20\n"
		     "\n %16lld\n"
		     "a 2 10\n"
		     "\n",
		     "CPU", "ID", "FUNCTION:NAME", 0, 1, ":BEGIN", 7LL,
		     pad("  ", "hi", 33), hex, "", "", "", "", 3LL);
	snprintf(want + n, sizeof(want) - n, "  %-50s %16lld\n  %-50s %16lld\n",
		 "x", 1LL, "y", 4LL);
	expect("every action, text", walk_run(SONDE_OUT_TEXT), want);

	/* docs/json.md: the record's line, then what its printa()s print,
	 * one aggregation a line, normalize()d as in text; error, drops,
	 * abort; the unprinted @u */
	snprintf(want, sizeof(want),
		 "{\"type\":\"record\",\"cpu\":0,\"id\":1,\"epid\":1,"
		 "\"timestamp\":99,\"probe\":\"dtrace:::BEGIN\",\"data\":["
		 "{\"action\":\"trace\",\"value\":7},"
		 "{\"action\":\"trace\",\"value\":\"hi\"},"
		 "{\"action\":\"tracemem\",\"bytes\":\"414200ff\"},"
		 "{\"action\":\"printf\",\"text\":\"<5>\"},"
		 "{\"action\":\"stack\",\"frames\":[\"0x1000\",\"0x2000\"]},"
		 "{\"action\":\"ustack\",\"pid\":%d,"
		 "\"frames\":[\"0x10\",\"0x20\"]},"
		 "{\"action\":\"exit\",\"status\":0}]}\n"
		 "{\"type\":\"aggregation\",\"name\":\"n\",\"function\":\"count\","
		 "\"entries\":[{\"keys\":[],\"value\":3}]}\n"
		 "{\"type\":\"aggregation\",\"name\":\"c\",\"function\":\"count\","
		 "\"entries\":[{\"keys\":[\"a\"],\"value\":2}]}\n"
		 "{\"type\":\"aggregation\",\"name\":\"s\",\"function\":\"sum\","
		 "\"entries\":[{\"keys\":[\"a\"],\"value\":10}]}\n"
		 "{\"type\":\"error\",\"epid\":1,\"id\":1,"
		 "\"probe\":\"dtrace:::BEGIN\",\"fault\":\"invalid address\","
		 "\"action\":2,\"offset\":24,\"addr\":16}\n"
		 "{\"type\":\"drop\",\"kind\":\"principal\",\"cpu\":1,"
		 "\"count\":3}\n"
		 "{\"type\":\"drop\",\"kind\":\"dynamic\",\"cpu\":null,"
		 "\"count\":2}\n"
		 "{\"type\":\"abort\",\"message\":"
		 "\"Abort due to systemic unresponsiveness\"}\n"
		 "{\"type\":\"aggregation\",\"name\":\"u\",\"function\":\"count\","
		 "\"entries\":[{\"keys\":[\"x\"],\"value\":1},"
		 "{\"keys\":[\"y\"],\"value\":4}]}\n", WALK_PID);
	expect("every action, JSON", walk_run(SONDE_OUT_JSON), want);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	t_trace();
	t_record_string_tail();
	t_printf();
	t_aggrows();
	t_aggsortkeypos();
	t_struct_keys();
	t_print_value();
	t_aggfns();
	t_quantize();
	t_quantize_agg();
	t_aggstyle();
	t_printa();
	t_printa_joined();
	t_printa_normalized();
	t_records();
	t_flowindent();
	t_status();
	t_stacks();
	t_stack_keys();
	t_json();
	t_walk();
	unit_plan();
	free(mbuf);
	return unit_nfail ? 1 : 0;
}
