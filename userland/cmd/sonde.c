// SPDX-License-Identifier: GPL-2.0
/*
 * sonde.c - the sonde command: dtrace(1M)'s command line, messages and
 * exit statuses (illumos usr/src/cmd/dtrace/dtrace.c) on top of libsonde,
 * which does the work.  Single-threaded; signals only count.
 *
 * Flow: options -> create/grab the processes (-c/-p, so $target is
 * known) -> compile every -n/-s (userland/dc) -> resolve probes
 * (notices) -> LOAD -> sonde_work(): GO, the run loop, STOP, the final
 * output (userland/lib/work.c).
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libsonde.h"
#include "vm.h"
#include "dc.h"
#include "usdt.h"
#include "cli.h"
#include "httpd.h"
#include "push.h"

#ifndef SONDE_VERSION
#error "SONDE_VERSION comes from the top-level VERSION file (Makefile)"
#endif

/* How many enablings make an attach long enough to say so (-q: never). */
#define CLI_ATTACH_NOTE	500

#define E_SUCCESS	0
#define E_ERROR		1
#define E_USAGE		2
/* --service: the program was refused before tracing began (compiler,
 * probe matching, LOAD): starting again cannot help.  The unit's
 * RestartPreventExitStatus= names it, with E_USAGE. */
#define E_REFUSED	3

static const char *g_pname = "sonde";
static bool g_errtags;		/* -x errtags: dtrace's messages carry tags */
static bool g_verbose;		/* -v: stability reports, -lv arguments */

/* -C, -D, -U, -I: the C preprocessor for scripts */
static bool g_cpp;
static const char *g_defines[64];
static const char *g_cppargs[64];
static unsigned int g_ndefines, g_ncppargs;
/* D libraries: the installed directory (or the source tree's, for a
 * command run from its build directory), then each -L */
static const char *g_libdirs[65];
static unsigned int g_nlibdirs;
static int g_quiet;
static volatile sig_atomic_t g_intr;	/* signals seen: sonde_work() */
static volatile sig_atomic_t g_hup;	/* --service: SIGHUPs not yet seen
					 * by cli_reload_poll() */
static FILE *g_ofp;		/* -o FILE, else stdout */
static int g_format;		/* -O: SONDE_OUT_* */

struct cli_cmd {
	bool script;		/* -s FILE, else -n TEXT */
	int spec;		/* 'n', 'P', 'm', 'f', 'i', 's' */
	char *arg;		/* as given */
	char *name;		/* for messages: file, or the cropped text */
	const char *text;	/* -s: the script's text when not read from
				 * the file (sonde -a: the saved one) */
	uint32_t clause0;	/* first clause of this command */
	uint32_t nclauses;
};

/*
 * Every option the command accepts, once.  The getopt string and the
 * usage text are made from this table; userland/tests/cli_options.sh
 * checks that the man page's SYNOPSIS and OPTIONS name every one of them
 * and no other, and that the command refuses every other letter.
 * arg: the argument's name in the usage text, NULL for a flag.  '6' is
 * dtrace's -64 (getopt sees -6 with the argument "4").
 */
struct cli_opt {
	char opt;
	const char *arg;
	const char *help;
};

static const struct cli_opt cli_opts[] = {
	{ '6', "4", "64-bit programs (the only data model sonde has)" },
	{ 'a', NULL, "claim anonymous tracing state" },
	{ 'A', NULL, "save the program as the anonymous (boot-time) enabling the module starts at load" },
	{ 'b', "bufsz", "set trace buffer size" },
	{ 'c', "cmd", "run specified command and exit upon its completion" },
	{ 'C', NULL, "run cpp(1) preprocessor on script files" },
	{ 'D', "name[=def]", "define symbol when invoking preprocessor" },
	{ 'e', NULL, "exit after compiling request but prior to enabling probes" },
	{ 'f', "function", "enable or list probes matching the specified function name" },
	{ 'F', NULL, "coalesce trace output by function" },
	{ 'G', NULL, "generate an object file for the -s script's USDT probes, to link with the given objects" },
	{ 'h', NULL, "generate a header file with definitions for static probes" },
	{ 'H', NULL, "print included files when invoking preprocessor" },
	{ 'i', "probe-id", "enable or list probes matching the specified probe id" },
	{ 'I', "path", "add include directory to preprocessor search path" },
	{ 'l', NULL, "list probes matching specified criteria" },
	{ 'L', "path", "add library directory to library search path" },
	{ 'm', "module", "enable or list probes matching the specified module name" },
	{ 'n', "name", "enable or list probes matching the specified probe name" },
	{ 'o', "output", "set output file" },
	{ 'O', "format", "set output format: text (default), json, folded, flamegraph, prometheus or pprof" },
	{ 'p', "pid", "grab specified process-ID and cache its symbol tables" },
	{ 'P', "provider", "enable or list probes matching the specified provider name" },
	{ 'q', NULL, "set quiet mode (only output explicitly traced data)" },
	{ 's', "script", "enable or list probes according to the specified D script" },
	{ 'S', NULL, "print D compiler intermediate code" },
	{ 'U', "name", "undefine symbol when invoking preprocessor" },
	{ 'v', NULL, "set verbose mode (report stability attributes, arguments)" },
	{ 'V', NULL, "report DTrace API version" },
	{ 'w', NULL, "permit destructive actions" },
	{ 'x', "opt[=val]", "enable or modify compiler and tracing options" },
	{ 'Z', NULL, "permit probe descriptions that match zero probes" },
};

/* dtrace options sonde refuses, each with its reason (exit status 2). */
static const struct cli_opt cli_refused[] = {
	{ '3', "2", "-32 is not supported: sonde compiles for 64-bit programs only" },
	{ 'X', "a|c|s|t", "-X is not supported: the preprocessor's ISO C mode cannot be chosen" },
};

#define CLI_NOPTS	(sizeof(cli_opts) / sizeof(cli_opts[0]))
#define CLI_NREFUSED	(sizeof(cli_refused) / sizeof(cli_refused[0]))

enum { CLI_LONG_HELP = 0x100, CLI_LONG_VERSION, CLI_LONG_LISTEN,
       CLI_LONG_SERVICE, CLI_LONG_PUSH };

static const struct option cli_longopts[] = {
	{ "help", no_argument, NULL, CLI_LONG_HELP },
	{ "version", no_argument, NULL, CLI_LONG_VERSION },
	{ "listen", required_argument, NULL, CLI_LONG_LISTEN },
	{ "service", no_argument, NULL, CLI_LONG_SERVICE },
	{ "push", required_argument, NULL, CLI_LONG_PUSH },
	{ NULL, 0, NULL, 0 },
};

/* The getopt string of both tables, with a leading ':' (missing arg). */
static void cli_optstring(char *buf, size_t size)
{
	size_t n = 0, i;

	buf[n++] = ':';
	for (i = 0; i < CLI_NOPTS + CLI_NREFUSED && n + 3 < size; i++) {
		const struct cli_opt *o = i < CLI_NOPTS ? &cli_opts[i] :
					  &cli_refused[i - CLI_NOPTS];

		buf[n++] = o->opt;
		if (o->arg)
			buf[n++] = ':';
	}
	buf[n] = '\0';
}

static const struct cli_opt *cli_opt_find(const struct cli_opt *t, size_t n,
					  int opt)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (t[i].opt == opt)
			return &t[i];
	return NULL;
}

/* "-b bufsz", "-64", "-C" */
static const char *cli_opt_name(const struct cli_opt *o, char *buf,
				size_t size)
{
	if (o->opt == '6')
		snprintf(buf, size, "-64");
	else if (o->arg)
		snprintf(buf, size, "-%c %s", o->opt, o->arg);
	else
		snprintf(buf, size, "-%c", o->opt);
	return buf;
}

static int usage(FILE *fp, int status)
{
	static const char predact[] = "[[ predicate ] action ]";
	char name[64];
	size_t i;

	fprintf(fp, "Usage: %s [-64] [-", g_pname);
	for (i = 0; i < CLI_NOPTS; i++)
		if (!cli_opts[i].arg)
			fputc(cli_opts[i].opt, fp);
	fputc(']', fp);
	for (i = 0; i < CLI_NOPTS; i++) {
		if (!cli_opts[i].arg || cli_opts[i].opt == '6' ||
		    strchr("Pmfni", cli_opts[i].opt))
			continue;
		fprintf(fp, " [%s]", cli_opt_name(&cli_opts[i], name,
						   sizeof(name)));
	}
	fprintf(fp, "\n\t[-P provider %s]\n"
		"\t[-m [ provider: ] module %s]\n"
		"\t[-f [[ provider: ] module: ] func %s]\n"
		"\t[-n [[[ provider: ] module: ] func: ] name %s]\n"
		"\t[-i probe-id %s] [ args ... ]\n\n", predact,
		predact, predact, predact, predact);
	fprintf(fp, "\tpredicate -> '/' D-expression '/'\n");
	fprintf(fp, "\t   action -> '{' D-statements '}'\n\n");
	for (i = 0; i < CLI_NOPTS; i++) {
		if (cli_opts[i].opt == '6')
			fprintf(fp, "\t-64 %s\n", cli_opts[i].help);
		else
			fprintf(fp, "\t-%c  %s\n", cli_opts[i].opt,
				cli_opts[i].help);
	}
	fprintf(fp, "\n\t--help     print this text and exit\n"
		"\t--version  print the version and exit\n"
		"\t--listen addr:port  serve the -O prometheus metrics at http://addr:port/metrics\n"
		"\t--push url  send the stack aggregations' folded profiles to a Pyroscope server at each printa()\n"
		"\t--service  run unattended: SIGHUP reloads the scripts, exit status 3 when the program is refused\n\n"
		"See sonde(8).\n");
	return status;
}

