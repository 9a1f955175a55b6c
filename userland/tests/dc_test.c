// SPDX-License-Identifier: GPL-2.0
/*
 * dc_test.c - the D compiler's test driver, KTAP output.
 *
 *   dc_test DIR        run every tst.*.d and err.D_TAG.*.d in DIR, then
 *                      the API tests below
 *
 * tst.<name>.d must compile (and verify); with tst.<name>.d.out next to
 * it, dc_dump() output must equal that file (DC_TEST_UPDATE=1 rewrites
 * it).  err.<D_TAG>.<name>.d must fail, its first diagnostic tagged
 * D_TAG, on the line given by a "@line: N" comment if there is one, in
 * a file whose name ends with the one a "@file: name" comment gives (an
 * #include) if there is one, its message holding each line a "@msg: text"
 * comment gives (a tab is written \t).
 * Kernel types come from a fixed BTF fixture (dc_btf_fixture.c) unless
 * a comment says "@nobtf" (no BTF at all); the D library directory
 * argv[2] is loaded unless it says "@nolib".
 * Comments may also say "@notarget" ($target unset), "@cpp" (-C with
 * -I of the test directory and -DFROM_CMDLINE=17) and "@args: a b"
 * (macro arguments; default "42 hello").  Every test compiles with
 * $target = 1234.  Diagnostics are echoed as "# " lines.
 *
 * tst.<name>.d with tst.<name>.d.run next to it is also RUN on the
 * userland VM (vm_env.c, the world of dtrace:::BEGIN in this process:
 * pid = getpid(), execname = "dc_test", timestamp = 1000000, user
 * memory at 0x2000 holding run_mem[] below, uregs[] as inside ioctl(2)):
 * every
 * clause in order, as one firing (globals and thread-locals persist,
 * clause-locals are zeroed once), then the aggregations.  The output, one
 * line per clause ("clause N: fields..." with integers in decimal, strings
 * quoted, stacks as <kstack:N>; "clause N: -" when the predicate is false;
 * "clause N: fault ..."; "(spec N)" first when the clause speculated
 * into speculation N), then "@name[keys] = value" per aggregation entry
 * and "exit N", must equal the .run file.  "$pid" in the .run file stands
 * for the test's pid.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "dc.h"
#include "dc_btf_fixture.h"
#include "fmtspec.h"
#include "vm_env.h"
#include "unit.h"

/* the fixture kernel's BTF, and the D library directory (argv[2]) */
static char g_btfdir[256];
static const char *g_libdirs[2];

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc(n + 1);
	if (buf && fread(buf, 1, n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	if (buf)
		buf[n] = 0;
	fclose(f);
	return buf;
}

static void echo_diags(struct dc *dc)
{
	char *text = NULL, *line, *save = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);

	if (!m)
		return;
	dc_diags_print(dc, m, NULL);
	fclose(m);
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		printf("# %s\n", line);
	free(text);
}

static int cmpstr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool check_run(struct sonde_program *prog, const char *dir,
		      const char *name);

/*
 * Does diagnostic message @msg hold the text of every "@msg: text" comment
 * of @src, in order?  "\t" in the text stands for a tab.
 */
static bool msg_matches(const char *src, const char *msg)
{
	const char *p = src, *at = msg;
	char want[512];
	size_t n, i, k;

	while ((p = strstr(p, "@msg: "))) {
		p += 6;
		n = strcspn(p, "\n");
		/* not the comment's end, nor the blanks before it */
		for (i = 0; i + 1 < n; i++)
			if (p[i] == '*' && p[i + 1] == '/')
				n = i;
		while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
			n--;
		for (i = k = 0; i < n && k + 1 < sizeof(want); i++) {
			if (p[i] == '\\' && i + 1 < n && p[i + 1] == 't') {
				want[k++] = '\t';
				i++;
			} else {
				want[k++] = p[i];
			}
		}
		want[k] = '\0';
		at = strstr(at, want);
		if (!at)
			return false;
		at += k;
	}
	return true;
}

