// SPDX-License-Identifier: GPL-2.0
/*
 * test_uelf.c - the ELF side of user probes on the host (uelf.c, uhdr.c):
 * SDT argument specs good and bad, the notes of the selftests' SDT
 * program and of Debian's python3.11, function symbols, a process's
 * objects, a program's libraries, and `sonde -h` headers good and bad.
 *
 *   test_uelf UPROBE-PROG [PYTHON]
 *
 * UPROBE-PROG is build/selftests/uprobe-prog (selftests/sonde/
 * uprobe-prog.c); PYTHON (/usr/bin/python3.11) is skipped if absent.
 * Prints "ok N - what" / "not ok N - what" and a summary; exit 1 on any
 * failure.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "uelf.h"

static int nok, nfail;

static void check(int cond, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void check(int cond, const char *fmt, ...)
{
	va_list ap;

	printf("%s %d - ", cond ? "ok" : "not ok", nok + nfail + 1);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (cond)
		nok++;
	else
		nfail++;
}

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
	{ "3@%rax", 0, { 0 } },			/* no 3-byte operand */
	{ "16@%rax", 0, { 0 } },
	{ "8@%ah", 0, { 0 } },			/* high-byte registers */
	{ "8@%xmm0", 0, { 0 } },
	{ "8@sym(%rip)", 0, { 0 } },		/* needs the symbol table */
	{ "8@8(%rip)", 0, { 0 } },
	{ "8@(%rax,%rbx,3)", 0, { 0 } },	/* scale 3 */
	{ "8@(%rax", 0, { 0 } },
	{ "8@%rax)", 0, { 0 } },
	{ "8@", 0, { 0 } },
	{ "@%rax", 0, { 0 } },
	{ "8@$", 0, { 0 } },
	{ "8@$12x", 0, { 0 } },
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
	check(r == 0 && n == 5, "%s: 5 SDT sites (got %d, %zu: %s)", prog, r,
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
		printf("ok %d - %s # SKIP not installed\n", nok + nfail + 1, py);
		nok++;
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

static void test_header(void)
{
	static const struct {
		const char *src, *err;
	} bad[] = {
		{ "provider p { probe a(int) };", "t.d:1:27: error: expected ';'" },
		{ "provider p { prob a(int); };", "t.d:1:18: error: expected 'probe' or '}'" },
		{ "provider p2 { probe a(); };", "t.d:1:12: error: provider name 'p2' ends in a digit" },
		{ "\n\nprovider p { probe a(int,); };", "t.d:3:26: error: missing argument type" },
		{ "/* nothing */", "t.d:1:14: error: no provider definitions" },
		{ "provider p { probe a(int, int, int, int, int, int, int, int, int, int, int, int, int); };",
		  "t.d:1:20: error: probe a has 13 arguments" },
		{ "provider p { probe a(int /* unterminated ); };", "t.d:1:26: error: unterminated comment" },
	};
	const char *good = "/* c */ provider pony {\n"
			   "\tprobe gc__start(uintptr_t);\n"
			   "\tprobe named(char *name, int (*fn)(int, int));\n"
			   "\tprobe none(void);\n};\n"
			   "#pragma D attributes Evolving/Evolving/ISA provider pony provider\n";
	char err[256], *out = NULL;
	size_t len = 0, i;
	FILE *f;
	int r;

	f = open_memstream(&out, &len);
	r = sonde_usdt_header(f, good, "pony.d", err, sizeof(err));
	fclose(f);
	check(r == 0 && strstr(out, "#define\tPONY_GC_START(arg0) \\\n\tSTAP_PROBE1(pony, gc__start, (arg0))") &&
	      strstr(out, "#define\tPONY_NAMED(arg0, arg1) \\\n\tSTAP_PROBE2(pony, named, (arg0), (arg1))") &&
	      strstr(out, "#define\tPONY_NONE() \\\n\tSTAP_PROBE(pony, none)") &&
	      strstr(out, "PONY_GC_START_ENABLED() \\\n\t__builtin_expect(pony_gc__start_semaphore != 0, 0)") &&
	      strstr(out, "volatile unsigned short pony_gc__start_semaphore;") &&
	      strstr(out, "#define _SDT_HAS_SEMAPHORES 1"),
	      "header for a Pony-like provider (%s)", r ? err : "");
	free(out);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		out = NULL;
		f = open_memstream(&out, &len);
		err[0] = '\0';
		r = sonde_usdt_header(f, bad[i].src, "t.d", err, sizeof(err));
		fclose(f);
		free(out);
		check(r == -EINVAL && !strncmp(err, bad[i].err,
					       strlen(bad[i].err)),
		      "bad provider %zu: '%s' (got '%s')", i, bad[i].err, err);
	}
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: test_uelf UPROBE-PROG [PYTHON]\n");
		return 2;
	}
	test_specs();
	test_prog(argv[1]);
	test_python(argc > 2 ? argv[2] : "/usr/bin/python3.11");
	test_self();
	test_header();
	printf("1..%d\n%d passed, %d failed\n", nok + nfail, nok, nfail);
	return nfail ? 1 : 0;
}
