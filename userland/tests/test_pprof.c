// SPDX-License-Identifier: GPL-2.0
/*
 * test_pprof.c - -O pprof without a kernel: stack-keyed aggregations of
 * known rows (kernel stacks through a fake kallsyms, a jstack() with
 * Python frames) as the gzipped profile, read back here (gunzip, a
 * protobuf reader of the few fields checked) and by `go tool pprof`
 * where Go is installed (Debian's golang-go): samples with their values
 * and labels, locations innermost first, functions, mappings, Python
 * frames as functions with their file; a program without a stack key
 * refused with its message.
 *
 *   test_pprof [OUT.pb.gz]    (writes the test's profile there too)
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
#include <zlib.h>

#include "consume_impl.h"
#include "vm.h"
#include "unit.h"

static char *mbuf;
static size_t mlen;

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

static char msgs[512];

static void msg_cb(void *arg, int level, const char *msg)
{
	snprintf(msgs, sizeof(msgs), "%s", msg);
}

/* Functions of our own, so jstack()'s native frames have names. */
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

/* A jstack(): two native PCs, three interpreter frames of /t/x.py
 * (test_folded.c's). */
static void make_jstack(uint8_t *buf, uint32_t frames, uint32_t strsize)
{
	static const char *names[] = { "inner", "outer", "main" };
	struct sonde_jstack h = { .pid = (uint32_t)getpid(), .npcs = 2,
				  .npy = 3, .helper = SONDE_JHELPER_NONE };
	uint64_t pcs[2] = { (uint64_t)(uintptr_t)_PyEval_EvalFrameDefault + 4,
			    (uint64_t)(uintptr_t)native_caller + 4 };
	uint8_t *py = buf + sizeof(h) + sizeof(pcs);
	uint8_t *strs = py + 3 * sizeof(struct sonde_pyframe);
	uint32_t used, i;
	uint16_t hdr;

	memset(buf, 0, SONDE_JSTACK_SIZE(frames, strsize));
	hdr = SONDE_JSTR_HDR(7, 0);
	memcpy(strs, &hdr, 2);
	memcpy(strs + 2, "/t/x.py", 7);
	used = 9;
	for (i = 0; i < 3; i++) {
		struct sonde_pyframe f = { .code = 0x1000 + i, .lasti = 0,
					   .firstlineno = 1, .file = 0,
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
}

/* ---- reading the profile back ------------------------------------------- */

static uint8_t *gunzip(const uint8_t *d, size_t n, size_t *out)
{
	z_stream z = { 0 };
	size_t cap = 1 << 16;
	uint8_t *b = malloc(cap);
	int ret;

	if (!b || inflateInit2(&z, 15 + 16) != Z_OK)
		return NULL;
	z.next_in = (Bytef *)d;
	z.avail_in = (uInt)n;
	do {
		z.next_out = b + z.total_out;
		z.avail_out = (uInt)(cap - z.total_out);
		ret = inflate(&z, Z_NO_FLUSH);
		if (ret == Z_BUF_ERROR || (ret == Z_OK && !z.avail_out)) {
			cap *= 2;
			b = realloc(b, cap);
		}
	} while (ret == Z_OK || ret == Z_BUF_ERROR);
	*out = z.total_out;
	inflateEnd(&z);
	return ret == Z_STREAM_END ? b : NULL;
}

static bool rd_varint(const uint8_t **p, const uint8_t *end, uint64_t *v)
{
	int s = 0;

	*v = 0;
	while (*p < end && s < 64) {
		*v |= (uint64_t)(**p & 0x7f) << s;
		s += 7;
		if (!(*(*p)++ & 0x80))
			return true;
	}
	return false;
}

/* The top-level fields: how many of each, and the string table. */
struct rd {
	uint32_t nfield[16];
	char *strs[64];
	uint32_t nstrs;
	bool bad;
};

static void rd_profile(const uint8_t *p, size_t n, struct rd *r)
{
	const uint8_t *end = p + n;
	uint64_t key, v;

	while (p < end) {
		if (!rd_varint(&p, end, &key)) {
			r->bad = true;
			return;
		}
		if ((key & 7) == 0) {
			rd_varint(&p, end, &v);
		} else if ((key & 7) == 2) {
			if (!rd_varint(&p, end, &v) || v > (uint64_t)(end - p)) {
				r->bad = true;
				return;
			}
			if (key >> 3 == 6 && r->nstrs < 64)
				r->strs[r->nstrs++] = strndup((const char *)p, v);
			p += v;
		} else {
			r->bad = true;
			return;
		}
		if (key >> 3 < 16)
			r->nfield[key >> 3]++;
	}
}

static bool rd_has(const struct rd *r, const char *s)
{
	uint32_t i;

	for (i = 0; i < r->nstrs; i++)
		if (!strcmp(r->strs[i], s))
			return true;
	return false;
}

/* `go tool pprof ARGS FILE`'s output, or NULL when there is no Go. */
static char *go_pprof(const char *args, const char *file)
{
	char cmd[512], *out = NULL;
	size_t n = 0;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "HOME=${HOME:-/tmp} go tool pprof %s %s 2>&1",
		 args, file);
	p = popen(cmd, "r");
	if (!p)
		return NULL;
	out = calloc(1, 65536);
	if (out)
		n = fread(out, 1, 65535, p);
	pclose(p);
	if (out)
		out[n] = '\0';
	return out;
}

static char kpath[] = "/tmp/sonde-test-pprof-ksyms-XXXXXX";

static void t_refused(void)
{
	struct sonde_dtype ks = { SONDE_DT_STR, 16 };
	struct sonde_pagg aggs[1] = {
		{ .name = "c", .desc = { .fn = SONDE_AGG_count, .nkeys = 1 },
		  .keys = &ks },
	};
	struct sonde_program p;
	struct sonde_consumer *c;
	int err;

	prog_init(&p, aggs, 1);
	c = sonde_consumer_new(&p, stdout, msg_cb, NULL);
	err = sonde_consumer_set_format(c, SONDE_OUT_PPROF);
	check(err == -EINVAL && !strcmp(msgs, "-O pprof: no aggregation has a stack(), ustack() or jstack() key: a profile is of stacks"),
	      "pprof refuses a program without a stack key: %s", msgs);
	sonde_consumer_free(c);
}

static void t_profile(const char *save)
{
	struct sonde_dtype k0[2] = { { SONDE_DT_STR, 16 },
				     { SONDE_DT_KSTACK, 24 } };
	struct sonde_dtype k1[2] = { { SONDE_DT_KSTACK, 24 },
				     { SONDE_DT_INT, 4 } };
	struct sonde_dtype kj = { SONDE_DT_JKIND(4), SONDE_JSTACK_SIZE(4, 64) };
	struct sonde_dtype ks = { SONDE_DT_STR, 16 };
	struct sonde_pagg aggs[4] = {
		{ .name = "_", .desc = { .fn = SONDE_AGG_count, .nkeys = 2 },
		  .keys = k0 },
		{ .name = "bytes", .desc = { .fn = SONDE_AGG_sum, .nkeys = 2 },
		  .keys = k1 },
		{ .name = "plain", .desc = { .fn = SONDE_AGG_count, .nkeys = 1 },
		  .keys = &ks },
		{ .name = "py", .desc = { .fn = SONDE_AGG_count, .nkeys = 1 },
		  .keys = &kj },
	};
	char path[] = "/tmp/sonde-test-pprof-XXXXXX", *go;
	uint8_t k[16 + 24], jbuf[SONDE_JSTACK_SIZE(4, 64)], *raw;
	uint64_t st[3];
	int64_t one = 1, b100 = 100, b28 = 28;
	int32_t i32;
	struct sonde_program p;
	struct sonde_consumer *c;
	struct rd r = { 0 };
	size_t rawlen = 0;
	uint32_t i;
	FILE *f;
	int fd;

	prog_init(&p, aggs, 4);
	f = open_memstream(&mbuf, &mlen);
	c = sonde_consumer_new(&p, f, msg_cb, NULL);
	c->syms = sonde_syms_new(kpath);
	check(sonde_consumer_set_format(c, SONDE_OUT_PPROF) == 0,
	      "pprof: a program with stack keys is accepted");

	/* @[execname, stack()]: sh in vfs_read <- ksys_read, 3 times (two
	 * PCs in vfs_read: two locations, one function) */
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
	/* @bytes[stack(), fd] = sum(): 128 in do_syscall_64 <- vfs_read */
	memset(k, 0, sizeof(k));
	st[0] = 0xffffffff81000200ULL;	/* do_syscall_64 */
	st[1] = 0xffffffff81000010ULL;
	st[2] = 0;
	memcpy(k, st, 24);
	i32 = -3;
	memcpy(k + 24, &i32, 4);
	agg_put(c, 1, k, &b100, 1);
	agg_put(c, 1, k, &b28, 1);
	/* no stack key: not in the profile */
	memset(k, 0, 16);
	strcpy((char *)k, "x");
	agg_put(c, 2, k, &one, 1);
	/* @py[jstack()] */
	make_jstack(jbuf, 4, 64);
	agg_put(c, 3, jbuf, &one, 1);
	agg_put(c, 3, jbuf, &one, 1);
	sonde_consumer_print_aggs(c);
	sonde_consumer_finish(c);
	fclose(f);
	sonde_consumer_free(c);

	check(mlen > 18 && mbuf[0] == 0x1f && (uint8_t)mbuf[1] == 0x8b,
	      "pprof: a gzip stream (%zu bytes)", mlen);
	raw = gunzip((const uint8_t *)mbuf, mlen, &rawlen);
	check(raw != NULL, "pprof: it inflates (%zu bytes)", rawlen);
	if (raw)
		rd_profile(raw, rawlen, &r);
	free(raw);
	/* 4 samples: _ (2 stacks), bytes (1), py (1); 3 sample types */
	check(!r.bad && r.nfield[1] == 3 && r.nfield[2] == 4,
	      "pprof: 3 sample types, 4 samples (%u, %u)", r.nfield[1],
	      r.nfield[2]);
	/* locations: 3 kernel PCs of the stacks + do_syscall_64, 2 jstack
	 * natives, 3 Python frames; functions: 3 kernel, 2 native, 3 Python */
	check(r.nfield[4] == 9 && r.nfield[5] == 8,
	      "pprof: 9 locations, 8 functions (%u, %u)", r.nfield[4],
	      r.nfield[5]);
	check(r.nfield[3] == 2 && rd_has(&r, "vmlinux") &&
	      rd_has(&r, "test_pprof"),
	      "pprof: mappings vmlinux and the test's own (%u)", r.nfield[3]);
	check(r.nstrs > 0 && r.strs[0][0] == '\0' && rd_has(&r, "vfs_read") &&
	      rd_has(&r, "inner") && rd_has(&r, "/t/x.py") &&
	      rd_has(&r, "key0") && rd_has(&r, "sh") && !rd_has(&r, "plain") &&
	      !rd_has(&r, "vfs_read+0x10"),
	      "pprof: the string table: \"\" first, symbols without offsets, Python names and files, labels");
	for (i = 0; i < r.nstrs; i++)
		free(r.strs[i]);

	fd = mkstemp(path);
	if (fd < 0 || write(fd, mbuf, mlen) != (ssize_t)mlen) {
		check(false, "pprof: temporary file: %s", strerror(errno));
		return;
	}
	close(fd);
	if (save) {
		f = fopen(save, "w");
		if (f) {
			fwrite(mbuf, 1, mlen, f);
			fclose(f);
		}
	}
	if (system("command -v go >/dev/null 2>&1")) {
		unit_skip("go tool pprof reads the profile",
			  "go is not installed (Debian: apt-get install golang-go)");
		unlink(path);
		return;
	}
	go = go_pprof("-raw", path);
	if (!check(go && strstr(go, "Samples:\nagg/count[dflt] bytes/ py/count\n"
				    "          1          0          0: 1 2 \n"
				    "                key0:[sh]\n"
				    "          2          0          0: 3 2 \n"
				    "                key0:[sh]\n"
				    "          0        128          0: 4 3 \n"
				    "                key1:[-3]\n"
				    "          0          0          2: 5 6 7 8 9 \n"),
		   "go tool pprof -raw: the sample types in order, @[] the default; each sample's values, locations and labels"))
		printf("# %s\n", go ? go : "");
	free(go);
	go = go_pprof("-traces -sample_index=agg", path);
	if (!check(go && strstr(go,
			      "-----------+-------------------------------------------------------\n"
			      "      key0:  sh\n"
			      "         1   vfs_read\n"
			      "             ksys_read\n"
			      "-----------+-------------------------------------------------------\n"
			      "      key0:  sh\n"
			      "         2   vfs_read\n"
			      "             ksys_read\n"),
		   "go tool pprof -traces: @[execname, stack()]'s rows, innermost first, the execname a label"))
		printf("# %s\n", go ? go : "");
	free(go);
	go = go_pprof("-traces -sample_index=bytes", path);
	if (!check(go && strstr(go, "      key1:  -3\n"
				    "       128   do_syscall_64\n"
				    "             vfs_read\n"),
		   "go tool pprof -traces: sum()'s value, an integer key a numeric label"))
		printf("# %s\n", go ? go : "");
	free(go);
	go = go_pprof("-traces -sample_index=py", path);
	if (!check(go && strstr(go, "         2   _PyEval_EvalFrameDefault\n"
				    "             inner\n"
				    "             outer\n"
				    "             native_caller\n"
				    "             main\n"),
		   "go tool pprof -traces: jstack()'s Python frames between the native ones"))
		printf("# %s\n", go ? go : "");
	free(go);
	go = go_pprof("-top -sample_index=bytes -nodecount=3", path);
	if (!check(go && strstr(go, "       128   100%   100%        128   100%  do_syscall_64\n"
				    "         0     0%   100%        128   100%  vfs_read\n"),
		   "go tool pprof -top: the sum on its leaf function"))
		printf("# %s\n", go ? go : "");
	free(go);
	go = go_pprof("-raw", path);
	if (!check(go && strstr(go, "     5: 0x0 M=2 _PyEval_EvalFrameDefault :0 s=0\n"
				    "     6: 0x0 inner /t/x.py:0 s=0\n"
				    "     7: 0x0 outer /t/x.py:0 s=0\n"
				    "     8: 0x0 M=2 native_caller :0 s=0\n"
				    "     9: 0x0 main /t/x.py:0 s=0\n") &&
		   strstr(go, "     1: 0xffffffff81000018 M=1 vfs_read :0 s=0\n") &&
		   strstr(go, "Mappings\n1: 0x0/0x0/0x0 vmlinux  [FN]\n"
			      "2: 0x0/0x0/0x0 test_pprof  [FN]\n"),
		   "go tool pprof -raw: kernel locations at their addresses in vmlinux, Python functions with their file"))
		printf("# %s\n", go ? go : "");
	free(go);
	unlink(path);
}

int main(int argc, char **argv)
{
	static const char ksyms[] =
		"ffffffff81000000 T vfs_read\n"
		"ffffffff81000100 T ksys_read\n"
		"ffffffff81000200 T do_syscall_64\n";
	int fd = mkstemp(kpath);

	if (fd < 0 || write(fd, ksyms, sizeof(ksyms) - 1) < 0)
		return 1;
	close(fd);
	t_refused();
	t_profile(argc > 1 ? argv[1] : NULL);
	unlink(kpath);
	free(mbuf);
	unit_plan();
	return unit_summary("") ? 1 : 0;
}