static void run_file(struct dc *dc, const char *dir, const char *name)
{
	char path[4096], tag[64], *src, *p, *argv[8], argbuf[256];
	struct dc_opts o = { .sz = sizeof(o), .target = 1234 };
	struct sonde_program *prog;
	bool err = !strncmp(name, "err.", 4), ice = false;
	const struct dc_diag *d;
	unsigned int i;
	int want_line = 0, argc = 0;
	char want_file[256] = "";

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	src = slurp(path);
	if (!src) {
		check(false, "%s (cannot read)", name);
		return;
	}
	if ((p = strstr(src, "@line:")))
		want_line = atoi(p + 6);
	if ((p = strstr(src, "@file:")))
		sscanf(p + 6, " %255[^ \t\n*]", want_file);
	if (strstr(src, "@notarget"))
		o.target = -1;
	o.btf_dir = strstr(src, "@nobtf") ? "/nonexistent/btf" : g_btfdir;
	o.libdirs = strstr(src, "@nolib") || !g_libdirs[0] ? NULL : g_libdirs;
	if (strstr(src, "@cpp")) {
		/* -C, with -I of the test directory and one -D */
		static char idir[4200];
		static const char *cargs[2], *defs[] = { "FROM_CMDLINE=17",
							  NULL };

		snprintf(idir, sizeof(idir), "-I%s", dir);
		cargs[0] = idir;
		cargs[1] = NULL;
		o.cpp = true;
		o.cpp_args = cargs;
		o.defines = defs;
	}
	if ((p = strstr(src, "@args:"))) {
		char *e, *save = NULL, *w;

		snprintf(argbuf, sizeof(argbuf), "%.*s",
			 (int)strcspn(p + 6, "*\n"), p + 6);
		for (w = strtok_r(argbuf, " \t", &save); w && argc < 8;
		     w = strtok_r(NULL, " \t", &save))
			argv[argc++] = w;
		(void)e;
	} else {
		argv[argc++] = "42";
		argv[argc++] = "hello";
	}
	o.argc = argc;
	o.argv = argv;

	prog = dc_compile_str(dc, name, src, &o);
	if (!err) {
		bool pass = prog != NULL;

		if (!prog)
			echo_diags(dc);
		snprintf(path, sizeof(path), "%s/%s.out", dir, name);
		if (prog) {
			char *want = slurp(path), *got = NULL;
			size_t len = 0;
			FILE *m = open_memstream(&got, &len);

			dc_dump(m, prog);
			fclose(m);
			if (getenv("DC_TEST_UPDATE") && want) {
				FILE *f = fopen(path, "w");

				if (f) {
					fputs(got, f);
					fclose(f);
				}
			} else if (want && strcmp(want, got)) {
				printf("# -S output differs from %s.out:\n%s",
				       name, got);
				pass = false;
			}
			free(want);
			free(got);
		}
		if (prog && !check_run(prog, dir, name))
			pass = false;
		check(pass, "%s", name);
		sonde_program_free(prog);
		free(src);
		return;
	}
	/* err.D_TAG.name.d */
	snprintf(tag, sizeof(tag), "%.*s", (int)strcspn(name + 4, "."),
		 name + 4);
	d = dc_diag_get(dc, 0);
	echo_diags(dc);
	/* a refused program's later diagnostics are no internal errors
	 * (code generated for a tree an error left unfinished) */
	for (i = 1; dc_diag_get(dc, i); i++)
		if (!strcmp(dc_diag_get(dc, i)->tag, "D_UNKNOWN"))
			ice = true;
	if (prog) {
		printf("# %s compiled, expected %s\n", name, tag);
		check(false, "%s", name);
	} else if (!d || strcmp(d->tag, tag)) {
		printf("# expected %s, got %s\n", tag, d ? d->tag : "nothing");
		check(false, "%s", name);
	} else if (ice) {
		printf("# an internal compiler error follows %s\n", tag);
		check(false, "%s", name);
	} else if (want_line && d->line != (uint32_t)want_line) {
		printf("# expected line %d, got %u\n", want_line, d->line);
		check(false, "%s", name);
	} else if (!msg_matches(src, d->msg)) {
		printf("# the message differs from the @msg: lines\n");
		check(false, "%s", name);
	} else if (want_file[0] &&
		   (!d->file || strlen(d->file) < strlen(want_file) ||
		    strcmp(d->file + strlen(d->file) - strlen(want_file),
			   want_file))) {
		printf("# expected file %s, got %s\n", want_file,
		       d->file ? d->file : "none");
		check(false, "%s", name);
	} else {
		check(true, "%s", name);
	}
	sonde_program_free(prog);
	free(src);
}

/* ---- running BEGIN on the userland VM --------------------------------- */

static void put_val(FILE *m, const struct sonde_dtype *t, const uint8_t *p)
{
	int64_t v = 0;
	uint64_t u = 0;

	if (sonde_dt_is_jstack(*t)) {
		struct sonde_jstack h;

		memcpy(&h, p, sizeof(h));
		fprintf(m, " <jstack:%u:%u> %u <pcs:%u py:%u>",
			SONDE_DT_JFRAMES(t->kind), sonde_dt_jstrsize(*t),
			h.pid, h.npcs, h.npy);
		return;
	}
	switch (t->kind) {
	case SONDE_DT_STR:
		fprintf(m, " \"%.*s\"", (int)t->size, (const char *)p);
		return;
	case SONDE_DT_KSTACK:
	case SONDE_DT_USTACK:
		fprintf(m, " <%sstack:%u>", t->kind == SONDE_DT_KSTACK ?
			"k" : "u", t->size / 8);
		return;
	case SONDE_DT_BYTES:
		fprintf(m, " <");
		for (uint32_t i = 0; i < t->size; i++)
			fprintf(m, "%s%02x", i ? " " : "", p[i]);
		fprintf(m, ">");
		return;
	}
	memcpy(&u, p, t->size > 8 ? 8 : t->size);
	if (t->kind == SONDE_DT_INT && t->size < 8 &&
	    (u >> (t->size * 8 - 1)) & 1)
		u |= ~0ULL << (t->size * 8);
	v = (int64_t)u;
	if (t->kind == SONDE_DT_INT)
		fprintf(m, " %lld", (long long)v);
	else
		fprintf(m, " %llu", (unsigned long long)u);
}

/* The user memory the run world reads at 0x2000 (copyin()). */
static const uint8_t run_mem[] = {
	'h', 'e', 'l', 'l', 'o', ',', ' ', 'w', 'o', 'r', 'l', 'd', '\n', 0,
	0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0xff, 0xfe,
};

