// SPDX-License-Identifier: GPL-2.0
/*
 * test_folded.c - stacks for people and for flame-graph tools, no kernel
 * needed: a jstack() record in DTrace's layout (interpreter frames under
 * the interpreter function's frame that runs them, the rest at the end),
 * as JSON frames, and as folded lines; -O folded of known aggregations
 * exactly (offsets stripped, equal lines merged, other keys at the root,
 * histograms as their counts); the flame graph of known lines as
 * well-formed SVG (xmllint) with a title naming every frame, its samples
 * and share, boxes as wide as their samples, names that need escaping.
 *
 *   test_folded [OUT.svg]    (writes the test's flame graph there too)
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

#include "usdt.h"

#include "consume_impl.h"
#include "folded.h"
#include "vm.h"
#include "unit.h"

static void check_text(const char *what, const char *got, const char *want)
{
	check(!strcmp(got, want), "%s", what);
	if (strcmp(got, want))
		printf("# want:\n%s\n# got:\n%s\n", want, got);
}

static char *mbuf;
static size_t mlen;

static FILE *cap_open(void)
{
	free(mbuf);
	mbuf = NULL;
	return open_memstream(&mbuf, &mlen);
}

/* Two functions of our own, so native frames have names: one that
 * stands for the interpreter (frames under it are the ones it runs). */
void _PyEval_EvalFrameDefault(void);
void native_caller(void);

__attribute__((noinline, used)) void _PyEval_EvalFrameDefault(void)
{
	__asm__ volatile("nop; nop; nop; nop; nop; nop; nop; nop");
}

__attribute__((noinline, used)) void native_caller(void)
{
	__asm__ volatile("nop; nop; nop; nop; nop; nop; nop; nop");
}

