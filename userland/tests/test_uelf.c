// SPDX-License-Identifier: GPL-2.0
/*
 * test_uelf.c - the ELF side of user probes on the host (uelf.c; sdt_hdr.c
 * with the compiler's dc_sdt.c):
 * SDT argument specs good and bad, the notes of the selftests' SDT
 * programs, of this program itself and of Debian's python3.11, symbol
 * operands resolved against this process's own addresses, function
 * symbols (this program's and libc's malloc, checked against where they
 * are mapped), a process's objects, a program's libraries, and `sonde -h`
 * headers good and bad.
 *
 *   test_uelf UPROBE-PROG HDR-PROG STRIPPED [PYTHON]
 *
 * UPROBE-PROG is build/selftests/uprobe-prog (selftests/sonde/
 * uprobe-prog.c); HDR-PROG build/selftests/usdt-hdr-prog, built with the
 * header `sonde -h` made from selftests/sonde/pony.d; STRIPPED a copy of
 * this program without its .symtab; PYTHON (/usr/bin/python3.11) is
 * skipped if absent.  Prints "ok N - what" / "not ok N - what" and a
 * summary; exit 1 on any failure.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Every argument in memory: globals become "sym(%rip)" operands. */
#define STAP_SDT_ARG_CONSTRAINT m
#include <sys/sdt.h>

#include "dc.h"
#include "usdt.h"
#include "unit.h"

struct spec_case {
	const char *spec;
	int ok;
	struct sonde_uarg want;
};