/* Run every clause of @p as one firing; the transcript into @m. */
static int run_prog(struct sonde_program *p, FILE *m)
{
	static struct tenv env;
	static char scratch[65536];
	static uint8_t rec[SONDE_MAX_RECSIZE];
	static uint8_t globals[65536], locals[65536];
	static u32 var_off[SONDE_MAX_VARS];
	static u64 stackbuf[255];
	struct sonde_image img;
	struct sonde_vlog log;
	char lbuf[256];
	void *image = NULL;
	size_t isize = 0;
	uint32_t i, j, gen = 0;

	if (sonde_program_image(p, &image, &isize))
		return -1;
	memset(&log, 0, sizeof(log));
	log.buf = lbuf;
	log.size = sizeof(lbuf);
	if (sonde_image_verify(image, (uint32_t)isize, &img, &log) ||
	    sonde_vm_scratch_size(&img) > sizeof(scratch)) {
		free(image);
		return -1;
	}
	memset(&env, 0, sizeof(env));
	env.img = &img;
	memcpy(env.mem, run_mem, sizeof(run_mem));
	env.memlen = sizeof(run_mem);
	memset(globals, 0, sizeof(globals));
	memset(locals, 0, sizeof(locals));
	sonde_vars_layout(&img, var_off);
	for (i = 0; i < img.nclauses; i++) {
		const struct sonde_clause *c = &img.clauses[i];
		const struct sonde_pclause *pc = &p->clauses[i];
		struct sonde_vm_ctx ctx;
		u64 rv = 1;
		int err = 0;

		memset(&ctx, 0, sizeof(ctx));
		ctx.img = &img;
		ctx.env = &env;
		ctx.scratch = scratch;
		ctx.scratch_size = sonde_vm_scratch_size(&img);
		ctx.scratch_used = img.scratch_base;
		/* a generation per run from an empty scratch, as
		 * kmod/fire.c's: a handle kept in a global from an
		 * earlier clause is stale */
		ctx.gen = ++gen;
		memset(rec, 0, sizeof(rec));
		ctx.rec = c->rec_size ? rec : NULL;
		ctx.rec_size = c->rec_size;
		ctx.globals = globals;
		ctx.locals = locals;
		ctx.stackbuf = stackbuf;
		ctx.var_off = var_off;
		fprintf(m, "clause %u:", i);
		if (c->pred_len)
			err = sonde_vm_run(&ctx, c->pred_off, c->pred_len, &rv);
		if (!err && !rv) {
			fprintf(m, " -\n");
			continue;
		}
		if (!err && c->pred_len) {
			/* the actions start from an empty scratch */
			ctx.scratch_used = img.scratch_base;
			ctx.gen = ++gen;
		}
		if (!err)
			err = sonde_vm_run(&ctx, c->act_off, c->act_len, &rv);
		if (err) {
			fprintf(m, " fault %s at %u\n",
				sonde_fault_name(ctx.fault), ctx.fault_pc);
			continue;
		}
		if (ctx.spec)
			fprintf(m, " (spec %u)", ctx.spec & 0x7fffffffu);
		for (j = 0; j < pc->nfields; j++)
			put_val(m, &pc->fields[j].type,
				rec + pc->fields[j].offset);
		fprintf(m, "\n");
	}
	for (i = 0; i < env.nents; i++) {
		const struct agg_ent *e = &env.ents[i];
		const struct sonde_pagg *a = &p->aggs[e->aggid];
		uint32_t off = 0;

		fprintf(m, "@%s[", a->name);
		for (j = 0; j < a->desc.nkeys; j++) {
			struct sonde_dtype t = a->keys[j];

			if (t.kind == SONDE_DT_INT || t.kind == SONDE_DT_UINT)
				t.size = 8;
			put_val(m, &t, e->key + off);
			off += t.size;
		}
		fprintf(m, " ] = %lld\n", (long long)e->val[0]);
	}
	if (env.exited)
		fprintf(m, "exit %lld\n", (long long)env.exit_status);
	free(image);
	return 0;
}

/* Replace "$pid" in @want by our pid. */
static char *expand_pid(const char *want)
{
	char pid[32], *out, *o;
	const char *w;

	snprintf(pid, sizeof(pid), "%d", (int)getpid());
	out = malloc(strlen(want) * 4 + 1);
	if (!out)
		return NULL;
	for (w = want, o = out; *w; ) {
		if (!strncmp(w, "$pid", 4)) {
			o += sprintf(o, "%s", pid);
			w += 4;
		} else {
			*o++ = *w++;
		}
	}
	*o = 0;
	return out;
}

static bool check_run(struct sonde_program *prog, const char *dir,
		      const char *name)
{
	char path[4096], *want, *exp, *got = NULL;
	size_t len = 0;
	FILE *m;
	bool pass;

	snprintf(path, sizeof(path), "%s/%s.run", dir, name);
	want = slurp(path);
	if (!want)
		return true;
	m = open_memstream(&got, &len);
	if (!m) {
		free(want);
		return false;
	}
	pass = run_prog(prog, m) == 0;
	fclose(m);
	exp = expand_pid(want);
	if (!pass || !exp || strcmp(exp, got)) {
		printf("# run of %s differs from %s.run:\n", name, name);
		printf("%s", got);
		pass = false;
	}
	free(exp);
	free(want);
	free(got);
	return pass;
}

/* ---- API tests -------------------------------------------------------- */

static void test_fmtspec(void)
{
	struct sonde_fmtspec s;
	bool pass;

	/* DTrace's '0' before the width cancels '-' (dt_printf_create()) */
	pass = !sonde_fmtspec_parse("-08.3lld", &s) &&
	       s.flags == SONDE_FMT_ZERO && s.width == 8 &&
	       s.prec == 3 && s.length == SONDE_LEN_LL && s.conv == 'd' &&
	       s.len == 8;
	check(pass, "fmtspec: flags, width, precision, ll");
	pass = !sonde_fmtspec_parse("10@d", &s) &&
	       s.flags == SONDE_FMT_AGG && s.width == 10 && s.conv == 'd' &&
	       !sonde_fmtspec_parse("-10.2@d", &s) &&
	       s.flags == (SONDE_FMT_AGG | SONDE_FMT_MINUS) &&
	       s.width == 10 && s.prec == 2 &&
	       !sonde_fmtspec_parse("0-6d", &s) &&
	       s.flags == SONDE_FMT_MINUS && s.width == 6 &&
	       sonde_fmtspec_parse("5.2.1d", &s) == -1;
	check(pass, "fmtspec: flags and width in any order, as DTrace's");
	pass = !sonde_fmtspec_parse("*.*s", &s) && s.width_star &&
	       s.prec_star && s.conv == 's' && s.len == 4;
	check(pass, "fmtspec: star width and precision");
	pass = !sonde_fmtspec_parse("hhx", &s) && s.length == SONDE_LEN_HH &&
	       s.conv == 'x' && s.width == -1 && s.prec == -1;
	check(pass, "fmtspec: hh");
	pass = sonde_fmtspec_parse("5q", &s) == -1 && s.conv == 'q';
	check(pass, "fmtspec: unknown conversion");
	pass = sonde_fmtspec_parse("-5", &s) == -1 && s.conv == 0;
	check(pass, "fmtspec: truncated");
	pass = !sonde_fmtspec_parse("%", &s) && s.conv == '%' && s.len == 1;
	check(pass, "%s", "fmtspec: %%");
}