__attribute__((format(printf, 1, 2)))
static void error(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s: ", g_pname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* notice(): suppressed by -q or the quiet option, as dtrace's. */
__attribute__((format(printf, 1, 2)))
static void notice(const char *fmt, ...)
{
	va_list ap;

	if (g_quiet)
		return;
	fflush(stdout);
	fprintf(stderr, "%s: ", g_pname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void lib_msg(void *arg, int level, const char *msg)
{
	if (level == SONDE_MSG_NOTICE)
		notice("%s", msg);
	else
		error("%s", msg);
}

static void intr(int sig)
{
	g_intr++;
}

static void hup(int sig)
{
	g_hup = 1;
}

/* ---- the compiler, behind one small adapter --------------------------- */

/*
 * Everything the CLI needs from the D compiler (userland/dc/dc.h) goes
 * through these functions, so a change in the compiler's API touches only
 * this block.  Without the compiler built in, they fail cleanly.
 */
struct cli_dc;
static void cli_dc_free(struct cli_dc *c);

struct cli_dc {
	struct dc *dc;
	struct sonde_dev **devp;	/* the command's device, opened when
					 * a #pragma D depends_on asks */
	/* the options set, in order (strings of argv or constants), so
	 * that a --service reload compiles with the same ones */
	struct cli_dc_opt {
		const char *opt, *val;
	} *opts;
	unsigned int nopts;
};

static struct cli_dc *cli_dc_new(void)
{
	struct cli_dc *c = calloc(1, sizeof(*c));

	if (c && !(c->dc = dc_new())) {
		free(c);
		return NULL;
	}
	return c;
}

static int cli_dc_setopt(struct cli_dc *c, const char *opt, const char *val)
{
	struct cli_dc_opt *n;
	int err = dc_setopt(c->dc, opt, val);

	if (err)
		return err;
	n = realloc(c->opts, (c->nopts + 1) * sizeof(*n));
	if (!n)
		return -ENOMEM;
	c->opts = n;
	c->opts[c->nopts].opt = opt;
	c->opts[c->nopts++].val = val;
	return 0;
}

/* A new compiler with @from's options: NULL (said) when it fails. */
static struct cli_dc *cli_dc_again(const struct cli_dc *from)
{
	struct cli_dc *c = cli_dc_new();
	unsigned int i;
	int err;

	if (!c) {
		error("%s", strerror(ENOMEM));
		return NULL;
	}
	for (i = 0; i < from->nopts; i++) {
		err = cli_dc_setopt(c, from->opts[i].opt, from->opts[i].val);
		if (err) {
			error("failed to set -x %s: %s", from->opts[i].opt,
			      dc_option_strerror(err));
			cli_dc_free(c);
			return NULL;
		}
	}
	return c;
}

/* -x mangled on the command line (a script's pragma is its program's) */
static bool cli_dc_mangled(const struct cli_dc *c)
{
	return dc_uopts(c->dc)->mangled;
}

/* The whole of @path, NUL-terminated, or NULL (error printed). */
static char *cli_slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (!f) {
		error("failed to open %s: %s", path, strerror(errno));
		return NULL;
	}
	do {
		if (len + 4096 + 1 > cap) {
			char *nb = realloc(buf, cap = cap * 2 + 8192);

			if (!nb) {
				free(buf);
				fclose(f);
				error("failed to read %s: %s", path,
				      strerror(ENOMEM));
				return NULL;
			}
			buf = nb;
		}
		n = fread(buf + len, 1, 4096, f);
		len += n;
	} while (n == 4096);
	buf[len] = 0;
	fclose(f);
	return buf;
}

/*
 * The D library directories: the installed one (SONDE_DLIBDIR) or, when
 * this command runs from a build tree without an installation, the
 * source tree's userland/dlib next to it; then the -L directories.
 */
static const char *const *cli_libdirs(void)
{
	static char tree[4096];
	static bool done;
	struct stat st;
	char *slash;
	ssize_t n;

	if (done)
		return g_libdirs;
	done = true;
	memmove(&g_libdirs[1], &g_libdirs[0], g_nlibdirs * sizeof(g_libdirs[0]));
	g_nlibdirs++;
	g_libdirs[0] = SONDE_DLIBDIR;
	if (!stat(SONDE_DLIBDIR, &st) && S_ISDIR(st.st_mode))
		return g_libdirs;
	n = readlink("/proc/self/exe", tree, sizeof(tree) - 32);
	if (n > 0) {
		tree[n] = 0;
		slash = strrchr(tree, '/');
		if (slash) {
			strcpy(slash, "/../userland/dlib");
			if (!stat(tree, &st) && S_ISDIR(st.st_mode)) {
				g_libdirs[0] = tree;
				return g_libdirs;
			}
		}
	}
	/* no library installed: the -L directories only */
	memmove(&g_libdirs[0], &g_libdirs[1], g_nlibdirs * sizeof(g_libdirs[0]));
	g_nlibdirs--;
	return g_libdirs;
}

static void cli_warn(void *arg, const char *msg);

/* #pragma D depends_on provider NAME: the kernel's listing has it (the
 * device opened here if it is not yet; without one, -1: unknown) */
static int cli_provider_exists(void *arg, const char *name)
{
	struct cli_dc *c = arg;
	struct sonde_probe_info *all = NULL;
	struct sonde_probe_desc d;
	uint32_t n = 0, abi = 0;

	if (!c->devp)
		return -1;
	if (!*c->devp) {
		*c->devp = sonde_dev_open(NULL, &abi);
		if (!*c->devp)
			return -1;
		sonde_dev_set_warn(*c->devp, cli_warn, NULL);
	}
	memset(&d, 0, sizeof(d));
	snprintf(d.provider, sizeof(d.provider), "%s", name);
	if (sonde_dev_probes(*c->devp, &d, &all, &n))
		n = 0;
	free(all);
	return n > 0;
}

/*
 * The compiler's unknown names (D_IDENT_UNDEF, D_FUNC_UNDEF: "failed to
 * resolve NAME: ...") that are bpftrace's built-ins: what D calls them,
 * each once.
 */
static void cli_bpf_names(struct dc *dc)
{
	char name[64], key[68], seen[512] = ",";
	const struct dc_diag *g;
	const char *d;
	unsigned int i;
	bool call;

	for (i = 0; i < dc_ndiags(dc); i++) {
		g = dc_diag_get(dc, i);
		if (!g || sscanf(g->msg, "failed to resolve %63[^:]:", name) != 1)
			continue;
		call = !strcmp(g->tag, "D_FUNC_UNDEF");
		if ((!call && strcmp(g->tag, "D_IDENT_UNDEF")) ||
		    !(d = sonde_bpftrace_builtin(name)))
			continue;
		snprintf(key, sizeof(key), "%s,", name);
		if (strstr(seen, key) && strstr(seen, key)[-1] == ',')
			continue;	/* said already */
		if (strlen(seen) + strlen(key) < sizeof(seen))
			strcat(seen, key);
		error("in D, bpftrace's %s%s is %s", name, call ? "()" : "", d);
	}
}

/*
 * A -n program that does not compile and starts with a bpftrace probe
 * ("kprobe:vfs_read { @[comm] = count(); }"): after the compiler's
 * errors, that probe's D form, and the D names of the bpftrace built-ins
 * the compiler did not know.  The first description is the text up to
 * a blank, '{' or ','; its fields right-aligned as D aligns them.
 */
static void cli_bpf_hint(struct dc *dc, const struct cli_cmd *cmds,
			 int ncmds)
{
	struct sonde_probe_desc d;
	char text[512], hint[1024], *f[4], *p;
	char *dst[4] = { d.provider, d.module, d.function, d.name };
	size_t dsz[4] = { sizeof(d.provider), sizeof(d.module),
			  sizeof(d.function), sizeof(d.name) };
	int i, k, nf;

	for (i = 0; i < ncmds; i++) {
		if (cmds[i].script)
			continue;
		p = cmds[i].arg + strspn(cmds[i].arg, " \t\n");
		snprintf(text, sizeof(text), "%.*s",
			 (int)strcspn(p, " \t\n{,"), p);
		for (nf = 0, p = text; p && nf < 4; nf++) {
			f[nf] = p;
			p = strchr(p, ':');
			if (p)
				*p++ = '\0';
		}
		if (p)
			continue;	/* more than four fields */
		memset(&d, 0, sizeof(d));
		for (k = 0; k < nf; k++)
			snprintf(dst[4 - nf + k], dsz[4 - nf + k], "%s", f[k]);
		if (!sonde_pdesc_bpftrace(&d, hint, sizeof(hint))) {
			error("%s", hint);
			cli_bpf_names(dc);
			return;
		}
	}
}

/*
 * As dtrace: the first error, for the command it is in (a script by its
 * path; else the first probe description or -n program).
 */
static void cli_dtrace_fail(const struct dc_diag *d,
			    const struct cli_cmd *cmds, int ncmds)
{
	const struct cli_cmd *cmd = NULL;
	int i;

	for (i = 0; i < ncmds && !cmd; i++)
		if (cmds[i].script && d->file && !strcmp(d->file, cmds[i].arg))
			cmd = &cmds[i];
	for (i = 0; i < ncmds && !cmd; i++)
		if (!cmds[i].script)
			cmd = &cmds[i];
	if (!cmd)
		cmd = &cmds[0];
	cli_dtrace_diag(stderr, d, cmd->arg, cmd->script, g_errtags);
}

static struct sonde_program *cli_dc_compile(struct cli_dc *c,
					    struct cli_cmd *cmds, int ncmds,
					    long target, int argc, char **argv)
{
	struct dc_opts o = { .sz = sizeof(o), .target = target ? target : -1,
			     .argc = argc, .argv = argv, .defines = g_defines,
			     .cpp = g_cpp, .cpp_args = g_cppargs,
			     .libdirs = cli_libdirs(),
			     .provider_exists = cli_provider_exists,
			     .provider_arg = c };
	struct dc_input *in = calloc(ncmds, sizeof(*in));
	struct sonde_program *p = NULL;
	char **texts = calloc(ncmds, sizeof(*texts));
	int i;

	if (!in || !texts) {
		error("%s", strerror(ENOMEM));
		goto out;
	}
	for (i = 0; i < ncmds; i++) {
		if (cmds[i].script) {
			texts[i] = cmds[i].text ? strdup(cmds[i].text) :
				   cli_slurp(cmds[i].arg);
			if (!texts[i])
				goto out;
			in[i].name = cmds[i].arg;
			in[i].kind = DC_IN_SCRIPT;
			in[i].text = texts[i];
		} else {
			in[i].name = NULL;	/* "<command line>" */
			in[i].kind = DC_IN_PROBESPEC;
			in[i].text = cmds[i].arg;
		}
	}
	p = dc_compile(c->dc, in, ncmds, &o);
	if (!p) {
		if (dc_ndiags(c->dc) && !strcmp(g_pname, "dtrace"))
			cli_dtrace_fail(dc_diag_get(c->dc, 0), cmds, ncmds);
		else if (dc_ndiags(c->dc))
			dc_diags_print(c->dc, stderr, "sonde: ");
		else
			error("failed to compile: %s", strerror(errno));
		cli_bpf_hint(c->dc, cmds, ncmds);
		goto out;
	}
	for (i = 0; i < ncmds; i++) {
		cmds[i].clause0 = in[i].clause0;
		cmds[i].nclauses = in[i].nclauses;
	}
out:
	if (texts)
		for (i = 0; i < ncmds; i++)
			free(texts[i]);
	free(texts);
	free(in);
	return p;
}

static void cli_dc_dump(struct cli_dc *c, const struct sonde_program *p)
{
	dc_dump(stdout, p);
}

static void cli_dc_free(struct cli_dc *c)
{
	if (c) {
		dc_free(c->dc);
		free(c->opts);
	}
	free(c);
}

/* ---- -v: stability attributes (dtrace.c's print_probe_info) ------ */

static void cli_probe_info(const struct sonde_probe_desc *d, uint32_t nargs)
{
	char types[SONDE_UPROBE_MAX_ARGS][160];
	int i, n;

	fprintf(g_ofp, "\n\tProbe Description Attributes\n");
	sonde_attr_print(g_ofp, sonde_attr_desc(d));
	fprintf(g_ofp, "\n\tArgument Attributes\n");
	sonde_attr_print(g_ofp, sonde_attr_args(d));
	fprintf(g_ofp, "\n\tArgument Types\n");
	n = dc_probe_argtypes(d, nargs, types, SONDE_UPROBE_MAX_ARGS);
	for (i = 0; i < n; i++)
		fprintf(g_ofp, "\t\targs[%d]: %s\n", i, types[i]);
	if (n == 0)
		fprintf(g_ofp, "\t\tNone\n");
	fprintf(g_ofp, "\n");
}

/*
 * exec_prog()'s report: the minimum attributes of the command's probe
 * descriptions and statements; with -e, then each description's
 * attributes and argument types (info_stmt()).
 */
static void cli_stability(const struct sonde_program *p,
			  const struct cli_cmd *cmd, bool exec)
{
	struct sonde_attr da = { 7, 7, 5 };	/* Standard/Standard/Common */
	uint32_t c, d;

	for (c = cmd->clause0; c < cmd->clause0 + cmd->nclauses; c++)
		for (d = 0; d < p->clauses[c].ndescs; d++)
			da = sonde_attr_min(da, sonde_attr_desc(
					&p->clauses[c].descs[d].desc));
	fprintf(g_ofp, "\nStability attributes for %s %s:\n",
		cmd->script ? "script" : "description", cmd->name);
	fprintf(g_ofp, "\n\tMinimum Probe Description Attributes\n");
	sonde_attr_print(g_ofp, da);
	fprintf(g_ofp, "\n\tMinimum Statement Attributes\n");
	sonde_attr_print(g_ofp, sonde_attr_stmt());
	if (exec) {
		fprintf(g_ofp, "\n");
		return;
	}
	for (c = cmd->clause0; c < cmd->clause0 + cmd->nclauses; c++) {
		for (d = 0; d < p->clauses[c].ndescs; d++) {
			const struct sonde_probe_desc *pd =
				&p->clauses[c].descs[d].desc;

			fprintf(g_ofp, "\n%s\n", sonde_desc_str(pd));
			cli_probe_info(pd, SONDE_UPROBE_MAX_ARGS);
		}
	}
}

/* ---- probe resolution and loading ---------------------------------- */

/*
 * After a description that matches no probe, the line that may help
 * (libsonde's pdhint.c: a bpftrace probe's D form, a Solaris provider's
 * Linux counterpart, did you mean), dtrace's own line left as it is.
 */
static void cli_hint(struct sonde_dev *dev, const struct sonde_probe_desc *d)
{
	char hint[1024];

	if (!sonde_pdesc_hint(dev, d, hint, sizeof(hint)))
		error("%s", hint);
}

static int cli_enable(struct sonde_dev *dev, struct sonde_program *p,
		      struct cli_cmd *cmds, int ncmds, bool zdefs, bool say)
{
	uint32_t *counts, di = 0, c, d, total;
	int i, err;

	counts = calloc(sonde_program_ndescs(p) + 1, sizeof(*counts));
	if (!counts)
		return -ENOMEM;
	err = sonde_program_resolve(dev, p, counts);
	if (err) {
		if (sonde_dev_errmsg(dev)[0])
			error("failed to enable probes: %s",
			      sonde_dev_errmsg(dev));
		else
			error("failed to match probes: %s",
			      sonde_strerror(err));
		goto out;
	}
	for (i = 0; i < ncmds; i++) {
		total = 0;
		for (c = cmds[i].clause0;
		     c < cmds[i].clause0 + cmds[i].nclauses; c++) {
			for (d = 0; d < p->clauses[c].ndescs; d++, di++) {
				const char *desc =
					sonde_desc_str(&p->clauses[c].descs[d].desc);

				total += counts[di];
				if (counts[di] || zdefs)
					continue;
				/* dtrace's D_PDESC_ZERO, where the
				 * compiler says where */
				if (!strcmp(g_pname, "dtrace")) {
					char msg[512];
					struct dc_diag dg = {
						.tag = "D_PDESC_ZERO",
						.msg = msg,
						.file = cmds[i].arg,
						.line = p->clauses[c].descs[d].line,
					};

					snprintf(msg, sizeof(msg),
						 "probe description %s does not match any probes",
						 desc);
					cli_dtrace_diag(stderr, &dg, cmds[i].arg,
							cmds[i].script,
							g_errtags);
					err = -ENOENT;
					goto out;
				}
				error("%s:%u:%u: error: [D_PDESC_ZERO] probe description %s does not match any probes",
				      cmds[i].script ? cmds[i].name :
				      "<command line>",
				      p->clauses[c].descs[d].line,
				      p->clauses[c].descs[d].col, desc);
				cli_hint(dev, &p->clauses[c].descs[d].desc);
				err = -ENOENT;
				goto out;
			}
		}
		if (say)
			notice("%s '%s' matched %u probe%s",
			       cmds[i].script ? "script" : "description",
			       cmds[i].name, total, total == 1 ? "" : "s");
		if (say && g_verbose)
			cli_stability(p, &cmds[i], true);
	}
out:
	free(counts);
	return err;
}

/*
 * LOAD, with libsonde's policy (bufresize, the destructive option); its
 * "lowered to" messages through lib_msg().  Each failure said as dtrace
 * says it.
 */
static int cli_load(struct sonde_dev *dev, struct sonde_program *p)
{
	struct sonde_load_err e;
	int err;

	err = sonde_program_load(dev, p, lib_msg, NULL, &e);
	if (!err)
		return 0;
	switch (e.kind) {
	case SONDE_LOADERR_IMAGE:
		error("failed to build the program image: %s",
		      sonde_strerror(err));
		break;
	case SONDE_LOADERR_DESTRUCTIVE:
		/* dtrace's EDT_DESTRUCTIVE, and the module's reason */
		if (e.reason[0])
			error("could not enable tracing: Destructive actions not allowed (%s)",
			      e.reason);
		else
			error("could not enable tracing: Destructive actions not allowed");
		/* dtrace's line stays as it is; the remedy on a line of
		 * its own, when -w is what is missing */
		if (!sonde_program_kopt(p, SONDE_OPT_destructive))
			error("to allow the program's destructive actions, run it with -w (or #pragma D option destructive)");
		break;
	case SONDE_LOADERR_BUFSIZE:
		/* dtrace's EDT_BUFTOOSMALL; as sonde, which and how big */
		if (!strcmp(g_pname, "dtrace"))
			error("could not enable tracing: Enabling exceeds size of buffer");
		else
			error("could not enable tracing: Enabling exceeds size of buffer (%s)",
			      e.reason);
		break;
	default:
		error("failed to load program: %s", e.reason[0] ? e.reason :
		      sonde_strerror(err));
		break;
	}
	return err;
}

/*
 * -P / -m / -f: the description list at the front of @arg, each one's
 * fields right-aligned to field @pos (0 provider, 1 module, 2 function)
 * as dtrace's DTRACE_PROBESPEC_* do, so "-f read" is "::read:" and
 * "-m a:b" is "a:b::"; the predicate and actions follow unchanged.
 * -i: each description is a probe id, replaced by that probe's name.
 */
static char *cli_spec(struct sonde_dev *dev, const char *arg, int pos,
		      bool byid)
{
	size_t dlen = strcspn(arg, " \t\n/{"), cap = strlen(arg) * 2 + 256;
	char *out = malloc(cap + 1), *descs = strndup(arg, dlen), *d, *save;
	size_t len = 0;
	int colons, i;

	if (!out || !descs) {
		free(out);
		free(descs);
		return NULL;
	}
	out[0] = '\0';
	for (d = strtok_r(descs, ",", &save); d; d = strtok_r(NULL, ",", &save)) {
		char one[SONDE_PROVNAMELEN + SONDE_MODNAMELEN +
			 SONDE_FUNCNAMELEN + SONDE_NAMELEN + 8];

		if (byid) {
			struct sonde_probe_desc any;
			struct sonde_probe_info *all = NULL;
			uint32_t n = 0, k;
			char *end;
			long id = strtol(d, &end, 10);

			memset(&any, 0, sizeof(any));
			if (*end || id <= 0 || !dev ||
			    sonde_dev_probes(dev, &any, &all, &n))
				n = 0;
			for (k = 0; k < n && all[k].id != (uint32_t)id; k++)
				;
			if (k == n) {
				error("invalid probe specifier %s: probe description %s does not match any probes",
				      arg, d);
				free(all);
				goto fail;
			}
			snprintf(one, sizeof(one), "%s",
				 sonde_desc_str(&all[k].desc));
			free(all);
		} else {
			for (colons = 0, i = 0; d[i]; i++)
				colons += d[i] == ':';
			if (colons > pos) {
				error("invalid probe specifier %s: probe description %s has too many fields",
				      arg, d);
				goto fail;
			}
			snprintf(one, sizeof(one), "%.*s%s%.*s",
				 pos - colons, ":::", d, 3 - pos, ":::");
		}
		if (len + strlen(one) + 2 > cap)
			goto fail;
		len += sprintf(out + len, "%s%s", len ? "," : "", one);
	}
	if (len + strlen(arg + dlen) + 2 > cap)
		goto fail;
	/* the description must stay a word of its own before the rest */
	sprintf(out + len, "%s%s", arg[dlen] == '/' || arg[dlen] == '{' ?
		" " : "", arg + dlen);
	free(descs);
	return out;
fail:
	free(descs);
	free(out);
	return NULL;
}

/*
 * -l: dtrace's list_probe(), "%5d %10s %17s %33s %s".  A C++ function of
 * a user probe is listed demangled, as macOS DTrace lists it, unless
 * @mangled; the probe's name stays the mangled one (a description
 * matches it, or a glob such as *outer*: a demangled name has colons).
 */
static int cli_list(struct sonde_dev *dev, const struct sonde_probe_desc *desc,
		    bool mangled)
{
	struct sonde_probe_desc dd = *desc, *d = &dd;
	struct sonde_probe_info *v = NULL;
	uint32_t n = 0, i;
	char why[512] = "";
	int err;

	err = sonde_uprobe_provide(dev, d, why, sizeof(why));
	if (err >= 0)
		err = sonde_kernel_provide(dev, d, why, sizeof(why));
	if (err < 0) {
		error("failed to match %s: %s", sonde_desc_str(desc), why);
		return err;
	}
	err = sonde_dev_probes(dev, d, &v, &n);
	if (!err && !n)
		err = -ENOENT;
	if (err) {
		error("failed to match %s: %s", sonde_desc_str(desc),
		      err == -ENOENT ? "No probe matches description" :
		      sonde_strerror(err));
		if (err == -ENOENT)
			cli_hint(dev, desc);
		return err;
	}
	for (i = 0; i < n; i++) {
		char fn[SONDE_FUNCNAMELEN + 1], *dm;

		snprintf(fn, sizeof(fn), "%.*s", SONDE_FUNCNAMELEN,
			 v[i].desc.function);
		dm = mangled ? NULL : sonde_demangle(fn);
		fprintf(g_ofp, "%5u %10.*s %17.*s %33s %.*s\n", v[i].id,
			SONDE_PROVNAMELEN, v[i].desc.provider,
			SONDE_MODNAMELEN, v[i].desc.module, dm ? dm : fn,
			SONDE_NAMELEN, v[i].desc.name);
		free(dm);
		if (g_verbose)
			cli_probe_info(&v[i].desc, v[i].nargs);
	}
	free(v);
	return 0;
}

/* What resolving left out (a USDT site sonde cannot evaluate). */
static void cli_warn(void *arg, const char *msg)
{
	error("warning: %s", msg);
}

static struct sonde_dev *cli_open(void)
{
	struct sonde_dev *dev;
	uint32_t abi = 0;

	dev = sonde_dev_open(NULL, &abi);
	if (dev)
		sonde_dev_set_warn(dev, cli_warn, NULL);
	if (!dev) {
		int err = errno;
		char hint[768];

		if (err == EPROTO)
			error("failed to initialize sonde: module ABI version %u, this sonde speaks %u",
			      abi, SONDE_ABI_VERSION);
		else
			error("failed to initialize sonde: %s: %s",
			      SONDE_DEVICE_PATH, sonde_strerror(err));
		if (!sonde_dev_hint(err, hint, sizeof(hint)))
			error("%s", hint);
	}
	return dev;
}

/* compile_str(): the description as reported, cropped at { / ; */
static char *crop_name(const char *arg)
{
	char *s = strdup(arg), *p;

	if (s && (p = strpbrk(s, "{/;")))
		*p = '\0';
	return s;
}

/* What the command line asks for, besides the globals' options. */
struct cli {
	struct cli_cmd *cmds;	/* -n -s -P -m -f -i, in order */
	int ncmds;
	struct cli_target {
		const char *arg;	/* -c command or -p pid */
		bool create;		/* -c */
	} *tgts;
	int ntgt;
	struct cli_dc *dc;
	bool exec, zdefs, dump, vers, hdr, gobj, list, byid;
	const char *ofile;
	const char *listen;	/* --listen ADDR:PORT */
	bool oformat;		/* -O given */
	bool service;		/* --service */
	const char *push;	/* --push URL */
	bool refused;		/* the compiler, probe matching or LOAD
				 * refused the program */
	int argc;		/* the macro arguments ($1...) */
	char **argv;
	bool anon_save;		/* -A */
	bool anon_claim;	/* -a */
	/* -A: the options as getopt saw them, for the saved file */
	struct cli_anon_args rec;
	int nrec;
	/* what main() sets up */
	struct sonde_proc **procs;
	long target;		/* $target: the first process */
	struct sonde_dev *dev;
	struct sonde_program *p;
};

/* -C, -D, -U, -H, -I: the C preprocessor's options.  0, or -1 (said). */
static int cli_cpp_opt(int opt, const char *arg)
{
	const char *v = opt == 'H' ? "" : arg;
	char *a;

	if (opt == 'C') {
		g_cpp = true;
		return 0;
	}
	if (opt == 'D') {
		if (g_ndefines + 1 >= sizeof(g_defines) / sizeof(g_defines[0])) {
			error("too many -D options");
			return -1;
		}
		g_defines[g_ndefines++] = arg;
		return 0;
	}
	a = malloc(strlen(v) + 3);
	if (!a || g_ncppargs + 1 >= sizeof(g_cppargs) / sizeof(g_cppargs[0])) {
		free(a);
		error("too many -%c options", opt);
		return -1;
	}
	sprintf(a, "-%c%s", opt, v);
	g_cppargs[g_ncppargs++] = a;
	return 0;
}

/* What getopt_long() did not take: a missing argument (':'), an option
 * dtrace has and sonde refuses, or none at all.  The exit status. */
static int cli_badopt(int opt, char **argv)
{
	const struct cli_opt *ro;

	if (opt == ':') {
		fprintf(stderr, "%s: option requires an argument -- '%c'\n",
			g_pname, optopt);
		return usage(stderr, E_USAGE);
	}
	ro = cli_opt_find(cli_refused, CLI_NREFUSED, opt);
	if (ro) {
		error("%s", ro->help);
		return E_USAGE;
	}
	/* '?': not an option at all */
	if (optopt)
		fprintf(stderr, "%s: illegal option -- %c\n", g_pname, optopt);
	else
		fprintf(stderr, "%s: illegal option -- %s\n", g_pname,
			argv[optind - 1]);
	return usage(stderr, E_USAGE);
}

/*
 * One pass over the options: modes, options, programs, targets in
 * command-line order.  -1 to go on, else the exit status.
 */
/*
 * Keep option @opt (and its @arg) for -A's file: every option of
 * cli_opts but the ones that are not about the program (-A, -a, -o, -V,
 * -e, -l, -S, -h, -G).  0, or -1 (said).
 */
static int cli_record(struct cli *o, int opt, const char *arg)
{
	const struct cli_opt *co = cli_opt_find(cli_opts, CLI_NOPTS, opt);
	char flag[3] = { '-', (char)opt, '\0' };

	if (!co || strchr("aAoVelShG", opt))
		return 0;
	if (cli_anon_args_add(&o->rec, flag) ||
	    (co->arg && cli_anon_args_add(&o->rec, arg))) {
		error("failed to allocate memory for arguments");
		return -1;
	}
	o->nrec += co->arg ? 2 : 1;
	return 0;
}

static int cli_getopt(struct cli *o, int argc, char **argv)
{
	char optstr[2 * (CLI_NOPTS + CLI_NREFUSED) + 2];
	struct stat st;
	int opt, rc;
	char *eq;

	cli_optstring(optstr, sizeof(optstr));
	opterr = 0;
	while ((opt = getopt_long(argc, argv, optstr, cli_longopts,
				  NULL)) != -1) {
		if (cli_record(o, opt, optarg))
			return E_ERROR;
		switch (opt) {
		case CLI_LONG_HELP:
			return usage(stdout, E_SUCCESS);
		case CLI_LONG_LISTEN:
			o->listen = optarg;
			break;
		case CLI_LONG_SERVICE:
			o->service = true;
			break;
		case CLI_LONG_PUSH:
			o->push = optarg;
			break;
		case CLI_LONG_VERSION:
			printf("sonde %s\nD 1.0, module ABI %u\n", SONDE_VERSION,
			       SONDE_ABI_VERSION);
			return E_SUCCESS;
		case '6':
			if (strcmp(optarg, "4")) {
				fprintf(stderr, "%s: illegal option -- 6%s\n",
					g_pname, optarg);
				return usage(stderr, E_USAGE);
			}
			break;	/* -64: what sonde always does */
		case 'n':
		case 's':
		case 'P':
		case 'm':
		case 'f':
		case 'i':
			o->cmds[o->ncmds].script = opt == 's';
			o->cmds[o->ncmds].spec = opt;
			o->cmds[o->ncmds].arg = optarg;
			o->cmds[o->ncmds].name = opt == 's' ? strdup(optarg) :
						 crop_name(optarg);
			o->byid |= opt == 'i';
			o->ncmds++;
			break;
		case 'a':
			o->anon_claim = true;
			break;
		case 'A':
			o->anon_save = true;
			break;
		case 'l':
			o->list = true;
			o->zdefs = true;	/* -l implies -Z */
			break;
		case 'o':
			o->ofile = optarg;
			break;
		case 'O':
			g_format = sonde_output_lookup(optarg);
			o->oformat = true;
			if (g_format < 0) {
				error("invalid output format -O %s: use text, json, folded, flamegraph, prometheus or pprof",
				      optarg);
				return E_USAGE;
			}
			break;
		case 'v':
			g_verbose = true;
			break;
		case 'q':
			g_quiet = 1;
			cli_dc_setopt(o->dc, "quiet", NULL);
			break;
		case 'w':
			cli_dc_setopt(o->dc, "destructive", NULL);
			break;
		case 'b':
			rc = cli_dc_setopt(o->dc, "bufsize", optarg);
			if (rc) {
				error("failed to set -b %s: %s", optarg,
				      dc_option_strerror(rc));
				return E_ERROR;
			}
			break;
		case 'x':
			eq = strchr(optarg, '=');
			if (eq)
				*eq++ = '\0';
			if (!strcmp(optarg, "errtags"))
				g_errtags = true;
			rc = cli_dc_setopt(o->dc, optarg, eq);
			if (rc) {
				error("failed to set -x %s: %s", optarg,
				      dc_option_strerror(rc));
				return E_ERROR;
			}
			break;
		case 'c':
		case 'p':
			o->tgts[o->ntgt].arg = optarg;
			o->tgts[o->ntgt].create = opt == 'c';
			o->ntgt++;
			break;
		case 'e':
			o->exec = false;
			break;
		case 'C':
		case 'D':
		case 'U':
		case 'H':
		case 'I':
			if (cli_cpp_opt(opt, optarg))
				return E_USAGE;
			break;
		case 'L':
			if (g_nlibdirs + 1 >= sizeof(g_libdirs) / sizeof(g_libdirs[0])) {
				error("too many -L options");
				return E_USAGE;
			}
			/* read only when a program needs it: checked now,
			 * as dtrace opens it at start */
			errno = 0;
			if (stat(optarg, &st) || !S_ISDIR(st.st_mode)) {
				error("failed to open library directory %s: %s",
				      optarg, strerror(errno ? errno : ENOTDIR));
				return E_USAGE;
			}
			g_libdirs[g_nlibdirs++] = optarg;
			break;
		case 'S':
			o->dump = true;
			break;
		case 'h':
			o->hdr = true;
			break;
		case 'G':
			o->gobj = true;
			break;
		case 'F':
			cli_dc_setopt(o->dc, "flowindent", NULL);
			break;
		case 'Z':
			o->zdefs = true;
			break;
		case 'V':
			o->vers = true;
			break;
		default:
			return cli_badopt(opt, argv);
		}
	}
	return -1;
}

/*
 * The -c / -p processes, first of all as dtrace does, so $target is
 * known: 0, or -1 (said).
 */
static int cli_targets(struct cli *o)
{
	char err[512], *end;
	long pid;
	int i;

	for (i = 0; i < o->ntgt; i++) {
		const char *arg = o->tgts[i].arg;

		if (o->tgts[i].create) {
			o->procs[i] = sonde_proc_create(arg, err, sizeof(err));
		} else {
			errno = 0;
			pid = strtol(arg, &end, 10);
			if (errno || end == arg || *end || pid <= 0) {
				error("invalid pid: %s", arg);
				return -1;
			}
			o->procs[i] = sonde_proc_grab((pid_t)pid, err,
						      sizeof(err));
		}
		if (!o->procs[i]) {
			error("%s", err);
			return -1;
		}
		if (!o->target)
			o->target = sonde_proc_pid(o->procs[i]);
	}
	return 0;
}

/* -l alone: every probe (and every USDT probe of the -p processes). */
static int cli_list_all(struct cli *o)
{
	struct sonde_dev *dev = o->dev;
	struct sonde_probe_desc any;
	char why[512] = "";
	int i, n;

	for (i = 0; i < o->ntgt; i++) {
		n = sonde_uprobe_provide_all(dev, sonde_proc_pid(o->procs[i]),
					     why, sizeof(why));
		if (n < 0) {
			error("%s", why);
			return E_ERROR;
		}
	}
	memset(&any, 0, sizeof(any));
	return cli_list(dev, &any, cli_dc_mangled(o->dc)) ? E_ERROR :
	       E_SUCCESS;
}

/* -P / -m / -f / -i become the -n description they mean: 0 or -1. */
static int cli_specs(struct cli *o)
{
	char *spec;
	int i, pos;

	for (i = 0; i < o->ncmds; i++) {
		struct cli_cmd *cmd = &o->cmds[i];

		if (cmd->spec != 'P' && cmd->spec != 'm' && cmd->spec != 'f' &&
		    cmd->spec != 'i')
			continue;
		pos = cmd->spec == 'P' ? 0 : cmd->spec == 'm' ? 1 :
		      cmd->spec == 'f' ? 2 : 3;
		spec = cli_spec(o->dev, cmd->arg, pos, cmd->spec == 'i');
		if (!spec)
			return -1;
		cmd->arg = spec;
		cmd->spec = 'N';	/* ours to free */
	}
	return 0;
}

/* -O prometheus with -o FILE or --listen: where each exposition goes. */
static struct cli_prom {
	const char *path;	/* -o FILE, else NULL */
	struct cli_httpd *httpd;	/* --listen, else NULL */
	bool failed;		/* a write of the file failed */
} g_prom;

/*
 * -o FILE: replaced whole, as node_exporter's textfile collector needs (it
 * may read at any time): a temporary file beside it, then rename(2).  The
 * temporary name does not end in .prom, so the collector never reads it.
 */
static int cli_prom_file(const char *path, const char *text, size_t len)
{
	char tmp[PATH_MAX];
	int fd, err = 0;
	ssize_t w;
	size_t off = 0;

	if (snprintf(tmp, sizeof(tmp), "%s.XXXXXX", path) >= (int)sizeof(tmp)) {
		err = -ENAMETOOLONG;
		goto out_said;
	}
	fd = mkstemp(tmp);
	if (fd < 0) {
		err = -errno;
		goto out_said;
	}
	while (off < len && !err) {
		w = write(fd, text + off, len - off);
		if (w < 0 && errno != EINTR)
			err = -errno;
		else if (w > 0)
			off += (size_t)w;
	}
	/* readable by the collector, which need not run as root */
	if (!err && fchmod(fd, 0644))
		err = -errno;
	if (close(fd) && !err)
		err = -errno;
	if (!err && rename(tmp, path))
		err = -errno;
	if (err)
		unlink(tmp);
out_said:
	if (err)
		error("failed to write output file '%s': %s", path,
		      strerror(-err));
	return err;
}

/*
 * An exposition: to the file, to the server.  A file that cannot be
 * written (said) does not end the trace: the next snapshot tries again,
 * the server still serves, and the exit status says it failed.
 */
static int cli_prom_snap(void *arg, const char *text, size_t len)
{
	struct cli_prom *pr = arg;

	if (pr->path && cli_prom_file(pr->path, text, len))
		pr->failed = true;
	return pr->httpd ? cli_httpd_update(pr->httpd, text, len) : 0;
}

/*
 * Resolve and LOAD @p on @dev: what comes between compiling and GO.  The
 * CLI's exit status (E_SUCCESS or E_ERROR, said).
 */
static int cli_prepare(struct cli *o, struct sonde_dev *dev,
		       struct sonde_program *p)
{
	bool zdefs = o->zdefs || p->uopts.zdefs;	/* -Z, -x zdefs, the pragma */

	if (cli_enable(dev, p, o->cmds, o->ncmds, zdefs, true))
		return E_ERROR;
	if (p->necbs == 0 && !zdefs) {
		error("no probes matched");
		return E_ERROR;
	}
	if (o->push && !sonde_program_has_stack_agg(p)) {
		error("--push: no aggregation has a stack(), ustack() or jstack() key: a profile is of stacks");
		return E_ERROR;
	}
	if (sonde_program_kopt(p, SONDE_OPT_destructive))
		notice("allowing destructive actions");
	/*
	 * A long attach (loading and arming hundreds of sites takes
	 * seconds, more under emulation) says what it is doing, as
	 * bpftrace's "Attaching N probes...", but only to a person: on a
	 * terminal, where dtrace's output stays as it is in files.
	 */
	if (p->necbs >= CLI_ATTACH_NOTE && isatty(STDERR_FILENO))
		notice("attaching %u probes...", p->necbs);
	if (cli_load(dev, p))
		return E_ERROR;
	return E_SUCCESS;
}

/*
 * --service: the program that replaces the running one at a SIGHUP,
 * compiled from the scripts as they are now, its probes matched and
 * LOADed on a device opened of its own while the old one still traces,
 * so that a script that fails anywhere before GO leaves the old program
 * tracing.
 */
static struct cli_reload {
	struct cli *o;
	struct cli_dc *dc;
	struct sonde_dev *dev;
	struct sonde_program *p;
} g_reload;

/* Consumer thread (sonde_work()'s pollfn): true when g_reload is ready. */
static bool cli_reload_poll(void *arg)
{
	struct cli_reload *r = arg;
	struct cli *o = r->o;
	struct sonde_consumer *c;
	int quiet = g_quiet, err;

	if (!g_hup)
		return false;
	g_hup = 0;
	fflush(stdout);
	fprintf(stderr, "%s: SIGHUP: reloading %s\n", g_pname,
		o->ncmds == 1 && o->cmds[0].script ? o->cmds[0].name :
		"the program");
	r->dc = cli_dc_again(o->dc);
	if (!r->dc)
		goto out_keep;
	r->dc->devp = &r->dev;
	r->p = cli_dc_compile(r->dc, o->cmds, o->ncmds, o->target, o->argc,
			      o->argv);
	if (!r->p)
		goto out_keep;
	if (!r->dev && !(r->dev = cli_open()))
		goto out_keep;
	g_quiet = r->p->uopts.quiet;	/* the new program's notices */
	if (cli_prepare(o, r->dev, r->p) != E_SUCCESS)
		goto out_keep;
	/* what the output format refuses (-O prometheus: a stack key),
	 * refused now, while the old program still traces */
	c = sonde_consumer_new(r->p, g_ofp, lib_msg, NULL);
	if (!c) {
		error("failed to allocate memory");
		goto out_keep;
	}
	err = sonde_consumer_set_format(c, g_format);
	sonde_consumer_free(c);
	if (err)
		goto out_keep;
	g_quiet = quiet;
	return true;

out_keep:
	g_quiet = quiet;
	error("reload failed: the running program goes on");
	sonde_dev_close(r->dev);
	sonde_program_free(r->p);
	cli_dc_free(r->dc);
	memset(r, 0, sizeof(*r));
	r->o = o;
	return false;
}

/* --push: the sender, and what it says (from its thread too). */
static struct cli_push *g_push;

static void cli_push_msg(const char *msg)
{
	error("%s", msg);
}

static int cli_push_fn(void *arg, const char *agg, const char *text,
		       size_t len)
{
	return cli_push_profile(arg, agg, text, len);
}

/*
 * The profile's sampling rate (Pyroscope's sampleRate, in Hz): that of
 * the program's profile-N probes when they all have one (profile-997,
 * profile-97hz, profile-1ms), else 0 (the server's default).
 */
static unsigned int cli_push_rate(const struct sonde_program *p)
{
	unsigned int rate = 0, r;
	unsigned long long v, ns;
	uint32_t c, d;
	char *end;

	for (c = 0; c < p->nclauses; c++) {
		for (d = 0; d < p->clauses[c].ndescs; d++) {
			const struct sonde_probe_desc *pd =
				&p->clauses[c].descs[d].desc;

			/* "profile-97" alone names the name only */
			if ((pd->provider[0] && strcmp(pd->provider, "profile")) ||
			    strncmp(pd->name, "profile-", 8))
				continue;
			v = strtoull(pd->name + 8, &end, 10);
			if (!v)
				return 0;
			if (!*end || !strcmp(end, "hz"))
				ns = 1000000000ULL / v;
			else if (!strcmp(end, "ns"))
				ns = v;
			else if (!strcmp(end, "us"))
				ns = v * 1000;
			else if (!strcmp(end, "ms"))
				ns = v * 1000000;
			else if (!strcmp(end, "s") || !strcmp(end, "sec"))
				ns = v * 1000000000ULL;
			else
				return 0;
			r = !*end || !strcmp(end, "hz") ? (unsigned int)v :
			    ns ? (unsigned int)((1000000000ULL + ns / 2) / ns) : 0;
			if (!r || (rate && r != rate))
				return 0;
			rate = r;
		}
	}
	return rate;
}

/* Trace @o->p, loaded on @o->dev, to the end: the exit status. */
static int cli_run(struct cli *o)
{
	struct sonde_consumer *c;
	int status, err;

	c = sonde_consumer_new(o->p, g_ofp, lib_msg, NULL);
	if (!c) {
		error("failed to allocate memory");
		return E_ERROR;
	}
	sonde_consumer_set_quiet(c, g_quiet);
	/* dtrace's testing mode, as dtrace-utils' runtest.sh asks for it */
	sonde_consumer_set_testing(c, getenv("_DTRACE_TESTING") != NULL);
	/* as dtrace: run-time errors in Linux dtrace's words */
	sonde_consumer_set_dtrace2(c, !strcmp(g_pname, "dtrace"));
	if (sonde_consumer_set_format(c, g_format)) {
		sonde_consumer_free(c);
		return E_ERROR;
	}
	if (g_prom.path || g_prom.httpd)
		sonde_consumer_set_snapfn(c, cli_prom_snap, &g_prom);
	if (o->service)
		sonde_consumer_set_pollfn(c, cli_reload_poll, &g_reload);
	if (g_push)
		sonde_consumer_set_pushfn(c, cli_push_fn, g_push);
	if (o->ntgt)
		sonde_consumer_set_upid(c, sonde_proc_pid(o->procs[0]));
	err = sonde_work(o->dev, c, o->procs, (unsigned int)o->ntgt, &g_intr,
			 &status);
	sonde_consumer_free(c);
	return err ? E_ERROR : status;
}

/*
 * The program loaded (or the anonymous state claimed, -a): the outputs,
 * GO, the run loop and --service's reloads, the end; the exit status.
 */
static int cli_consume(struct cli *o)
{
	struct sigaction act;
	char ebuf[256];
	int status;

	if (g_format == SONDE_OUT_PROMETHEUS && (o->ofile || o->listen)) {
		g_prom.path = o->ofile;
		if (o->listen) {
			g_prom.httpd = cli_httpd_start(o->listen, ebuf,
						       sizeof(ebuf));
			if (!g_prom.httpd) {
				error("%s", ebuf);
				return E_ERROR;
			}
		}
	}
	if (o->push) {
		g_push = cli_push_start(o->push, cli_push_rate(o->p),
					cli_push_msg, ebuf, sizeof(ebuf));
		if (!g_push) {
			error("%s", ebuf);
			cli_httpd_stop(g_prom.httpd);
			return E_ERROR;
		}
	}
	/*
	 * From here on ^C ends the trace (twice: at once).  SIGHUP too, as
	 * dtrace's; with --service it reloads the program instead.
	 */
	memset(&act, 0, sizeof(act));
	sigemptyset(&act.sa_mask);
	act.sa_handler = intr;
	sigaction(SIGINT, &act, NULL);
	sigaction(SIGTERM, &act, NULL);
	act.sa_handler = o->service ? hup : intr;
	sigaction(SIGHUP, &act, NULL);
	g_reload.o = o;
	for (;;) {
		status = cli_run(o);
		if (!g_reload.p)
			break;
		if (g_intr) {
			/* stopped as the reload was ready: it never runs */
			sonde_dev_close(g_reload.dev);
			sonde_program_free(g_reload.p);
			cli_dc_free(g_reload.dc);
			break;
		}
		/* the old trace has ended (END, its last output): the
		 * reloaded program takes its place */
		sonde_dev_close(o->dev);
		sonde_program_free(o->p);
		cli_dc_free(o->dc);
		o->dev = g_reload.dev;
		o->p = g_reload.p;
		o->dc = g_reload.dc;
		memset(&g_reload, 0, sizeof(g_reload));
		g_reload.o = o;
		g_quiet = o->p->uopts.quiet;
		fflush(stdout);
		fprintf(stderr, "%s: reloaded: the new program traces\n",
			g_pname);
	}
	cli_httpd_stop(g_prom.httpd);
	g_prom.httpd = NULL;
	cli_push_stop(g_push);
	g_push = NULL;
	return g_prom.failed ? E_ERROR : status;
}

static int cli_trace(struct cli *o)
{
	int status;

	if (!o->dev && !(o->dev = cli_open()))
		return E_ERROR;
	status = cli_prepare(o, o->dev, o->p);
	if (status != E_SUCCESS) {
		o->refused = true;
		return status;
	}
	return cli_consume(o);
}

/* -A with arguments but no program: a mistake, not a removal. */
static int cli_usage_anon(const char *arg)
{
	error("-A without a program removes the saved enabling and takes no arguments (%s); give the program with -n or -s",
	      arg);
	return E_USAGE;
}

/* -A's file: -o's path, else the one the module reads by default. */
static const char *cli_anon_path(const struct cli *o)
{
	return o->ofile ? o->ofile : SONDE_ANON_PATH;
}

/*
 * The default file is the boot's: sonde -A (without -o) also has the
 * module loaded at boot, by systemd-modules-load, as dtrace -A adds
 * "forceload: drv/dtrace" to /etc/system; sonde -A alone takes it out.
 */
#define CLI_ANON_LOAD	"/etc/modules-load.d/sonde.conf"

static int cli_anon_forceload(void)
{
	static const char text[] =
		"# sonde -A: load sonde at boot, to start the anonymous enabling\n"
		"# saved in " SONDE_ANON_PATH " (sonde -A alone removes both)\n"
		"sonde\n";
	int ret = cli_anon_write(CLI_ANON_LOAD, text, sizeof(text) - 1);

	if (ret)
		error("failed to write %s: %s", CLI_ANON_LOAD, strerror(-ret));
	return ret;
}

/* -A with no program, and before saving one: remove the old file, as
 * dtrace's dof_prune() says it (and, for the default file, the boot's
 * loading of the module, as its etcsystem_prune()). */
static int cli_anon_clean(const struct cli *o)
{
	const char *path = cli_anon_path(o);

	if (!o->ofile && !unlink(CLI_ANON_LOAD))
		error("cleaned up forceload directives in %s", CLI_ANON_LOAD);
	else if (!o->ofile && errno != ENOENT)
		error("failed to remove %s: %s", CLI_ANON_LOAD,
		      strerror(errno));
	if (!unlink(path)) {
		error("cleaned up old anonymous enabling in %s", path);
		return E_SUCCESS;
	}
	if (errno == ENOENT)
		return E_SUCCESS;
	error("failed to remove %s: %s", path, strerror(errno));
	return E_ERROR;
}

/* Append every string of @from (the recorded options) to @a. */
static int cli_anon_args_cat(struct cli_anon_args *a,
			     const struct cli_anon_args *from)
{
	size_t off;

	for (off = 0; off < from->size; off += strlen(from->buf + off) + 1)
		if (cli_anon_args_add(a, from->buf + off))
			return -ENOMEM;
	return 0;
}

/*
 * -A with a program: resolve its probes (no "matched" notices, as dtrace
 * -A), and save it with what compiling it again takes (cmd/anon.c).
 */
static int cli_anon_save(struct cli *o, int argc, char **argv)
{
	const char *path = cli_anon_path(o);
	struct sonde_program *p = o->p;
	struct cli_anon_args a = { 0 };
	char num[16], why[512] = "", *text;
	void *file = NULL;
	size_t size = 0;
	int i, ret, status = E_ERROR;

	if (o->ntgt) {
		error("-A cannot be used with -c or -p: the process will not be there at boot");
		return E_USAGE;
	}
	if (!o->dev && !(o->dev = cli_open()))
		return E_ERROR;
	o->zdefs |= p->uopts.zdefs;
	if (cli_enable(o->dev, p, o->cmds, o->ncmds, o->zdefs, false))
		return E_ERROR;
	if (p->necbs == 0) {
		error("no probes matched");
		return E_ERROR;
	}
	snprintf(num, sizeof(num), "%d", o->nrec + argc);
	ret = cli_anon_args_add(&a, num) ?: cli_anon_args_cat(&a, &o->rec);
	for (i = 0; !ret && i < argc; i++)
		ret = cli_anon_args_add(&a, argv[i]);
	for (i = 0; !ret && i < o->ncmds; i++) {
		if (!o->cmds[i].script)
			continue;
		text = cli_slurp(o->cmds[i].arg);
		if (!text)
			goto out;
		ret = cli_anon_args_add(&a, text);
		free(text);
	}
	if (!ret)
		ret = sonde_anon_build(p, a.buf, a.size, &file, &size, why,
				       sizeof(why));
	if (ret) {
		error("cannot save an anonymous enabling: %s",
		      why[0] ? why : sonde_strerror(ret));
		goto out;
	}
	if (cli_anon_clean(o))
		goto out;
	ret = cli_anon_write(path, file, size);
	if (ret) {
		error("failed to write %s: %s", path, strerror(-ret));
		goto out;
	}
	if (!o->ofile && cli_anon_forceload())
		goto out;
	/* error(), not notice(): said even for a program with the quiet
	 * option, as dtrace says it */
	error("saved anonymous enabling in %s", path);
	error("load the sonde module again, or reboot (after update-initramfs -u if sonde is in the initramfs), to enable changes");
	status = E_SUCCESS;
out:
	free(a.buf);
	free(file);
	return status;
}

/*
 * -a: claim the module's anonymous state, compile the saved program
 * again from the file the module gives back, and consume it as if this
 * command had started it: what it recorded since boot first, then on
 * until ^C or exit().
 */
static int cli_anon_claim(struct cli *o)
{
	struct cli o2 = { .exec = true };
	struct sonde_anon_view v;
	struct sonde_vlog log;
	char text[256] = "", why[512] = "";
	char **av = NULL, **scripts = NULL;
	int ac = 0, ns = 0, i, k, ret, status = E_ERROR;
	void *file = NULL;
	size_t size = 0;

	if (o->ncmds) {
		error("could not enable tracing: Can't claim anonymous state and enable probes");
		return E_ERROR;
	}
	if (o->anon_save) {
		error("-a and -A cannot be used together");
		return E_USAGE;
	}
	if (!o->dev && !(o->dev = cli_open()))
		return E_ERROR;
	ret = sonde_dev_anon_claim(o->dev, &file, &size);
	if (ret == -ENOENT) {
		error("could not enable tracing: No anonymous tracing state");
		return E_ERROR;
	}
	if (ret == -EBUSY) {
		error("could not enable tracing: the anonymous tracing state is claimed by another consumer, still running");
		return E_ERROR;
	}
	if (ret) {
		error("could not enable tracing: %s", sonde_strerror(ret));
		return E_ERROR;
	}
	memset(&log, 0, sizeof(log));
	log.buf = text;
	log.size = sizeof(text);
	ret = sonde_anon_parse(file, size, &v, &log);
	if (ret) {
		text[strcspn(text, "\n")] = '\0';
		error("%s", text);
		goto out;
	}
	if (cli_anon_args_decode(v.args, v.args_size, &av, &ac, &scripts,
				 &ns)) {
		error("anonymous enabling: its arguments are malformed");
		goto out;
	}
	o2.cmds = calloc(ac, sizeof(*o2.cmds));
	o2.tgts = calloc(ac, sizeof(*o2.tgts));
	o2.procs = calloc(ac, sizeof(*o2.procs));
	if (!o2.cmds || !o2.tgts || !o2.procs) {
		error("failed to allocate memory for arguments");
		goto out;
	}
	o2.dc = o->dc;
	o2.dev = o->dev;
	o2.ofile = o->ofile;
	o2.listen = o->listen;
	optind = 0;	/* getopt starts again, on the saved arguments */
	if (cli_getopt(&o2, ac, av) >= 0 || o2.ntgt || !o2.ncmds) {
		error("anonymous enabling: its arguments are not a program's");
		goto out;
	}
	for (i = 0, k = 0; i < o2.ncmds; i++) {
		if (!o2.cmds[i].script)
			continue;
		if (k >= ns) {
			error("anonymous enabling: a script's text is missing");
			goto out;
		}
		o2.cmds[i].text = scripts[k++];
	}
	o2.dc->devp = &o2.dev;
	o2.p = cli_dc_compile(o2.dc, o2.cmds, o2.ncmds, 0, ac - optind,
			      av + optind);
	if (!o2.p)
		goto out;
	g_quiet = o2.p->uopts.quiet;
	ret = sonde_anon_bind(o2.dev, o2.p, file, size, why, sizeof(why));
	if (ret) {
		error("cannot consume the anonymous enabling: %s",
		      why[0] ? why : sonde_strerror(ret));
		goto out;
	}
	status = cli_consume(&o2);
out:
	sonde_program_free(o2.p);
	for (i = 0; i < o2.ncmds; i++)
		free(o2.cmds[i].name);
	free(o2.cmds);
	free(o2.tgts);
	free(o2.procs);
	free(o2.rec.buf);
	free(av);
	free(scripts);
	free(file);
	return status;
}

/* Everything after the options: the exit status. */
static int cli_main(struct cli *o, int argc, char **argv)
{
	uint32_t cl, d;
	int i;

	if (o->list || o->byid) {
		o->dev = cli_open();
		if (!o->dev)
			return E_ERROR;
	}
	if (o->list)
		fprintf(g_ofp, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER",
			"MODULE", "FUNCTION", "NAME");
	if (cli_targets(o))
		return E_ERROR;
	if (o->list && o->ncmds == 0)
		return cli_list_all(o);
	if (cli_specs(o))
		return E_ERROR;

	o->dc->devp = &o->dev;
	o->argc = argc;
	o->argv = argv;
	o->p = cli_dc_compile(o->dc, o->cmds, o->ncmds, o->target, argc,
			      argv);
	if (!o->p) {
		o->refused = true;
		return E_ERROR;
	}
	g_quiet = o->p->uopts.quiet;	/* -q, -x quiet=no, pragmas: the last */
	if (o->dump)
		cli_dc_dump(o->dc, o->p);
	if (o->list) {
		/* list_stmt(): every description of every clause, in order */
		for (cl = 0; cl < o->p->nclauses; cl++)
			for (d = 0; d < o->p->clauses[cl].ndescs; d++)
				cli_list(o->dev, &o->p->clauses[cl].descs[d].desc,
					 o->p->uopts.mangled);
		return E_SUCCESS;
	}
	if (!o->exec) {
		for (i = 0; i < o->ncmds && g_verbose; i++)
			cli_stability(o->p, &o->cmds[i], false);
		return E_SUCCESS;
	}
	return o->anon_save ? cli_anon_save(o, argc, argv) : cli_trace(o);
}

int main(int argc, char **argv)
{
	struct cli o = { .exec = true };
	int i, status, err;

	/* as dtrace: messages say "dtrace", the helper's options pass */
	g_pname = cli_progname(argv[0]);
	argc = cli_dtrace_args(g_pname, argc, argv);
	g_ofp = stdout;
	if (argc == 1)
		return usage(stderr, E_USAGE);
	o.cmds = calloc(argc, sizeof(*o.cmds));
	o.tgts = calloc(argc, sizeof(*o.tgts));
	o.procs = calloc(argc, sizeof(*o.procs));
	o.dc = cli_dc_new();
	if (!o.cmds || !o.tgts || !o.procs || !o.dc) {
		error("failed to allocate memory for arguments");
		return E_ERROR;
	}
	if (isatty(STDOUT_FILENO))
		setvbuf(stdout, NULL, _IOLBF, 0);

	status = cli_getopt(&o, argc, argv);
	if (status >= 0)
		return status;
	if (o.vers) {
		printf("%s: D 1.0 (sonde %s)\n", g_pname, SONDE_VERSION);
		return E_SUCCESS;
	}
	if (o.hdr && o.gobj) {
		error("-h and -G cannot be used together");
		return E_USAGE;
	}
	if (o.hdr)
		return cli_header(o.cmds[0].arg,
				  o.ncmds == 1 && o.cmds[0].script, o.ofile);
	if (o.gobj)
		return cli_sdt_object(o.cmds[0].arg,
				      o.ncmds == 1 && o.cmds[0].script, o.ofile,
				      argc - optind, argv + optind);
	if (o.ncmds == 0 && !o.list && !o.anon_claim && !o.anon_save) {
		error("no probes specified");
		/* bpftrace's -e PROGRAM: here -e is dtrace's, and the
		 * program was left over as an argument */
		if (!o.exec && optind < argc)
			error("-e takes no program (it is dtrace's -e: exit after compiling); give the program with -n, as in: %s -n '%s'",
			      g_pname, argv[optind]);
		return E_ERROR;
	}
	if (o.service && (o.ntgt || o.list)) {
		error("--service traces the whole system: it takes no -c, -p or -l");
		return E_USAGE;
	}
	if (o.push) {
		char perr[512];

		if (cli_push_check(o.push, perr, sizeof(perr))) {
			error("%s", perr);
			return E_USAGE;
		}
	}
	if (o.listen && !o.oformat)
		g_format = SONDE_OUT_PROMETHEUS;
	if (o.listen && g_format != SONDE_OUT_PROMETHEUS) {
		error("--listen serves -O prometheus only");
		return E_USAGE;
	}
	/* dtrace appends; a flame graph and a pprof profile are one
	 * document: they replace; -O prometheus replaces the file at every
	 * exposition (cli_prom_snap) */
	if (o.ofile && !o.anon_save && g_format != SONDE_OUT_PROMETHEUS &&
	    !(g_ofp = fopen(o.ofile, g_format == SONDE_OUT_FLAMEGRAPH ||
				     g_format == SONDE_OUT_PPROF ? "w" : "a"))) {
		error("failed to open output file '%s': %s", o.ofile,
		      strerror(errno));
		return E_ERROR;
	}

	if (o.anon_claim)
		status = cli_anon_claim(&o);
	else if (o.anon_save && o.ncmds == 0 && optind < argc)
		status = cli_usage_anon(argv[optind]);
	else if (o.anon_save && o.ncmds == 0)
		status = cli_anon_clean(&o);
	else
		status = cli_main(&o, argc - optind, argv + optind);
	/* refused before tracing began: no restart will help */
	if (o.service && status == E_ERROR && o.refused)
		status = E_REFUSED;

	for (i = 0; i < o.ntgt; i++)
		sonde_proc_release(o.procs[i]);
	err = errno;
	sonde_dev_close(o.dev);
	sonde_program_free(o.p);	/* frees p itself */
	cli_dc_free(o.dc);
	free(o.rec.buf);
	for (i = 0; i < o.ncmds; i++) {
		free(o.cmds[i].name);
		if (o.cmds[i].spec == 'N')
			free(o.cmds[i].arg);
	}
	if (g_ofp != stdout && fclose(g_ofp) && status == E_SUCCESS) {
		error("failed to write output file '%s': %s", o.ofile,
		      strerror(errno));
		status = E_ERROR;
	}
	free(o.cmds);
	free(o.tgts);
	free(o.procs);
	errno = err;
	return status;
}