#define R(r) SONDE_UREG_##r
#define NONE SONDE_UREG_NONE
static const struct spec_case spec_cases[] = {
	{ "8@%rbp", 1, { SONDE_UARG_REG, 8, R(rbp), 0, 0, {0}, 0 } },
	{ "-4@%eax", 1, { SONDE_UARG_REG, -4, R(rax), 0, 0, {0}, 0 } },
	{ "1@%r8b", 1, { SONDE_UARG_REG, 1, R(r8), 0, 0, {0}, 0 } },
	{ "-2@%r12w", 1, { SONDE_UARG_REG, -2, R(r12), 0, 0, {0}, 0 } },
	{ "8@%sil", 1, { SONDE_UARG_REG, 8, R(rsi), 0, 0, {0}, 0 } },
	{ "%rdi", 1, { SONDE_UARG_REG, 8, R(rdi), 0, 0, {0}, 0 } },
	{ "-4@112(%rsp)", 1, { SONDE_UARG_MEM, -4, R(rsp), NONE, 0, {0}, 112 } },
	{ "8@-16(%rbp,%rax,8)", 1,
	  { SONDE_UARG_MEM, 8, R(rbp), R(rax), 8, {0}, -16 } },
	{ "4@(%rbx)", 1, { SONDE_UARG_MEM, 4, R(rbx), NONE, 0, {0}, 0 } },
	{ "8@(,%rcx,4)", 1, { SONDE_UARG_MEM, 8, NONE, R(rcx), 4, {0}, 0 } },
	{ "8@0x10(%r15,%r14)", 1,
	  { SONDE_UARG_MEM, 8, R(r15), R(r14), 1, {0}, 16 } },
	{ "4@$42", 1, { SONDE_UARG_CONST, 4, 0, 0, 0, {0}, 42 } },
	{ "-8@$-1234567890123", 1,
	  { SONDE_UARG_CONST, -8, 0, 0, 0, {0}, -1234567890123LL } },
	{ "1@$0xff", 1, { SONDE_UARG_CONST, 1, 0, 0, 0, {0}, 255 } },
	{ "-1@%al", 1, { SONDE_UARG_REG, -1, R(rax), 0, 0, {0}, 0 } },
	{ "2@%ax", 1, { SONDE_UARG_REG, 2, R(rax), 0, 0, {0}, 0 } },
	{ "-4@%r8d", 1, { SONDE_UARG_REG, -4, R(r8), 0, 0, {0}, 0 } },
	{ "1@%dil", 1, { SONDE_UARG_REG, 1, R(rdi), 0, 0, {0}, 0 } },
	{ "-2@%bp", 1, { SONDE_UARG_REG, -2, R(rbp), 0, 0, {0}, 0 } },
	{ "8@-0x18(%rbp)", 1, { SONDE_UARG_MEM, 8, R(rbp), NONE, 0, {0}, -24 } },
	{ "-16(%rbp)", 1, { SONDE_UARG_MEM, 8, R(rbp), NONE, 0, {0}, -16 } },
	{ "-1@-96(%rbp,%rax,1)", 1,
	  { SONDE_UARG_MEM, -1, R(rbp), R(rax), 1, {0}, -96 } },
	{ "8@0x601040", 1, { SONDE_UARG_MEM, 8, NONE, NONE, 0, {0}, 0x601040 } },
	{ "-4@$-5", 1, { SONDE_UARG_CONST, -4, 0, 0, 0, {0}, -5 } },
	{ "-8@$-0x10", 1, { SONDE_UARG_CONST, -8, 0, 0, 0, {0}, -16 } },
	{ "8@$0xffffffffffffffff", 1, { SONDE_UARG_CONST, 8, 0, 0, 0, {0}, -1 } },
	{ "-8@$9223372036854775807", 1,
	  { SONDE_UARG_CONST, -8, 0, 0, 0, {0}, 9223372036854775807LL } },
	{ "8f@%rax", 1, { SONDE_UARG_REG, 8, R(rax), 0, 0, {0}, 0 } },
	{ "-4f@-4(%rbp)", 1, { SONDE_UARG_MEM, 4, R(rbp), NONE, 0, {0}, -4 } },
	{ "3@%rax", 0, { 0 } },			/* no 3-byte operand */
	{ "16@%rax", 0, { 0 } },
	{ "0@%rax", 0, { 0 } },
	{ "2f@%rax", 0, { 0 } },		/* no 2-byte float */
	{ "8f@%xmm0", 0, { 0 } },		/* vector registers */
	{ "8@%ah", 0, { 0 } },			/* high-byte registers */
	{ "8@%bh", 0, { 0 } },
	{ "8@%ch", 0, { 0 } },
	{ "-1@%dh", 0, { 0 } },
	{ "8@%xmm0", 0, { 0 } },
	{ "8@%fs:0x28", 0, { 0 } },		/* segment override */
	{ "8@%rip", 0, { 0 } },
	{ "8@sym(%rip)", 0, { 0 } },		/* needs the symbol table */
	{ "-4@8+gs(%rip)", 0, { 0 } },
	{ "8@8(%rip)", 0, { 0 } },		/* relative to what? */
	{ "8@(%rax,%rip)", 0, { 0 } },
	{ "8@(%rax,%rbx,3)", 0, { 0 } },	/* scale 3 */
	{ "8@(%rax,%rbx,16)", 0, { 0 } },
	{ "8@(%rax", 0, { 0 } },
	{ "8@%rax)", 0, { 0 } },
	{ "8@(%rax)x", 0, { 0 } },
	{ "8@()", 0, { 0 } },
	{ "8@", 0, { 0 } },
	{ "@%rax", 0, { 0 } },
	{ "8@$", 0, { 0 } },
	{ "8@$12x", 0, { 0 } },
	{ "8@$18446744073709551616", 0, { 0 } },	/* 2^64 */
	{ "8@$-9223372036854775809", 0, { 0 } },
	{ "8@%rax %rbx", 0, { 0 } },
	{ "", 0, { 0 } },
};

static void test_specs(void)
{
	size_t i;

	for (i = 0; i < sizeof(spec_cases) / sizeof(spec_cases[0]); i++) {
		const struct spec_case *c = &spec_cases[i];
		struct sonde_uarg a;
		int r = sonde_uarg_parse(c->spec, &a);

		if (!c->ok) {
			check(r == -EINVAL, "spec '%s' is refused", c->spec);
			continue;
		}
		check(r == 0 && a.kind == c->want.kind &&
		      a.size == c->want.size && a.base == c->want.base &&
		      a.index == c->want.index && a.scale == c->want.scale &&
		      a.disp == c->want.disp,
		      "spec '%s' (got %d: kind %u size %d base %u index %u scale %u disp %lld)",
		      c->spec, r, a.kind, a.size, a.base, a.index, a.scale,
		      (long long)a.disp);
	}
}

static const struct sonde_usite *find_site(const struct sonde_usite *s,
					   size_t n, const char *prov,
					   const char *name)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!strcmp(s[i].provider, prov) && !strcmp(s[i].name, name))
			return &s[i];
	}
	return NULL;
}