static void test_options(void)
{
	struct dc *dc = dc_new();
	struct dc_opts o = { .sz = sizeof(o), .target = -1 };
	struct sonde_program *p;
	bool pass;

	pass = dc_setopt(dc, "bufsize", "8m") == 0 &&
	       dc_setopt(dc, "quiet", NULL) == 0 &&
	       dc_setopt(dc, "switchrate", "10hz") == 0 &&
	       dc_setopt(dc, "nosuchopt", "1") == -ENOENT &&
	       dc_setopt(dc, "strsize", "1") == -ERANGE &&
	       dc_setopt(dc, "strsize", "2") == 0 &&
	       dc_setopt(dc, "strsize", "4097") == -ERANGE &&
	       dc_setopt(dc, "bufsize", "12q") == -EINVAL &&
	       dc_setopt(dc, "bufpolicy", "ring") == 0;
	check(pass, "dc_setopt: values, errors");
	p = dc_compile_str(dc, NULL,
			   "#pragma D option strsize=512\nBEGIN { exit(0); }",
			   &o);
	pass = p && p->kopts[SONDE_OPT_bufsize].set &&
	       p->kopts[SONDE_OPT_bufsize].value == 8 << 20 &&
	       p->uopts.quiet && p->uopts.switchrate_ns == 100000000 &&
	       sonde_program_kopt(p, SONDE_OPT_strsize) == 513 &&
	       sonde_program_kopt(p, SONDE_OPT_bufpolicy) ==
	       SONDE_BUFPOLICY_RING;
	check(pass, "options reach the program, pragma too");
	pass = p && dc_program_setopt(p, "aggsortrev", NULL) == 0 &&
	       p->uopts.aggsortrev;
	check(pass, "dc_program_setopt");
	pass = p && dc_program_setopt(p, "deadman", "30s") == 0 &&
	       sonde_program_kopt(p, SONDE_OPT_deadman) == 30000 &&
	       dc_program_setopt(p, "deadman", "2m") == 0 &&
	       sonde_program_kopt(p, SONDE_OPT_deadman) == 120000 &&
	       dc_program_setopt(p, "deadman", "5000") == 0 &&
	       sonde_program_kopt(p, SONDE_OPT_deadman) == 5000 &&
	       dc_program_setopt(p, "deadman", "10ms") == -ERANGE &&
	       dc_program_setopt(p, "deadman", "10hz") == -EINVAL &&
	       dc_program_setopt(p, "bufpolicy", "fill") == 0 &&
	       sonde_program_kopt(p, SONDE_OPT_bufpolicy) ==
	       SONDE_BUFPOLICY_FILL &&
	       dc_program_setopt(p, "bufpolicy", "wrap") == -EINVAL &&
	       dc_program_setopt(p, "aggrate", "1ms") == 0 &&
	       p->uopts.aggrate_ns == 1000000 &&
	       dc_program_setopt(p, "flowindent", NULL) == 0 &&
	       p->uopts.flowindent &&
	       dc_program_setopt(p, "zdefs", "1") == 0 && p->uopts.zdefs &&
	       dc_program_setopt(p, "rawbytes", "maybe") == -EINVAL;
	check(pass, "options by name: deadman times, bufpolicy, booleans");
	sonde_program_free(p);
	dc_free(dc);
}

/* The D libraries: read only when a program needs a name they may
 * declare; a library with a clause, an unreadable directory. */
static void test_libs(void)
{
	static const char *none[] = { "/nonexistent/dlib", NULL };
	char dir[256], path[300];
	const char *mine[2] = { dir, NULL };
	struct dc *dc = dc_new();
	struct dc_opts o = { .sz = sizeof(o), .target = -1, .libdirs = none,
			     .btf_dir = g_btfdir };
	struct sonde_program *p;
	const struct dc_diag *d;
	FILE *f;
	bool pass;

	p = dc_compile_str(dc, NULL, "BEGIN { exit(0); }", &o);
	check(p != NULL, "libraries: a program needing none never reads them");
	sonde_program_free(p);
	p = dc_compile_str(dc, NULL, "BEGIN { trace(NO_SUCH_NAME); }", &o);
	d = dc_diag_get(dc, 0);
	pass = !p && d && !strcmp(d->tag, "D_UNKNOWN") &&
	       strstr(d->msg, "cannot read D library directory /nonexistent/dlib");
	check(pass, "libraries: an unknown name reads them, a missing directory is an error");
	sonde_program_free(p);
	snprintf(dir, sizeof(dir), "%s/lib", g_btfdir);
	mkdir(dir, 0755);
	snprintf(path, sizeof(path), "%s/a.d", dir);
	f = fopen(path, "w");
	if (f) {
		fputs("inline int LIBCONST = 41;\nBEGIN { exit(0); }\n", f);
		fclose(f);
	}
	o.libdirs = mine;
	p = dc_compile_str(dc, NULL, "BEGIN { trace(LIBCONST + 1); }", &o);
	d = dc_diag_get(dc, 0);
	pass = !p && d && !strcmp(d->tag, "D_SYNTAX") && d->file &&
	       strstr(d->file, "/lib/a.d") &&
	       strstr(d->msg, "may not hold probe clauses");
	check(pass, "libraries: a probe clause in one is an error in its file");
	sonde_program_free(p);
	f = fopen(path, "w");
	if (f) {
		fputs("inline int LIBCONST = 41;\n", f);
		fclose(f);
	}
	p = dc_compile_str(dc, NULL, "BEGIN { trace(LIBCONST + 1); }", &o);
	check(p && p->nclauses == 1, "libraries: an inline of -L's directory");
	sonde_program_free(p);
	/* the pass without them is thrown away with its messages */
	p = dc_compile_str(dc, NULL,
			   "BEGIN { trace(nosuch); trace(LIBCONST); }", &o);
	d = dc_diag_get(dc, 0);
	pass = !p && dc_ndiags(dc) == 1 && d &&
	       !strcmp(d->tag, "D_IDENT_UNDEF") && strstr(d->msg, "nosuch");
	check(pass, "libraries: a program needing them is compiled once with them, its errors said once");
	sonde_program_free(p);
	/* #pragma D depends_on library: a file of the folders, or an error
	 * in the library's file */
	f = fopen(path, "w");
	if (f) {
		fputs("#pragma D depends_on library a.d\n"
		      "inline int LIBCONST = 41;\n", f);
		fclose(f);
	}
	p = dc_compile_str(dc, NULL, "BEGIN { trace(LIBCONST); }", &o);
	check(p != NULL, "libraries: one depends on a library that is there");
	sonde_program_free(p);
	f = fopen(path, "w");
	if (f) {
		fputs("#pragma D depends_on library nosuch.d\n"
		      "inline int LIBCONST = 41;\n", f);
		fclose(f);
	}
	p = dc_compile_str(dc, NULL, "BEGIN { trace(LIBCONST); }", &o);
	d = dc_diag_get(dc, 0);
	pass = !p && d && !strcmp(d->tag, "D_PRAGMA_DEPEND") && d->file &&
	       strstr(d->file, "/lib/a.d") &&
	       strstr(d->msg, "program requires library \"nosuch.d\" which failed to load");
	check(pass, "libraries: one depends on a library that is not there: an error in its file");
	sonde_program_free(p);
	unlink(path);
	rmdir(dir);
	dc_free(dc);
}