/* A jstack() record: two native PCs, three interpreter frames. */
static uint32_t make_jstack(uint8_t *buf, uint32_t frames, uint32_t strsize)
{
	static const char *names[] = { "inner", "outer", "main" };
	struct sonde_jstack h = { .pid = (uint32_t)getpid(), .npcs = 2,
				  .npy = 3, .helper = SONDE_JHELPER_NONE };
	uint64_t pcs[2] = { (uint64_t)(uintptr_t)_PyEval_EvalFrameDefault + 4,
			    (uint64_t)(uintptr_t)native_caller + 4 };
	uint8_t *py = buf + sizeof(h) + sizeof(pcs);
	uint8_t *strs = py + 3 * sizeof(struct sonde_pyframe);
	uint32_t used = 0, i;
	uint16_t file, hdr;

	memset(buf, 0, SONDE_JSTACK_SIZE(frames, strsize));
	/* the file's name once, each function's name */
	hdr = SONDE_JSTR_HDR(7, 0);
	memcpy(strs, &hdr, 2);
	memcpy(strs + 2, "/t/x.py", 7);
	file = 0;
	used = 9;
	for (i = 0; i < 3; i++) {
		struct sonde_pyframe f = { .code = 0x1000 + i, .lasti = 0,
					   .firstlineno = 1, .file = file,
					   .flags = i == 1 ? SONDE_PYF_ENTRY : 0 };

		f.name = (uint16_t)used;
		hdr = SONDE_JSTR_HDR(strlen(names[i]), 0);
		memcpy(strs + used, &hdr, 2);
		memcpy(strs + used + 2, names[i], strlen(names[i]));
		used += 2 + strlen(names[i]);
		memcpy(py + i * sizeof(f), &f, sizeof(f));
	}
	h.strlen = (uint16_t)used;
	memcpy(buf, &h, sizeof(h));
	memcpy(buf + sizeof(h), pcs, sizeof(pcs));
	return (uint32_t)(strs - buf) + used;
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

/* A fake kallsyms, so kernel frames have names. */
static char kpath[] = "/tmp/sonde-test-folded-ksyms-XXXXXX";

static void t_jstack_layouts(void)
{
	struct sonde_dtype jt = { SONDE_DT_JKIND(4), SONDE_JSTACK_SIZE(4, 64) };
	struct sonde_action act = { .kind = SONDE_A_JSTACK };
	struct sonde_program p;
	struct sonde_consumer *c;
	uint8_t buf[SONDE_JSTACK_SIZE(4, 64)];
	char want[2048];
	FILE *f;

	make_jstack(buf, 4, 64);
	prog_init(&p, NULL, 0);
	f = cap_open();
	c = sonde_consumer_new(&p, f, NULL, NULL);
	sonde_consumer_set_format(c, SONDE_OUT_TEXT);
	c->output->act_stack(c, &act, 0, buf, jt);
	fclose(f);
	snprintf(want, sizeof(want),
		 "\n%14stest_folded`_PyEval_EvalFrameDefault+0x4\n"
		 "%16s[ /t/x.py (inner) ]\n%16s[ /t/x.py (outer) ]\n"
		 "%14stest_folded`native_caller+0x4\n"
		 "%16s[ /t/x.py (main) ]\n", "", "", "", "", "");
	check_text("jstack(): an interpreter call's frames under its native frame, the rest at the end",
		   mbuf, want);

	f = cap_open();
	c->out = f;
	sonde_consumer_set_format(c, SONDE_OUT_JSON);
	c->items = 0;
	c->output->act_stack(c, &act, 0, buf, jt);
	fclose(f);
	snprintf(want, sizeof(want),
		 "{\"action\":\"jstack\",\"stack\":{\"pid\":%d,\"frames\":["
		 "{\"frame\":\"test_folded`_PyEval_EvalFrameDefault+0x4\"},"
		 "{\"function\":\"inner\",\"file\":\"/t/x.py\"},"
		 "{\"function\":\"outer\",\"file\":\"/t/x.py\"},"
		 "{\"frame\":\"test_folded`native_caller+0x4\"},"
		 "{\"function\":\"main\",\"file\":\"/t/x.py\"}]}}",
		 (int)getpid());
	check_text("jstack() in JSON: structured frames in the same order",
		   mbuf, want);

	/* a record's stack, folded, printed at the end, merged */
	f = cap_open();
	c->out = f;
	sonde_consumer_set_format(c, SONDE_OUT_FOLDED);
	c->output->act_stack(c, &act, 0, buf, jt);
	c->output->act_stack(c, &act, 0, buf, jt);
	sonde_consumer_finish(c);
	fclose(f);
	check_text("jstack() folded: outermost first, offsets gone, count 2",
		   mbuf, "main (/t/x.py);test_folded`native_caller;"
		   "outer (/t/x.py);inner (/t/x.py);"
		   "test_folded`_PyEval_EvalFrameDefault 2\n");

	sonde_consumer_free(c);

	/* no interpreter frame reached: all Python frames under the first
	 * native frame, before what the stack held; folded leaves out the
	 * address no mapping holds */
	{
		uint64_t pcs[2] = { (uint64_t)(uintptr_t)native_caller + 4,
				    0x10 };
		uint8_t b2[SONDE_JSTACK_SIZE(4, 64)];

		memcpy(b2, buf, sizeof(b2));
		memcpy(b2 + sizeof(struct sonde_jstack), pcs, sizeof(pcs));
		prog_init(&p, NULL, 0);
		f = cap_open();
		c = sonde_consumer_new(&p, f, NULL, NULL);
		c->output->act_stack(c, &act, 0, b2, jt);
		fclose(f);
		snprintf(want, sizeof(want),
			 "\n%14stest_folded`native_caller+0x4\n"
			 "%16s[ /t/x.py (inner) ]\n%16s[ /t/x.py (outer) ]\n"
			 "%16s[ /t/x.py (main) ]\n%14s0x10\n",
			 "", "", "", "", "");
		check_text("no interpreter frame reached: Python frames under the first native frame",
			   mbuf, want);
		f = cap_open();
		c->out = f;
		sonde_consumer_set_format(c, SONDE_OUT_FOLDED);
		c->output->act_stack(c, &act, 0, b2, jt);
		sonde_consumer_finish(c);
		fclose(f);
		check_text("folded: an address no mapping holds left out", mbuf,
			   "main (/t/x.py);outer (/t/x.py);inner (/t/x.py);"
			   "test_folded`native_caller 1\n");
		sonde_consumer_free(c);
	}

	/* a jstack() key through printa()'s %k */
	{
		struct sonde_pagg aggs[1] = {
			{ .name = "_", .desc = { .fn = SONDE_AGG_count,
						 .nkeys = 1 }, .keys = &jt },
		};
		uint32_t aggid = 0;
		int64_t one = 1;

		prog_init(&p, aggs, 1);
		f = cap_open();
		c = sonde_consumer_new(&p, f, NULL, NULL);
		agg_put(c, 0, buf, &one, 1);
		agg_put(c, 0, buf, &one, 1);
		sonde_consumer_printa(c, "%k%@d\n", &aggid, 1);
		fclose(f);
		snprintf(want, sizeof(want),
			 "\n%14stest_folded`_PyEval_EvalFrameDefault+0x4\n"
			 "%16s[ /t/x.py (inner) ]\n%16s[ /t/x.py (outer) ]\n"
			 "%14stest_folded`native_caller+0x4\n"
			 "%16s[ /t/x.py (main) ]\n2\n", "", "", "", "", "");
		check_text("printa(\"%k\") of a jstack() key: the same layout",
			   mbuf, want);
		sonde_consumer_free(c);
		prog_init(&p, NULL, 0);
		c = sonde_consumer_new(&p, stdout, NULL, NULL);
	}

	/* a record whose fields claim more than there is */
	{
		struct sonde_jstack h;

		memcpy(&h, buf, sizeof(h));
		h.strlen = 60000;
		memcpy(buf, &h, sizeof(h));
		f = cap_open();
		c->out = f;
		sonde_consumer_set_format(c, SONDE_OUT_TEXT);
		check(c->output->act_stack(c, &act, 0, buf, jt) == -EBADMSG,
		      "a jstack() record that claims more bytes than it has: EBADMSG");
		fclose(f);
	}
	sonde_consumer_free(c);
}

static void t_folded_aggs(void)
{
	struct sonde_dtype kst = { SONDE_DT_KSTACK, 24 };
	struct sonde_dtype kstr = { SONDE_DT_STR, 16 };
	struct sonde_dtype keys1[2] = { { SONDE_DT_STR, 16 },
					{ SONDE_DT_KSTACK, 24 } };
	struct sonde_pagg aggs[3] = {
		{ .name = "_", .desc = { .fn = SONDE_AGG_count, .nkeys = 2 },
		  .keys = keys1 },
		{ .name = "q", .desc = { .fn = SONDE_AGG_quantize, .nkeys = 1 },
		  .keys = &kst },
		{ .name = "s", .desc = { .fn = SONDE_AGG_sum, .nkeys = 1 },
		  .keys = &kstr },
	};
	uint8_t k[16 + 24];
	uint64_t st[3];
	int64_t one = 1, xs[3] = { 1, 100, 10000 }, v = 5;
	struct sonde_program p;
	struct sonde_consumer *c;
	FILE *f;

	prog_init(&p, aggs, 3);
	f = cap_open();
	c = sonde_consumer_new(&p, f, NULL, NULL);
	c->syms = sonde_syms_new(kpath);
	sonde_consumer_set_format(c, SONDE_OUT_FOLDED);

	/* two PCs in one function: one line, counts added */
	memset(k, 0, sizeof(k));
	strcpy((char *)k, "sh");
	st[0] = 0xffffffff81000010ULL;	/* vfs_read+0x10 */
	st[1] = 0xffffffff81000120ULL;	/* ksys_read+0x20 */
	st[2] = 0;
	memcpy(k + 16, st, 24);
	agg_put(c, 0, k, &one, 1);
	agg_put(c, 0, k, &one, 1);
	st[0] = 0xffffffff81000018ULL;	/* vfs_read+0x18 */
	memcpy(k + 16, st, 24);
	agg_put(c, 0, k, &one, 1);
	strcpy((char *)k, "a;b");	/* ';' in a key: not a separator */
	agg_put(c, 0, k, &one, 1);
	/* a histogram: its values' count */
	agg_put(c, 1, st, xs, 3);
	/* an empty stack: the frame "[unknown]", never a bare count */
	memset(st, 0, sizeof(st));
	agg_put(c, 1, st, xs, 2);
	/* no stack at all: keys alone */
	memset(k, 0, 16);
	strcpy((char *)k, "x");
	agg_put(c, 2, k, &v, 1);
	sonde_consumer_print_aggs(c);
	sonde_consumer_finish(c);
	fclose(f);
	check_text("folded aggregations: keys at the root, offsets gone, merged, sorted",
		   mbuf,
		   "a_b;vmlinux`ksys_read;vmlinux`vfs_read 1\n"
		   "sh;vmlinux`ksys_read;vmlinux`vfs_read 3\n"
		   "[unknown] 2\n"
		   "vmlinux`ksys_read;vmlinux`vfs_read 3\n"
		   "x 5\n");
	sonde_consumer_free(c);
}

/* Does @svg have a <title> that starts with @name and says @n samples? */
static bool has_title(const char *svg, const char *name, long n)
{
	char want[512];

	snprintf(want, sizeof(want), "<title>%s (%ld sample%s, ", name, n,
		 n == 1 ? "" : "s");
	return strstr(svg, want) != NULL;
}

static void t_flamegraph(const char *keep)
{
	struct sonde_fold f = { 0 };
	char path[] = "/tmp/sonde-test-folded-XXXXXX.svg", cmd[512];
	FILE *out;
	int fd, n;
	const char *s;

	sonde_fold_add(&f, "python3.11`_start;main (/t/x.py:9);outer (/t/x.py:5);inner (/t/x.py:2)", 90);
	sonde_fold_add(&f, "python3.11`_start;main (/t/x.py:9);outer (/t/x.py:6)", 10);
	sonde_fold_add(&f, "vmlinux`do_syscall_64;vmlinux`ksys_read", 20);
	sonde_fold_add(&f, "q&a <x> \"y\" 'z';caf\xc3\xa9;bad\xff", 5);
	out = cap_open();
	check(!sonde_flamegraph_svg(out, &f, "Flame Graph"),
	      "a flame graph written");
	fclose(out);
	sonde_fold_free(&f);

	fd = mkstemps(path, 4);
	if (fd < 0 || write(fd, mbuf, mlen) != (ssize_t)mlen) {
		check(0, "write %s", path);
		return;
	}
	close(fd);
	if (keep) {
		out = fopen(keep, "w");
		if (out) {
			fwrite(mbuf, 1, mlen, out);
			fclose(out);
		}
	}
	if (!system("command -v xmllint > /dev/null")) {
		snprintf(cmd, sizeof(cmd), "xmllint --noout %s", path);
		check(system(cmd) == 0, "xmllint: well-formed XML");
	} else {
		unit_skip("xmllint: well-formed XML", "no xmllint");
	}
	unlink(path);
	s = mbuf;
	check(has_title(s, "all", 125) &&
	      has_title(s, "python3.11`_start", 100) &&
	      has_title(s, "main (/t/x.py:9)", 100) &&
	      has_title(s, "outer (/t/x.py:5)", 90) &&
	      has_title(s, "outer (/t/x.py:6)", 10) &&
	      has_title(s, "inner (/t/x.py:2)", 90) &&
	      has_title(s, "vmlinux`do_syscall_64", 20) &&
	      has_title(s, "vmlinux`ksys_read", 20) &&
	      has_title(s, "q&amp;a &lt;x&gt; &quot;y&quot; &apos;z&apos;", 5) &&
	      has_title(s, "caf\xc3\xa9", 5) && has_title(s, "bad?", 5),
	      "every frame named in a title with its samples, escaped");
	check(strstr(s, "<title>python3.11`_start (100 samples, 80.00%)</title>"
		     "<rect x=\"10.0\" y=\"") != NULL,
	      "a frame's share and its box at the left edge");
	/* widths: all = 1180 px, _start 100/125 of it */
	check(strstr(s, "width=\"1180.0\"") && strstr(s, "width=\"944.0\""),
	      "boxes as wide as their samples");
	n = 0;
	for (s = mbuf; (s = strstr(s, "<g class=\"f\"")); s++)
		n++;
	check(n == 11, "one box per distinct frame path (%d)", n);
	check(strstr(mbuf, "function zoom(") && strstr(mbuf, "function search(") &&
	      strstr(mbuf, "onload=\"init(evt)\""),
	      "the zoom and search script is in the file");
}

/*
 * A process that has gone: lines from the file compiled by the same
 * interpreter, a frozen module's from _imp.  The expectations come from
 * python3.11 itself (co_lines()).
 */
static void t_lines_from_source(void)
{
	static const char src[] = "def f():\n    x = 1\n    return x\n";
	static const char prog[] =
		"import sys, _imp\n"
		"f = compile(open(sys.argv[1]).read(), sys.argv[1], 'exec').co_consts[0]\n"
		"o = [b for b, e, l in f.co_lines() if l == 3][0]\n"
		"b = _imp.get_frozen_object('_frozen_importlib')\n"
		"g = [k for k in b.co_consts if getattr(k, 'co_name', '') == '_find_and_load'][0]\n"
		"b2, e2, l2 = [x for x in g.co_lines() if x[2] and x[2] > g.co_firstlineno][0]\n"
		"print(o, g.co_firstlineno, b2, l2)\n";
	char path[] = "/tmp/sonde-test-folded-XXXXXX.py", cmd[4096], want[1024];
	struct sonde_dtype jt = { SONDE_DT_JKIND(4), SONDE_JSTACK_SIZE(4, 256) };
	struct sonde_action act = { .kind = SONDE_A_JSTACK };
	uint8_t buf[SONDE_JSTACK_SIZE(4, 256)], *py, *strs;
	const char *frozen = "<frozen importlib._bootstrap>";
	int off = -1, gfirst = -1, goff = -1, gline = -1, fd;
	struct sonde_jstack h = { .npcs = 0, .npy = 2, .helper = 0 };
	struct sonde_pyframe fr[2];
	struct sonde_program p;
	struct sonde_consumer *c;
	struct sonde_pyrt *rt;
	char err[256];
	uint32_t used = 0;
	uint16_t hdr;
	FILE *f;
	pid_t gone;

	rt = malloc(sizeof(*rt));
	if (!rt || sonde_pyrt_probe("/usr/bin/python3.11", rt, err,
				    sizeof(err))) {
		unit_skip("lines from the source", "no python3.11");
		free(rt);
		return;
	}
	fd = mkstemps(path, 3);
	if (fd < 0 || write(fd, src, sizeof(src) - 1) < 0) {
		check(0, "write %s", path);
		free(rt);
		return;
	}
	close(fd);
	snprintf(cmd, sizeof(cmd), "/usr/bin/python3.11 -c \"%s\" %s", prog,
		 path);
	f = popen(cmd, "r");
	if (!f || fscanf(f, "%d %d %d %d", &off, &gfirst, &goff, &gline) != 4)
		off = -1;
	if (f)
		pclose(f);
	/* a pid that has been and gone */
	gone = fork();
	if (!gone)
		_exit(0);
	waitpid(gone, NULL, 0);

	h.pid = (uint32_t)gone;
	memset(buf, 0, sizeof(buf));
	py = buf + sizeof(h);
	strs = py + 2 * sizeof(struct sonde_pyframe);
	memset(fr, 0, sizeof(fr));
	fr[0] = (struct sonde_pyframe){ .code = 0x1000, .lasti = off,
					.firstlineno = 1 };
	fr[1] = (struct sonde_pyframe){ .code = 0x2000, .lasti = goff,
					.firstlineno = gfirst,
					.flags = SONDE_PYF_ENTRY };
	/* names: "f", the file, "_find_and_load", the frozen module */
#define PUT(str, field)							\
	do {								\
		field = (uint16_t)used;					\
		hdr = SONDE_JSTR_HDR(strlen(str), 0);			\
		memcpy(strs + used, &hdr, 2);				\
		memcpy(strs + used + 2, str, strlen(str));		\
		used += 2 + strlen(str);				\
	} while (0)
	PUT("f", fr[0].name);
	PUT(path, fr[0].file);
	PUT("_find_and_load", fr[1].name);
	PUT(frozen, fr[1].file);
#undef PUT
	h.strlen = (uint16_t)used;
	memcpy(buf, &h, sizeof(h));
	memcpy(py, fr, sizeof(fr));

	prog_init(&p, NULL, 0);
	f = cap_open();
	c = sonde_consumer_new(&p, f, NULL, NULL);
	sonde_jstack_runtime(c, rt);
	c->output->act_stack(c, &act, 0, buf, jt);
	fclose(f);
	snprintf(want, sizeof(want), "\n%16s[ %s:3 (f) ]\n%16s[ %s:%d (_find_and_load) ]\n",
		 "", path, "", frozen, gline);
	check_text("a process gone: lines from its file and a frozen module, compiled by its interpreter",
		   mbuf, off >= 0 ? want : "(python3.11 gave no expectation)");
	sonde_consumer_free(c);

	/* an interpreter that cannot be run: no lines, and no SIGPIPE */
	rt = malloc(sizeof(*rt));
	if (rt && !sonde_pyrt_probe("/usr/bin/python3.11", rt, err,
				    sizeof(err))) {
		snprintf(rt->path, sizeof(rt->path), "/nonexistent/python");
		f = cap_open();
		c = sonde_consumer_new(&p, f, NULL, NULL);
		sonde_jstack_runtime(c, rt);
		c->output->act_stack(c, &act, 0, buf, jt);
		fclose(f);
		snprintf(want, sizeof(want),
			 "\n%16s[ %s (f) ]\n%16s[ %s (_find_and_load) ]\n",
			 "", path, "", frozen);
		check_text("an interpreter that will not run: no lines, no SIGPIPE",
			   mbuf, want);
		sonde_consumer_free(c);
	} else {
		free(rt);
	}
	unlink(path);
}

int main(int argc, char **argv)
{
	int fd = mkstemp(kpath);
	static const char ksyms[] =
		"ffffffff81000000 T vfs_read\n"
		"ffffffff81000100 T ksys_read\n"
		"ffffffff81000200 T do_syscall_64\n";

	if (fd < 0 || write(fd, ksyms, sizeof(ksyms) - 1) < 0)
		return 1;
	close(fd);
	t_jstack_layouts();
	t_folded_aggs();
	t_flamegraph(argc > 1 ? argv[1] : NULL);
	t_lines_from_source();
	unlink(kpath);
	free(mbuf);
	return unit_summary("");
}