static int byte_at(const char *path, uint64_t off)
{
	unsigned char b;
	int fd = open(path, O_RDONLY);
	ssize_t n = fd < 0 ? -1 : pread(fd, &b, 1, (off_t)off);

	if (fd >= 0)
		close(fd);
	return n == 1 ? b : -1;
}

static void test_prog(const char *prog)
{
	static const signed char sizes[] = { -1, 1, -2, -4, -8, 8 };
	const struct sonde_usite *a, *c;
	struct sonde_usite *s;
	struct sonde_ufunc *f;
	char err[256], **v;
	size_t n, nf, nv, i;
	int r, found;

	r = sonde_usdt_read(prog, &s, &n, err, sizeof(err));
	check(r == 0 && n == 7, "%s: 7 SDT sites (got %d, %zu: %s)", prog, r,
	      n, r ? err : "");
	if (r)
		return;
	a = find_site(s, n, "sonde_test", "args");
	check(a && a->nargs == 6 && !strcmp(a->function, "main") &&
	      a->refctr == 0, "args: 6 arguments, in main, no semaphore");
	for (i = 0; a && i < 6; i++)
		check(a->args[i].size == sizes[i], "args: arg%zu size %d",
		      i, sizes[i]);
	check(a && a->args[0].kind == SONDE_UARG_CONST &&
	      a->args[0].disp == -5, "args: arg0 is the constant -5");
	c = find_site(s, n, "sonde_test", "chain");
	check(c && !strcmp(c->function, "level3"), "chain: in level3");
	/* -4@g_count(%rip) -8@8+g_hist(%rip): resolved, %rip-relative */
	c = find_site(s, n, "sonde_test", "globals");
	check(c && c->nargs == 2 && c->args[0].kind == SONDE_UARG_MEM &&
	      c->args[0].base == SONDE_UREG_rip && c->args[0].size == -4 &&
	      c->args[1].kind == SONDE_UARG_MEM &&
	      c->args[1].base == SONDE_UREG_rip && c->args[1].size == -8,
	      "globals: two %%rip-relative memory arguments");
	for (i = 0; i < n; i++)
		check(byte_at(prog, s[i].offset) == 0x90,
		      "%s:%s: a nop at file offset %#llx", s[i].provider,
		      s[i].name, (unsigned long long)s[i].offset);
	free(s);

	r = sonde_elf_funcs(prog, &f, &nf, err, sizeof(err));
	found = 0;
	for (i = 0; !r && i < nf; i++) {
		if (!strcmp(f[i].name, "main") || !strcmp(f[i].name, "level1"))
			found += f[i].size > 0;
		if (i && strcmp(f[i - 1].name, f[i].name) > 0)
			found = -100;	/* not sorted by name */
	}
	check(r == 0 && found == 2, "%s: main and level1, sorted by name",
	      prog);
	/* level3's first instruction at its file offset: push %rbp */
	for (i = 0; !r && i < nf; i++) {
		if (!strcmp(f[i].name, "level3"))
			check(byte_at(prog, f[i].offset) == 0x55,
			      "level3 starts with push %%rbp at %#llx",
			      (unsigned long long)f[i].offset);
	}
	if (!r)
		sonde_ufuncs_free(f, nf);

	r = sonde_elf_needed(prog, &v, &nv);
	found = 0;
	for (i = 0; !r && i < nv; i++) {
		found |= strstr(v[i], "/libc.so.6") ? 1 : 0;
		found |= strstr(v[i], "/ld-linux-x86-64.so.2") ? 2 : 0;
	}
	check(r == 0 && found == 3, "%s needs libc.so.6 and ld-linux", prog);
	if (!r)
		sonde_strv_free(v, nv);
}

static void test_python(const char *py)
{
	static const char *const names[] = {
		"function__entry", "function__return", "line", "gc__start",
		"gc__done", "import__find__load__start",
		"import__find__load__done", "audit",
	};
	struct sonde_usite *s;
	char err[256];
	size_t n, i;
	int r;

	if (access(py, R_OK)) {
		unit_skip(py, "not installed");
		return;
	}
	r = sonde_usdt_read(py, &s, &n, err, sizeof(err));
	check(r == 0, "%s: notes read (%s)", py, r ? err : "");
	for (i = 0; !r && i < sizeof(names) / sizeof(names[0]); i++) {
		const struct sonde_usite *u = find_site(s, n, "python",
							names[i]);

		check(u && u->refctr && !(u->refctr & 1) &&
		      byte_at(py, u->offset) == 0x90,
		      "python:%s with a semaphore, at a nop", names[i]);
	}
	if (!r)
		free(s);
}