/* The image LOAD takes of @p equals a fresh serialisation of @p. */
static bool bind_is_image(const struct sonde_program *p)
{
	void *a = NULL, *b = NULL;
	size_t na = 0, nb = 0;
	bool same;

	same = !sonde_program_image_bind(p, &a, &na) &&
	       !sonde_program_image(p, &b, &nb) && na == nb &&
	       !memcmp(a, b, na);
	free(a);
	free(b);
	return same;
}

/*
 * The compiler hands the image it verified to the loader, which binds it
 * to the enablings and options of the moment; a verifier rejection comes
 * back with its clause and instruction, no text read.
 */
static void test_verify_handoff(void)
{
	struct dc_opts o = { .sz = sizeof(o), .target = -1,
			     .btf_dir = g_btfdir };
	struct dc *dc = dc_new();
	struct sonde_program *p;
	struct sonde_load_err e;
	struct sonde_ecb ecb = { .probe_id = 7, .clause = 0 };
	struct sonde_insn saved;
	uint32_t at;
	bool pass;

	p = dc ? dc_compile_str(dc, NULL,
				"BEGIN /pid != 1/ { trace(1); exit(0); }", &o) :
		 NULL;
	check(p && p->image && p->image_size, "handoff: the compiler keeps the image it verified");
	if (!p) {
		dc_free(dc);
		return;
	}
	check(bind_is_image(p), "handoff: the bound image is the program's image");
	p->ecbs = malloc(sizeof(ecb));
	if (p->ecbs) {
		p->ecbs[0] = ecb;
		p->necbs = 1;
	}
	p->kopts[SONDE_OPT_bufsize].set = true;
	p->kopts[SONDE_OPT_bufsize].value = 1 << 20;
	check(p->ecbs && bind_is_image(p), "handoff: enablings and options resolved later are bound");

	at = p->clauses[0].pred_off;
	saved = p->insns[at];
	p->insns[at].op = 0xff;
	pass = sonde_program_verify(p, NULL, &e) == -EINVAL &&
	       e.err == -EINVAL && e.kind == SONDE_LOADERR_VERIFY &&
	       e.clause == 0 && e.pred && e.pc == 0 &&
	       !strncmp(e.reason, "clause 0 predicate: insn 0: ", 28) &&
	       !strchr(e.reason, '\n');
	check(pass, "verify: a predicate's rejection names clause, predicate and instruction");
	p->insns[at] = saved;
	at = p->clauses[0].act_off + 1;
	saved = p->insns[at];
	p->insns[at].op = 0xff;
	pass = sonde_program_verify(p, NULL, &e) == -EINVAL &&
	       e.kind == SONDE_LOADERR_VERIFY && e.clause == 0 && !e.pred &&
	       e.pc == 1 && !strncmp(e.reason, "clause 0 actions: insn 1: ", 26);
	check(pass, "verify: an action's rejection names clause and instruction");
	p->insns[at] = saved;
	p->clauses[0].flags |= 0x80000000u;
	pass = sonde_program_verify(p, NULL, &e) == -EINVAL &&
	       e.clause == 0 && e.pc == SONDE_LOADERR_NOWHERE &&
	       !strcmp(e.reason, "clause 0: reserved flags must be zero");
	check(pass, "verify: a clause's rejection names the clause only");
	p->clauses[0].flags &= ~0x80000000u;
	pass = !sonde_program_verify(p, NULL, &e) && e.kind == 0 &&
	       e.clause == SONDE_LOADERR_NOWHERE && bind_is_image(p);
	check(pass, "verify: the program verified again is bound again");
	sonde_program_free(p);
	dc_free(dc);
}

/*
 * Every option of the compiler's table has an entry in sonde(8)'s TRACING
 * OPTIONS (".TP" then ".B name" or ".BI name= value"), those it ignores
 * saying "Accepted and ignored: <the table's reason>.", and the section
 * has no entry the table lacks.
 */
static void test_option_manpage(const char *dir)
{
	char path[4096], want[512], *man, *sec, *end, *p, *q;
	const char *name, *why;
	unsigned int i, entries = 0;
	bool pass = true, dotline;

	snprintf(path, sizeof(path), "%s/../../../docs/sonde.8", dir);
	man = slurp(path);
	sec = man ? strstr(man, "\n.SH TRACING OPTIONS\n") : NULL;
	end = sec ? strstr(sec + 1, "\n.SH ") : NULL;
	if (!sec || !end) {
		check(false, "sonde(8) TRACING OPTIONS: no such section");
		free(man);
		return;
	}
	*end = '\0';
	/* "\-" is "-" in the text; text lines joined with spaces */
	for (p = q = sec, dotline = false; *p; p++) {
		if (p[0] == '\\' && p[1] == '-')
			continue;
		if (*p == '\n' && p[1] && p[1] != '.' && !dotline) {
			*q++ = ' ';
			continue;
		}
		*q++ = *p;
		if (*p == '\n')
			dotline = p[1] == '.';
	}
	*q = '\0';
	for (i = 0; (name = dc_option_name(i, &why)); i++) {
		char b[128], bi[128];

		snprintf(b, sizeof(b), "\n.TP\n.B %s\n", name);
		snprintf(bi, sizeof(bi), "\n.TP\n.BI %s= ", name);
		p = strstr(sec, b);
		if (!p && !why)
			p = strstr(sec, bi);
		if (!p) {
			printf("# sonde(8) has no entry for option %s\n", name);
			pass = false;
			continue;
		}
		p = strchr(p + 5, '\n');	/* the end of ".B name" */
		if (!p) {
			pass = false;
			continue;
		}
		q = strstr(p, "\n.TP\n");
		snprintf(want, sizeof(want), "Accepted and ignored: %s.",
			 why ? why : "");
		if (why && (!strstr(p, want) || (q && strstr(p, want) > q))) {
			printf("# sonde(8)'s %s does not say \"%s\"\n", name,
			       want);
			pass = false;
		} else if (!why && strstr(p, "Accepted and ignored") &&
			   (!q || strstr(p, "Accepted and ignored") < q)) {
			printf("# sonde(8) says %s is ignored; it is not\n",
			       name);
			pass = false;
		}
	}
	for (p = sec; (p = strstr(p, "\n.TP\n")); p += 4)
		entries++;
	if (entries != dc_option_count()) {
		printf("# sonde(8) has %u option entries, the table %u\n",
		       entries, dc_option_count());
		pass = false;
	}
	check(pass, "sonde(8) TRACING OPTIONS lists the option table");
	free(man);
}

/* DTrace's option words and ranges, the options sonde accepts and
 * ignores, and the errors' words. */
static void test_options_dtrace(void)
{
	struct dc *dc = dc_new();
	struct dc_opts o = { .sz = sizeof(o), .target = -1, .argc = 0 };
	struct sonde_program *p;
	struct sonde_load_err le;
	struct sonde_image img;
	const char *name, *why;
	unsigned int i;
	bool pass = true;

	/* every option the table has is accepted with a value it takes */
	for (i = 0; (name = dc_option_name(i, &why)); i++) {
		static const struct { const char *name, *value; } vals[] = {
			{ "encoding", "utf8" }, { "evaltime", "main" },
			{ "linkmode", "static" }, { "linktype", "elf" },
			{ "stdc", "s" }, { "bufpolicy", "fill" },
			{ "bufresize", "manual" }, { "version", "1.13" },
			{ "cpu", "0" }, { "deadman", "20s" },
			{ "define", "X=1" }, { "undef", "Y" },
			{ "incdir", "/tmp" }, { "cppargs", "-P" },
			{ "cpppath", "cpp" }, { "setenv", "SONDE_T=1" },
			{ "unsetenv", "SONDE_T" }, { "nspec", "4" },
			{ "strsize", "128" }, { "quietresize", "yes" },
			{ "jstackstrsize", "1k" },
		};
		const char *v = "1";
		size_t k;

		if (strstr(name, "rate"))
			v = "10hz";
		else if (strstr(name, "size"))
			v = "16k";
		for (k = 0; k < sizeof(vals) / sizeof(vals[0]); k++)
			if (!strcmp(vals[k].name, name))
				v = vals[k].value;
		if (dc_setopt(dc, name, v)) {
			printf("# -x %s=%s refused\n", name, v);
			pass = false;
		}
	}
	check(pass, "options: every option of the table is accepted");
	dc_free(dc);
	dc = dc_new();
	pass = dc_option_count() > 90 &&
	       dc_setopt(dc, "quiet", "") == 0 &&
	       dc_setopt(dc, "quiet", "enabled") == 0 &&
	       dc_setopt(dc, "quiet", "unset") == 0 &&
	       dc_setopt(dc, "quiet", "-1") == -EINVAL &&
	       dc_setopt(dc, "stdc", "q") == -EINVAL &&
	       dc_setopt(dc, "encoding", NULL) == -EINVAL &&
	       dc_setopt(dc, "version", "2.0") == -EINVAL &&
	       dc_setopt(dc, "version", "1.14") == -EINVAL &&
	       dc_setopt(dc, "bufresize", "sometimes") == -EINVAL &&
	       dc_setopt(dc, "stackindent", "1025") == -ERANGE &&
	       dc_setopt(dc, "scratchsize", "128m") == -ERANGE &&
	       dc_setopt(dc, "bufsize", "100t") == -ERANGE &&
	       dc_setopt(dc, "bufsize", "1g") == 0 &&
	       dc_setopt(dc, "bufsize", "-3") == -EINVAL &&
	       dc_setopt(dc, "dynvarsize", "3") == 0 &&
	       dc_setopt(dc, "cpu", "8192") == -ERANGE &&
	       dc_setopt(dc, "cpu", "1") == 0 &&
	       dc_setopt(dc, "statusrate", "2hz") == 0 &&
	       dc_setopt(dc, "tree", "1") == 0 &&
	       !strcmp(dc_option_strerror(-ENOENT), "Invalid option name") &&
	       !strcmp(dc_option_strerror(-ERANGE),
		       "Invalid value for specified option");
	p = dc_compile_str(dc, NULL,
			   "#pragma D option empty\n"
			   "#pragma D option defaultargs\n"
			   "#pragma D option quiet=no\n", &o);
	pass = pass && p && !p->uopts.quiet && p->uopts.empty &&
	       p->uopts.defaultargs && p->uopts.statusrate_ns == 500000000 &&
	       sonde_program_kopt(p, SONDE_OPT_cpu) == 2 &&
	       sonde_program_kopt(p, SONDE_OPT_bufsize) == 1ULL << 30 &&
	       sonde_program_kopt(p, SONDE_OPT_dynvarsize) == 3 &&
	       p->nclauses == 0;
	check(pass, "options: DTrace's words, ranges, empty, cpu, statusrate");
	sonde_program_free(p);
	/* sizes below the kernel's least: the image has the least */
	p = dc_compile_str(dc, NULL,
			   "#pragma D option aggsize=40\n"
			   "BEGIN { @ = count(); a[1] = 1; }", &o);
	pass = p && sonde_program_kopt(p, SONDE_OPT_aggsize) == 40 &&
	       sonde_program_verify(p, &img, &le) == 0 &&
	       img.opt[SONDE_OPT_aggsize] == 4096 &&
	       img.opt[SONDE_OPT_dynvarsize] == 4096;
	check(pass, "options: sizes below the kernel's least take it in the image");
	sonde_program_free(p);
	dc_free(dc);
}