static void test_self(void)
{
	char exe[4096], **v;
	size_t n, i;
	ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	int r, libc = 0;

	exe[len > 0 ? len : 0] = '\0';
	r = sonde_proc_objects(getpid(), &v, &n);
	for (i = 0; !r && i < n; i++)
		libc |= strstr(v[i], "/libc.so.6") != NULL;
	check(r == 0 && n > 0 && !strcmp(v[0], exe),
	      "own objects: the program first");
	check(r == 0 && libc, "own objects: libc.so.6");
	if (!r)
		sonde_strv_free(v, n);
	r = sonde_proc_objects(0x3fffffff, &v, &n);
	check(r == -ENOENT, "no such process: -ENOENT (got %d)", r);
}

/* sonde -h's work: the definitions of @src, the header of what was read. */
static int sdt_header(FILE *out, const char *src, const char *srcname,
		      char *err, size_t errlen)
{
	struct sonde_sdt_defs d = { 0 };
	int r = dc_sdt_parse(src, srcname, &d, err, errlen);
	int w = sonde_sdt_header(out, &d, srcname, r != 0);

	sonde_sdt_defs_free(&d);
	return r ? r : w;
}

static void test_header(void)
{
	static const struct {
		const char *src, *err;
	} bad[] = {
		{ "provider p { probe a(int) };", "t.d:1:27: error: expected ';'" },
		{ "provider p { prob a(int); };", "t.d:1:14: error: expected 'probe' or '}'" },
		{ "provider p2 { probe a(); };", "t.d:1:12: error: provider name 'p2' ends in a digit" },
		{ "\n\nprovider p { probe a(int,); };", "t.d:3:26: error: missing argument type" },
		{ "/* nothing */", "t.d:1:14: error: no provider definitions" },
		{ "provider p { probe a(int, int, int, int, int, int, int, int, int, int, int, int, int); };",
		  "t.d:1:20: error: probe a has 13 arguments" },
		{ "provider p { probe a(int /* unterminated ); };", "t.d:1:26: error: unterminated comment" },
		{ "provider p {\n probe a(int);\n probe b();\n probe a(long);\n};",
		  "t.d:4:8: error: probe a of provider p is already declared" },
		{ "provider p { probe a(int) : (int; };", "t.d:1:37: error: unterminated argument list" },
		{ "provider p { probe a0123456789012345678901234567890123456789012345678901234567890123(); };",
		  "t.d:1:20: error: 'a0123456789012345678901234567890123456789012345678901234567890123' is too long (at most 63 characters)" },
		{ "provider p { probe a(); }", "t.d:1:26: error: expected ';' at end of file" },
		{ "probe a();", "t.d:1:1: error: expected 'provider'" },
		{ "provider { probe a(); };", "t.d:1:10: error: expected a provider name" },
		/* what D's lexer rejects is what -h expected there */
		{ "provider 9p { probe a(); };", "t.d:1:10: error: expected a provider name" },
		{ "provider p $ { };", "t.d:1:12: error: expected '{' before '$'" },
		{ "provider p { probe a`b(); };", "t.d:1:21: error: expected '(' before '`'" },
		/* a # line only at a line's start */
		{ "/* c */ #define x\nprovider p { };", "t.d:1:9: error: expected 'provider'" },
	};
	const char *good = "/* c */ provider pony {\n"
			   "\tprobe gc__start(uintptr_t);\n"
			   "\tprobe named(char *name, int (*fn)(int, int));\n"
			   "\tprobe none(void);\n"
			   "\tprobe xl(int /* in */, const  char *) : (int, string);\n"
			   "};\n"
			   "  #pragma D attributes Evolving/Evolving/ISA provider pony provider\n"
			   "// the second provider\nprovider other { probe x(); };\n"
			   "#define T int\nprovider odd { probe q(T \"x, 'y); };\n";
	char err[256], *out = NULL;
	size_t len = 0, i;
	FILE *f;
	int r;

	f = open_memstream(&out, &len);
	r = sdt_header(f, good, "pony.d", err, sizeof(err));
	fclose(f);
	check(r == 0 && strstr(out, "#define\tPONY_GC_START(arg0) \\\n\tSTAP_PROBE1(pony, gc__start, (arg0))") &&
	      strstr(out, "#define\tPONY_NAMED(arg0, arg1) \\\n\tSTAP_PROBE2(pony, named, (arg0), (arg1))") &&
	      strstr(out, "#define\tPONY_NONE() \\\n\tSTAP_PROBE(pony, none)") &&
	      strstr(out, "PONY_GC_START_ENABLED() \\\n\t__builtin_expect(pony_gc__start_semaphore != 0, 0)") &&
	      strstr(out, "volatile unsigned short pony_gc__start_semaphore;") &&
	      strstr(out, "#define _SDT_HAS_SEMAPHORES 1") &&
	      strstr(out, "/* pony*:::gc-start(uintptr_t) */") &&
	      strstr(out, "/* pony*:::xl(int, const char *) */\n#define\tPONY_XL(arg0, arg1) \\\n") &&
	      strstr(out, "/* pony*:::named(char *name, int (*fn)(int, int)) */") &&
	      strstr(out, "#define\tOTHER_X() \\\n\tSTAP_PROBE(other, x)") &&
	      strstr(out, "/* odd*:::q(T \"x, 'y) */") &&
	      strstr(out, "#if defined(_SYS_SDT_H) && !defined(_SDT_HAS_SEMAPHORES)\n#error"),
	      "header for a Pony-like provider (%s)", r ? err : "");
	free(out);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		out = NULL;
		f = open_memstream(&out, &len);
		err[0] = '\0';
		r = sdt_header(f, bad[i].src, "t.d", err, sizeof(err));
		fclose(f);
		free(out);
		check(r == -EINVAL && !strncmp(err, bad[i].err,
					       strlen(bad[i].err)),
		      "bad provider %zu: '%s' (got '%s')", i, bad[i].err, err);
	}
}