static void test_inputs(void)
{
	struct dc *dc = dc_new();
	struct dc_opts o = { .sz = sizeof(o), .target = 77 };
	struct dc_input in[3] = {
		{ .text = "BEGIN", .kind = DC_IN_PROBESPEC },
		{ .name = "a.d", .text = "syscall::read*:entry, tick-1sec "
		  "/pid == $target/ { trace(pid); } pid$target:libc:malloc:entry {}",
		  .kind = DC_IN_SCRIPT },
		{ .text = "syscall:::entry /arg0/", .kind = DC_IN_PROBESPEC },
	};
	struct sonde_program *p = dc_compile(dc, in, 3, &o);
	const struct sonde_pclause *c;
	bool pass;

	if (!p)
		echo_diags(dc);
	pass = p && p->nclauses == 4 && in[0].clause0 == 0 &&
	       in[0].nclauses == 1 && in[1].clause0 == 1 &&
	       in[1].nclauses == 2 && in[2].clause0 == 3;
	check(pass, "several inputs, clause ranges");
	if (!p)
		goto out;
	c = &p->clauses[0];
	pass = c->ndescs == 1 && !strcmp(c->descs[0].desc.name, "BEGIN") &&
	       !c->descs[0].desc.provider[0] &&
	       (c->flags & SONDE_CLAUSEF_RECORD) && c->rec_size == 0;
	check(pass, "-n BEGIN: default action");
	c = &p->clauses[1];
	pass = c->ndescs == 2 &&
	       !strcmp(c->descs[0].desc.provider, "syscall") &&
	       !strcmp(c->descs[0].desc.function, "read*") &&
	       !strcmp(c->descs[0].desc.name, "entry") &&
	       !strcmp(c->descs[1].desc.name, "tick-1sec") &&
	       !strcmp(c->descs[1].text, "tick-1sec") &&
	       c->pred_len > 0 && c->rec_size == 8 && c->nfields == 1 &&
	       c->fields[0].type.kind == SONDE_DT_INT &&
	       c->fields[0].type.size == 4;
	check(pass, "descriptions split, trace(pid) layout");
	c = &p->clauses[2];
	pass = !strcmp(c->descs[0].text, "pid77:libc:malloc:entry") &&
	       !strcmp(c->descs[0].desc.provider, "pid77");
	check(pass, "$target expanded in a description");
	c = &p->clauses[3];
	pass = c->pred_len > 0 && (c->flags & SONDE_CLAUSEF_RECORD);
	check(pass, "-n desc /pred/ without actions");
out:
	sonde_program_free(p);
	dc_free(dc);
}

static void test_diag_format(void)
{
	struct dc *dc = dc_new();
	struct dc_opts o = { .sz = sizeof(o), .target = -1 };
	struct sonde_program *p;
	char *text = NULL;
	size_t len = 0;
	FILE *m;
	bool pass;

	p = dc_compile_str(dc, NULL,
			   "BEGIN {\n\ttrace(nosuch);\n\tprintf(\"%d\", \"s\");\n}\n",
			   &o);
	m = open_memstream(&text, &len);
	dc_diags_print(dc, m, "sonde: ");
	fclose(m);
	pass = !p && dc_ndiags(dc) == 2 && strstr(text,
		"sonde: <command line>:2:8: error: [D_IDENT_UNDEF]") &&
	       strstr(text, "\ttrace(nosuch);\n\t      ^\n") &&
	       strstr(text, "<command line>:3:15: error: [D_PRINTF_ARG_TYPE]");
	if (!pass)
		printf("# %s", text);
	check(pass, "diagnostics: two errors, position, caret");
	free(text);
	sonde_program_free(p);
	dc_free(dc);
}

/*
 * Every name of the table of D callables resolves as its row says: called
 * as a statement, one sonde generates is never an unknown or unsupported
 * function, one of DTrace's it does not generate says so, and the
 * compiler's own subroutines have no D name.
 */
static void test_functions(void)
{
	struct dc *dc = dc_new();
	struct dc_opts o = { .sz = sizeof(o), .target = -1 };
	unsigned int i, n[3] = { 0 };
	const char *name;
	bool pass = true;
	int state;

	for (i = 0; (name = dc_function_name(i, &state)); i++) {
		const struct dc_diag *d;
		struct sonde_program *p;
		char text[128];
		bool good;

		snprintf(text, sizeof(text), "BEGIN { %s(); }", name);
		p = dc_compile_str(dc, NULL, text, &o);
		d = p ? NULL : dc_diag_get(dc, 0);
		if (state > 0)
			good = !d || strcmp(d->tag, "D_FUNC_UNDEF");
		else
			good = d && !strcmp(d->tag, "D_FUNC_UNDEF") &&
			       strstr(d->msg, state ? "unknown function" :
				      "unimplemented ");
		if (!good) {
			printf("# %s(): %s %s\n", name, d ? d->tag : "compiled",
			       d ? d->msg : "");
			pass = false;
		}
		n[state + 1]++;
		sonde_program_free(p);
	}
	check(pass && n[0] && n[1] && n[2] > 60, "%s",
	   "functions: every name of the table resolves as its row says");
	dc_free(dc);
}

/* A script of @reps repetitions of @head around @mid, closed by @tail. */
static char *repeat(const char *pre, const char *head, const char *mid,
		    const char *tail, const char *post, unsigned int reps)
{
	size_t lh = strlen(head), lt = strlen(tail), n;
	char *s = malloc(strlen(pre) + strlen(mid) + strlen(post) +
			 (size_t)reps * (lh + lt) + 1), *p;
	unsigned int i;

	if (!s)
		return NULL;
	p = stpcpy(s, pre);
	for (i = 0; i < reps; i++)
		p = memcpy(p, head, lh) + lh;
	p = stpcpy(p, mid);
	for (i = 0; i < reps; i++)
		p = memcpy(p, tail, lt) + lt;
	n = strlen(post);
	memcpy(p, post, n + 1);
	return s;
}

/* the compiler's limit (dc_impl.h); the test does not include it */
#define DC_MAX_NEST_TEST	1000

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * Hostile input: deep nesting of every kind, long chains, many string
 * literals.  Each compiles, or fails with one D_SYNTAX error at
 * DC_MAX_NEST, in linear time and memory: 20000 levels once overflowed
 * the stack, 10000 literals took over 10 s and a gigabyte.  The time
 * limit is for this ASan build on a loaded machine; the figures of a
 * normal build are in docs/guide.md.
 */