/* ---- this process: symbol operands and functions where they are mapped */

int main(int argc, char **argv);

/* Written in main, so they are real variables the probe reads. */
static int g_int = 0x5eed;
static long g_arr[4] = { 1, 2, 3, 4 };
static struct { int a; long b; } g_rec = { 5, 6 };

__attribute__((noinline)) static void fire_globals(void)
{
	STAP_PROBE3(test_uelf, globals, g_int, g_arr[2], g_rec.b);
}

/* The address file offset @off of @path is mapped at in this process. */
static uint64_t mapped_at(const char *path, uint64_t off)
{
	char real[PATH_MAX], line[PATH_MAX + 128], file[PATH_MAX];
	unsigned long long start, end, moff;
	uint64_t addr = 0;
	FILE *f;

	if (!realpath(path, real) || !(f = fopen("/proc/self/maps", "r")))
		return 0;
	while (!addr && fgets(line, sizeof(line), f)) {
		file[0] = '\0';
		if (sscanf(line, "%llx-%llx %*s %llx %*s %*s %4095s", &start,
			   &end, &moff, file) == 4 && !strcmp(file, real) &&
		    off >= moff && off < moff + (end - start))
			addr = start + (off - moff);
	}
	fclose(f);
	return addr;
}

static const struct sonde_ufunc *find_func(const struct sonde_ufunc *f,
					   size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!strcmp(f[i].name, name))
			return &f[i];
	}
	return NULL;
}

struct skipped {
	int n;
	char why[256];
};

static void on_skip(void *arg, const char *path,
		    const struct sonde_usite *site, const char *why)
{
	struct skipped *sk = arg;

	if (!strcmp(site->name, "globals")) {
		sk->n++;
		snprintf(sk->why, sizeof(sk->why), "%s", why);
	}
}

static void test_self_globals(const char *stripped)
{
	static const int8_t want_sz[] = { -4, -8, -8 };
	const uintptr_t want[] = { (uintptr_t)&g_int, (uintptr_t)&g_arr[2],
				   (uintptr_t)&g_rec.b };
	const struct sonde_usite *u;
	struct skipped sk = { 0 };
	struct sonde_usite *s;
	uint64_t pc;
	char err[256];
	size_t n, i;
	int r;

	r = sonde_usdt_read("/proc/self/exe", &s, &n, err, sizeof(err));
	u = r ? NULL : find_site(s, n, "test_uelf", "globals");
	check(u && u->nargs == 3 && !strcmp(u->function, "fire_globals"),
	      "own notes: test_uelf:globals in fire_globals (%s)",
	      r ? err : "");
	pc = u ? mapped_at("/proc/self/exe", u->offset) : 0;
	check(pc >= (uintptr_t)fire_globals && pc < (uintptr_t)fire_globals + 256,
	      "globals: its nop is mapped inside fire_globals");
	for (i = 0; u && i < 3; i++) {
		const struct sonde_uarg *a = &u->args[i];

		/* what the module computes: %rip (the nop) + disp */
		check(a->kind == SONDE_UARG_MEM && a->base == SONDE_UREG_rip &&
		      a->index == SONDE_UREG_NONE &&
		      a->size == want_sz[i] &&
		      pc + (uint64_t)a->disp == want[i],
		      "globals: arg%zu is %%rip%+lld, the variable's address",
		      i, (long long)a->disp);
	}
	if (!r)
		free(s);

	r = sonde_usdt_read_report(stripped, &s, &n, on_skip, &sk, err,
				   sizeof(err));
	check(r == 0 && !find_site(s, n, "test_uelf", "globals") &&
	      sk.n == 1 && strstr(sk.why, "argument 0 '-4@g_int(%rip)': "
				  "symbol g_int is not in the file's symbol tables"),
	      "stripped copy: globals left out, reported ('%s')", sk.why);
	if (!r)
		free(s);
}

static void test_self_funcs(void)
{
	const struct sonde_ufunc *m, *g, *f;
	struct sonde_ufunc *fs;
	char err[256], **v;
	const char *libc = NULL;
	void *h, *mal;
	size_t n, nv, i;
	int r;

	r = sonde_elf_funcs("/proc/self/exe", &fs, &n, err, sizeof(err));
	m = r ? NULL : find_func(fs, n, "main");
	g = r ? NULL : find_func(fs, n, "fire_globals");
	check(m && mapped_at("/proc/self/exe", m->offset) == (uintptr_t)main,
	      "own functions: main at its file offset (%s)", r ? err : "");
	check(g && g->size &&
	      mapped_at("/proc/self/exe", g->offset) == (uintptr_t)fire_globals,
	      "own functions: fire_globals at its file offset");
	if (!r)
		sonde_ufuncs_free(fs, n);

	r = sonde_proc_objects(getpid(), &v, &nv);
	for (i = 0; !r && i < nv && !libc; i++) {
		if (strstr(v[i], "/libc.so.6"))
			libc = v[i];
	}
	h = dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD);
	mal = h ? dlsym(h, "malloc") : NULL;
	r = libc ? sonde_elf_funcs(libc, &fs, &n, err, sizeof(err)) : -1;
	f = r ? NULL : find_func(fs, n, "malloc");
	check(f && f->size && mal && mapped_at(libc, f->offset) == (uintptr_t)mal,
	      "libc.so.6: malloc at its file offset");
	/* aliases at one address: the public name (write, not __write) */
	mal = h ? dlsym(h, "write") : NULL;
	f = r ? NULL : find_func(fs, n, "write");
	check(f && mal && mapped_at(libc, f->offset) == (uintptr_t)mal &&
	      !find_func(fs, n, "__write"),
	      "libc.so.6: write, the public name of __write's address");
	if (!r)
		sonde_ufuncs_free(fs, n);
	if (h)
		dlclose(h);
	if (libc)
		sonde_strv_free(v, nv);
}

/* ---- a program built with a `sonde -h` header -------------------------- */

static int u16_at(const char *path, uint64_t off)
{
	int lo = byte_at(path, off), hi = byte_at(path, off + 1);

	return lo < 0 || hi < 0 ? -1 : lo | hi << 8;
}