static void test_hostile(void)
{
	/* @per: levels one repetition takes (a call is one for the call
	 * and one for its argument) */
	static const struct {
		const char *name, *pre, *head, *mid, *tail, *post;
		unsigned int per;
	} kinds[] = {
		{ "parentheses", "BEGIN { trace(", "(", "1", ")", "); }", 1 },
		{ "!", "BEGIN { trace(", "!", "1", "", "); }", 1 },
		{ "unary -", "BEGIN { trace(", "- ", "1", "", "); }", 1 },
		{ "casts", "BEGIN { trace(", "(int)", "1", "", "); }", 1 },
		{ "?: nested in the middle", "BEGIN { trace(", "1 ? ", "1",
		  " : 0", "); }", 1 },
		{ "?: chained", "BEGIN { trace(", "0 ? 1 : ", "2", "", "); }",
		  1 },
		{ "assignments", "BEGIN { ", "x = ", "1", "", "; }", 1 },
		{ "a sum", "BEGIN { trace(", "1 + ", "1", "", "); }", 1 },
		{ "a comma list", "BEGIN { x = (", "1, ", "1", "", "); }", 1 },
		{ "calls", "BEGIN { trace(", "strlen(lltostr(", "1", "))",
		  "); }", 4 },
		{ "indexes", "BEGIN { a[0] = 1; trace(a", "[0]", "", "",
		  "); }", 1 },
		{ "if", "BEGIN { ", "if (1) ", "trace(1);", "", " }", 1 },
		{ "blocks", "BEGIN { ", "{ ", "trace(1);", " }", " }", 1 },
	};
	struct dc_opts o = { .sz = sizeof(o), .target = -1 };
	unsigned int k, reps[] = { 0, 20000, 100000 };
	char name[128];

	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		unsigned int r;

		/* as deep as allowed, less what the clause itself takes */
		reps[0] = (DC_MAX_NEST_TEST - 8) / kinds[k].per;
		for (r = 0; r < 3; r++) {
			struct dc *dc = dc_new();
			char *s = repeat(kinds[k].pre, kinds[k].head,
					 kinds[k].mid, kinds[k].tail,
					 kinds[k].post, reps[r]);
			struct sonde_program *p;
			double t0 = now_s(), dt;
			bool pass;

			p = s && dc ? dc_compile_str(dc, NULL, s, &o) : NULL;
			dt = now_s() - t0;
			/* the deepest allowed goes through every pass (an
			 * error of one is its own: D_NOREG for 992 nested
			 * assignments); deeper is one D_SYNTAX error */
			pass = dt < 2 && (r == 0 ? p != NULL ||
				strcmp(dc_diag_get(dc, 0)->tag, "D_SYNTAX") :
				!p && dc_ndiags(dc) >= 1 &&
				!strcmp(dc_diag_get(dc, 0)->tag, "D_SYNTAX"));
			if (!pass && dc)
				echo_diags(dc);
			snprintf(name, sizeof(name),
				 "hostile input: %u levels of %s (%.2f s)",
				 reps[r], kinds[k].name, dt);
			check(pass, "%s", name);
			sonde_program_free(p);
			dc_free(dc);
			free(s);
		}
	}
	/* 10000 string literals, each its own; 20000 distinct constants */
	for (k = 0; k < 2; k++) {
		size_t cap = 64 << 20, len = 0;
		char *s = malloc(cap);
		struct dc *dc = dc_new();
		struct sonde_program *p = NULL;
		unsigned int i;
		double t0, dt;

		if (!s || !dc) {
			check(false, "hostile input: no memory");
			free(s);
			dc_free(dc);
			continue;
		}
		len = (size_t)sprintf(s, "BEGIN {\n");
		for (i = 0; i < (k ? 20000 : 10000); i++)
			len += (size_t)sprintf(s + len, k ?
				"\tx = 0x%x00000000;\n" :
				"\ty = \"string literal number %u\";\n", i + 1);
		strcpy(s + len, "}\n");
		t0 = now_s();
		p = dc_compile_str(dc, NULL, s, &o);
		dt = now_s() - t0;
		if (!p)
			echo_diags(dc);
		snprintf(name, sizeof(name), "hostile input: %s (%.2f s)",
			 k ? "20000 distinct constants" :
			 "10000 string literals", dt);
		check(p && dt < 2, "%s", name);
		sonde_program_free(p);
		dc_free(dc);
		free(s);
	}
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "userland/tests/dc";
	struct dc *dc = dc_new();
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, i;
	DIR *d = opendir(dir);

	printf("TAP version 13\n");
	if (!d || !dc) {
		printf("Bail out! cannot open %s\n", dir);
		return 1;
	}
	snprintf(g_btfdir, sizeof(g_btfdir), "%s/dc_test_btf.XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(g_btfdir) || dc_btf_fixture(g_btfdir)) {
		printf("Bail out! cannot write the BTF fixture in %s\n",
		       g_btfdir);
		return 1;
	}
	g_libdirs[0] = argc > 2 ? argv[2] : NULL;
	while ((de = readdir(d))) {
		size_t l = strlen(de->d_name);

		if (l < 3 || strcmp(de->d_name + l - 2, ".d") ||
		    (strncmp(de->d_name, "tst.", 4) &&
		     strncmp(de->d_name, "err.", 4)))
			continue;
		names = realloc(names, (n + 1) * sizeof(*names));
		names[n++] = strdup(de->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof(*names), cmpstr);
	for (i = 0; i < n; i++) {
		run_file(dc, dir, names[i]);
		free(names[i]);
	}
	free(names);
	dc_free(dc);
	test_fmtspec();
	test_options();
	test_options_dtrace();
	test_option_manpage(dir);
	test_inputs();
	test_libs();
	test_verify_handoff();
	test_diag_format();
	test_functions();
	test_hostile();
	{
		char path[512];

		snprintf(path, sizeof(path), "%s/vmlinux", g_btfdir);
		unlink(path);
		snprintf(path, sizeof(path), "%s/sonde_mod", g_btfdir);
		unlink(path);
		rmdir(g_btfdir);
	}
	unit_plan();
	return unit_summary("# ");
}