static void test_hdr_prog(const char *prog)
{
	static const struct {
		const char *name;
		uint32_t nargs;
	} want[] = { { "gc__start", 1 }, { "actor__msg__send", 4 },
		     { "rt__init", 0 } };
	const struct sonde_usite *u, *gc = NULL;
	struct sonde_usite *s;
	char cmd[PATH_MAX + 8], out[256] = "", err[256];
	size_t n, i, len = 0;
	FILE *p;
	int r;

	r = sonde_usdt_read(prog, &s, &n, err, sizeof(err));
	check(r == 0 && n == 3, "%s: 3 pony sites (%s)", prog, r ? err : "");
	for (i = 0; !r && i < 3; i++) {
		u = find_site(s, n, "pony", want[i].name);
		check(u && u->nargs == want[i].nargs && u->refctr &&
		      !(u->refctr & 1) && u16_at(prog, u->refctr) == 0 &&
		      byte_at(prog, u->offset) == 0x90 &&
		      !strcmp(u->function, "main"),
		      "pony:%s: %u args, in main, at a nop, its semaphore 0 in the file",
		      want[i].name, want[i].nargs);
		if (i == 0)
			gc = u;
		else if (u && gc)
			check(u->refctr != gc->refctr,
			      "pony:%s: a semaphore of its own", want[i].name);
	}
	/* PONY_ACTOR_MSG_SEND(i, (uint32_t)7, -1L, ...) */
	u = r ? NULL : find_site(s, n, "pony", "actor__msg__send");
	check(u && u->args[1].kind == SONDE_UARG_CONST && u->args[1].size == 4 &&
	      u->args[1].disp == 7 && u->args[2].kind == SONDE_UARG_CONST &&
	      u->args[2].size == -8 && u->args[2].disp == -1,
	      "pony:actor__msg__send: constants 7 (4 bytes) and -1 (8, signed)");
	if (!r)
		free(s);

	snprintf(cmd, sizeof(cmd), "%s 3", prog);
	p = popen(cmd, "r");
	if (p) {
		len = fread(out, 1, sizeof(out) - 1, p);
		out[len] = '\0';
		r = pclose(p);
	}
	check(p && r == 0 &&
	      !strcmp(out, "enabled-at-start 0\nfired 0\nenabled-at-end 0\n"),
	      "untraced, its _ENABLED() tests are false ('%s')", out);
}

/* ---- error paths ------------------------------------------------------- */

static void test_errors(const char *prog)
{
	char err[256] = "", dir[PATH_MAX], **v, text[] = "/tmp/test_uelf.XXXXXX";
	struct sonde_usite *s;
	struct sonde_ufunc *f;
	size_t n;
	int r, fd, found = 0;
	bool wrote;

	r = sonde_usdt_read("/nonexistent/x", &s, &n, err, sizeof(err));
	check(r == -ENOENT && !strcmp(err, "/nonexistent/x: No such file or directory"),
	      "missing file: -ENOENT, '%s'", err);
	fd = mkstemp(text);
	wrote = fd >= 0 && write(fd, "#!/bin/sh\nexit 0\n", 17) == 17;
	err[0] = '\0';
	r = sonde_elf_funcs(text, &f, &n, err, sizeof(err));
	check(wrote && r == -ENOEXEC && strstr(err, "not an x86-64 ELF file"),
	      "a script: -ENOEXEC, '%s'", err);
	r = sonde_elf_needed(text, &v, &n);
	check(r == -ENOEXEC, "a script needs no libraries: -ENOEXEC (%d)", r);
	if (fd >= 0) {
		close(fd);
		unlink(text);
	}
	r = sonde_elf_needed("/nonexistent/x", &v, &n);
	check(r == -ENOENT, "missing program: -ENOENT (%d)", r);

	/* a bare name, from its own directory (once a NULL dereference) */
	snprintf(dir, sizeof(dir), "%s", prog);
	if (strrchr(dir, '/'))
		*strrchr(dir, '/') = '\0';
	if (getcwd(err, sizeof(err)) && !chdir(dir)) {
		r = sonde_elf_needed(strrchr(prog, '/') ? strrchr(prog, '/') + 1 :
				     prog, &v, &n);
		for (size_t i = 0; !r && i < n; i++)
			found |= strstr(v[i], "/libc.so.6") != NULL;
		check(r == 0 && found, "a relative program name: libc.so.6");
		if (!r)
			sonde_strv_free(v, n);
		if (chdir(err))
			check(0, "back to %s", err);
	}
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: test_uelf UPROBE-PROG HDR-PROG STRIPPED [PYTHON]\n");
		return 2;
	}
	/* the probe's variables change at run time: not constants */
	g_int += argc;
	g_arr[2] += argc;
	g_rec.b += argc;
	fire_globals();
	test_specs();
	test_prog(argv[1]);
	test_python(argc > 4 ? argv[4] : "/usr/bin/python3.11");
	test_self();
	test_self_globals(argv[3]);
	test_self_funcs();
	test_hdr_prog(argv[2]);
	test_errors(argv[1]);
	test_header();
	unit_plan();
	return unit_summary("");
}
