// SPDX-License-Identifier: GPL-2.0
/*
 * sonde.c - the sonde command: dtrace(1M)'s command line, messages, run
 * loop and exit statuses (illumos usr/src/cmd/dtrace/dtrace.c) on top of
 * libsonde.  Single-threaded; signals only set flags.
 *
 * Flow: options -> create/grab the target (-c/-p, so $target is known) ->
 * compile every -n/-s -> resolve probes (notices) -> LOAD -> GO -> start
 * the -c child -> loop { sleep to the next switchrate tick, checking
 * STATUS / signals / the target every 10 ms; AGGSNAP; DRAIN } -> STOP ->
 * final AGGSNAP + DRAIN (END's CPU last) -> "\n" -> unprinted aggregations.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "libsonde.h"
#include "dc.h"
#include "uelf.h"

#ifndef SONDE_VERSION
#define SONDE_VERSION	"0.1"
#endif

#define E_SUCCESS	0
#define E_ERROR		1
#define E_USAGE		2

#define SONDE_STATUSRATE	1000000000ULL	/* ns, DTrace's statusrate */

static const char SONDE_OPTSTR[] =
	"3:6:aAb:Bc:CD:ef:FGhHi:I:lL:m:n:o:O:p:P:qs:SU:vVwx:X:Z";

static const char *g_pname = "sonde";
static bool g_verbose;		/* -v: stability reports, -lv arguments */

/* -C, -D, -U, -I: the C preprocessor for scripts */
static bool g_cpp;
static const char *g_defines[64];
static const char *g_cppargs[64];
static unsigned int g_ndefines, g_ncppargs;
static int g_quiet;
static volatile sig_atomic_t g_intr;
static int g_newline;
static FILE *g_ofp;		/* -o FILE, else stdout */
static int g_format;		/* -O: SONDE_OUT_* */

struct cli_cmd {
	bool script;		/* -s FILE, else -n TEXT */
	int spec;		/* 'n', 'P', 'm', 'f', 'i', 's' */
	char *arg;		/* as given */
	char *name;		/* for messages: file, or the cropped text */
	uint32_t clause0;	/* first clause of this command */
	uint32_t nclauses;
};

static int usage(FILE *fp)
{
	static const char predact[] = "[[ predicate ] action ]";

	fprintf(fp, "Usage: %s [-elqSVwZ] [-b bufsz] [-c cmd] [-o output] "
		"[-O json] [-p pid] [-s script] [-x opt[=val]]\n\n"
		"\t[-P provider %s]\n"
		"\t[-m [ provider: ] module %s]\n"
		"\t[-f [[ provider: ] module: ] func %s]\n"
		"\t[-n [[[ provider: ] module: ] func: ] name %s]\n"
		"\t[-i probe-id %s] [ args ... ]\n\n", g_pname, predact,
		predact, predact, predact, predact);
	fprintf(fp, "\tpredicate -> '/' D-expression '/'\n");
	fprintf(fp, "\t   action -> '{' D-statements '}'\n");
	fprintf(fp, "\n"
		"\t-b  set trace buffer size\n"
		"\t-c  run specified command and exit upon its completion\n"
		"\t-e  exit after compiling request but prior to enabling probes\n"
		"\t-f  enable or list probes matching the specified function name\n"
		"\t-i  enable or list probes matching the specified probe id\n"
		"\t-l  list probes matching specified criteria\n"
		"\t-m  enable or list probes matching the specified module name\n"
		"\t-n  enable or list probes matching the specified probe name\n"
		"\t-o  set output file\n"
		"\t-O  set output format: text (default) or json\n"
		"\t-p  grab specified process-ID and cache its symbol tables\n"
		"\t-P  enable or list probes matching the specified provider name\n"
		"\t-q  set quiet mode (only output explicitly traced data)\n"
		"\t-s  enable or list probes according to the specified D script\n"
		"\t-S  print D compiler intermediate code\n"
		"\t-V  report DTrace API version\n"
		"\t-w  permit destructive actions\n"
		"\t-x  enable or modify compiler and tracing options\n"
		"\t-Z  permit probe descriptions that match zero probes\n");
	return E_USAGE;
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
	if (!g_intr)
		g_newline = 1;
	g_intr++;
}

/* ---- the compiler, behind one small adapter --------------------------- */

/*
 * Everything the CLI needs from the D compiler (userland/lib/dc.h) goes
 * through these functions, so a change in the compiler's API touches only
 * this block.  Without the compiler built in, they fail cleanly.
 */
struct cli_dc;

struct cli_dc {
	struct dc *dc;
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
	int err = dc_setopt(c->dc, opt, val);

	if (err == -ENOENT)
		error("failed to set option -x %s: Invalid option name", opt);
	else if (err)
		error("failed to set option -x %s%s%s: %s", opt, val ? "=" : "",
		      val ? val : "", err == -ERANGE ?
		      "Value is out of range" : "Invalid value for specified option");
	return err;
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

static struct sonde_program *cli_dc_compile(struct cli_dc *c,
					    struct cli_cmd *cmds, int ncmds,
					    long target, int argc, char **argv)
{
	struct dc_opts o = { .sz = sizeof(o), .target = target ? target : -1,
			     .argc = argc, .argv = argv, .defines = g_defines,
			     .cpp = g_cpp, .cpp_args = g_cppargs };
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
			texts[i] = cli_slurp(cmds[i].arg);
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
		if (dc_ndiags(c->dc))
			dc_diags_print(c->dc, stderr, "sonde: ");
		else
			error("failed to compile: %s", strerror(errno));
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
	if (c)
		dc_free(c->dc);
	free(c);
}

/* ---- target processes --------------------------------------------- */

struct cli_target {
	pid_t pid;
	bool created;		/* -c: our child */
	bool live;
	bool stopped;		/* -c: held at its exec under ptrace */
	char *cmd;
};

static char **make_argv(char *s)
{
	const char *ws = "\f\n\r\t\v ";
	char **argv = calloc(strlen(s) / 2 + 2, sizeof(char *));
	int argc = 0;
	char *p;

	if (!argv)
		return NULL;
	for (p = strtok(s, ws); p; p = strtok(NULL, ws))
		argv[argc++] = p;
	if (argc == 0)
		argv[argc++] = s;
	argv[argc] = NULL;
	return argv;
}

/* Does @file name something execvp() would run? */
static bool cli_findexec(const char *file)
{
	const char *path = getenv("PATH"), *p, *e;
	char buf[4096];

	if (strchr(file, '/'))
		return access(file, X_OK) == 0;
	if (!path)
		path = "/usr/local/bin:/usr/bin:/bin";
	for (p = path; ; p = e + 1) {
		e = strchr(p, ':');
		if (!e)
			e = p + strlen(p);
		snprintf(buf, sizeof(buf), "%.*s/%s", (int)(e - p),
			 e == p ? "." : p, file);
		if (access(buf, X_OK) == 0)
			return true;
		if (!*e)
			return false;
	}
}

/*
 * Create the -c process as dtrace does: it runs up to its exec and stops
 * there (PTRACE_TRACEME: the exec's SIGTRAP stop), so its program and
 * address space are the final ones when user probes are created for it,
 * and not one instruction of it has run.  cli_continue() detaches.
 */
static int cli_create(struct cli_target *t, const char *cmd)
{
	int ep[2], e, status;
	char **argv, *copy;
	ssize_t n;

	copy = strdup(cmd);
	argv = copy ? make_argv(copy) : NULL;
	if (!argv) {
		error("failed to allocate memory");
		return -1;
	}
	if (!cli_findexec(argv[0])) {
		e = errno;
		error("failed to execute %s: %s", argv[0], strerror(e));
		goto out_free;
	}
	if (pipe2(ep, O_CLOEXEC)) {
		error("failed to create pipe: %s", strerror(errno));
		goto out_free;
	}
	fflush(NULL);
	t->pid = fork();
	if (t->pid < 0) {
		error("failed to fork: %s", strerror(errno));
		goto out_free;
	}
	if (t->pid == 0) {
		close(ep[0]);
		if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) == 0)
			execvp(argv[0], argv);
		e = errno;
		if (write(ep[1], &e, sizeof(e)) < 0)
			_exit(127);
		_exit(127);
	}
	close(ep[1]);
	do {
		n = read(ep[0], &e, sizeof(e));
	} while (n < 0 && errno == EINTR);
	close(ep[0]);
	t->cmd = strdup(argv[0]);
	t->created = true;
	if (n == sizeof(e)) {
		waitpid(t->pid, NULL, 0);
		error("failed to execute %s: %s", argv[0], strerror(e));
		goto out_free;
	}
	/* the exec succeeded: wait for its ptrace stop */
	while (waitpid(t->pid, &status, 0) < 0) {
		if (errno != EINTR) {
			error("failed to wait for %s: %s", argv[0],
			      strerror(errno));
			goto out_free;
		}
	}
	if (!WIFSTOPPED(status)) {
		error("failed to execute %s: it ended before tracing began",
		      argv[0]);
		goto out_free;
	}
	t->live = true;
	t->stopped = true;
	free(argv);
	free(copy);
	return 0;

out_free:
	free(argv);
	free(copy);
	return -1;
}

static int cli_grab(struct cli_target *t, const char *arg)
{
	char *end;
	long pid;

	errno = 0;
	pid = strtol(arg, &end, 10);
	if (errno || end == arg || *end || pid <= 0) {
		error("invalid pid: %s", arg);
		return -1;
	}
	if (kill((pid_t)pid, 0) && errno == ESRCH) {
		error("failed to grab pid %ld: no such process", pid);
		return -1;
	}
	t->pid = (pid_t)pid;
	t->live = true;
	return 0;
}

/* Let the -c process run: detach, dropping the exec's SIGTRAP. */
static int cli_continue(struct cli_target *t)
{
	if (!t->created || !t->stopped)
		return 0;
	t->stopped = false;
	if (ptrace(PTRACE_DETACH, t->pid, NULL, NULL)) {
		error("failed to resume %s: %s", t->cmd, strerror(errno));
		return -1;
	}
	return 0;
}

/* prochandler(): report the target's end once. */
static void cli_check_target(struct cli_target *t)
{
	int status;
	pid_t r;

	if (!t->live)
		return;
	if (t->created) {
		r = waitpid(t->pid, &status, WNOHANG);
		if (r == 0 || (r < 0 && errno == EINTR))
			return;
		t->live = false;
		if (r < 0)
			return;
		if (WIFSIGNALED(status))
			notice("pid %d terminated by %s", (int)t->pid,
			       sigabbrev_np(WTERMSIG(status)) ?
			       sigabbrev_np(WTERMSIG(status)) : "signal");
		else if (WEXITSTATUS(status) != 0)
			notice("pid %d exited with status %d", (int)t->pid,
			       WEXITSTATUS(status));
		else
			notice("pid %d has exited", (int)t->pid);
		return;
	}
	if (kill(t->pid, 0) && errno == ESRCH) {
		t->live = false;
		notice("pid %d has exited", (int)t->pid);
	}
}

/* Tracing never began: a -c process is killed, as dtrace does. */
static void cli_abandon(struct cli_target *t)
{
	if (!t->created || !t->live)
		return;
	if (t->stopped)
		kill(t->pid, SIGKILL);
	waitpid(t->pid, NULL, 0);
	t->live = false;
}

/*
 * -h: the C header for the provider definitions of the one -s script, to
 * -o's file or, as dtrace names it, the script's base name with .h for
 * .d in the current directory.
 */
static int cli_header(const struct cli_cmd *cmds, int ncmds,
		      const char *ofile)
{
	char name[PATH_MAX], err[512];
	const char *base, *dot;
	FILE *in, *out;
	char *src = NULL;
	size_t len = 0;
	int ret;

	if (ncmds != 1 || !cmds[0].script) {
		error("-h requires exactly one -s script of provider definitions");
		return E_USAGE;
	}
	in = fopen(cmds[0].arg, "re");
	if (!in) {
		error("failed to open %s: %s", cmds[0].arg, strerror(errno));
		return E_ERROR;
	}
	out = open_memstream(&src, &len);
	if (out) {
		char buf[4096];
		size_t n;

		while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
			fwrite(buf, 1, n, out);
		fclose(out);
	}
	fclose(in);
	if (!src) {
		error("failed to read %s", cmds[0].arg);
		return E_ERROR;
	}
	if (!ofile) {
		base = strrchr(cmds[0].arg, '/');
		base = base ? base + 1 : cmds[0].arg;
		dot = strrchr(base, '.');
		if (!dot || strcmp(dot, ".d")) {
			error("failed to name the header: %s does not end in .d (use -o)",
			      cmds[0].arg);
			free(src);
			return E_ERROR;
		}
		snprintf(name, sizeof(name), "%.*s.h", (int)(dot - base), base);
		ofile = name;
	}
	out = strcmp(ofile, "-") ? fopen(ofile, "w") : stdout;
	if (!out) {
		error("failed to open %s: %s", ofile, strerror(errno));
		free(src);
		return E_ERROR;
	}
	ret = sonde_usdt_header(out, src, cmds[0].arg, err, sizeof(err));
	if (out != stdout && fclose(out) && !ret)
		ret = -errno;
	free(src);
	if (ret) {
		if (out != stdout)
			unlink(ofile);
		if (ret == -EINVAL)
			fprintf(stderr, "%s\n", err);
		else
			error("failed to write %s: %s", ofile, strerror(-ret));
		return E_ERROR;
	}
	return E_SUCCESS;
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

static int cli_enable(struct sonde_dev *dev, struct sonde_program *p,
		      struct cli_cmd *cmds, int ncmds, bool zdefs)
{
	uint32_t *counts, di = 0, c, d, total;
	int i, err;

	counts = calloc(sonde_program_ndescs(p) + 1, sizeof(*counts));
	if (!counts)
		return -ENOMEM;
	err = sonde_program_resolve(dev, p, counts);
	if (err) {
		if (dev->errmsg[0])
			error("failed to enable probes: %s", dev->errmsg);
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
				if (cmds[i].script)
					error("failed to compile script %s: line %u: probe description %s does not match any probes",
					      cmds[i].name, p->clauses[c].line,
					      desc);
				else
					error("invalid probe specifier %s: probe description %s does not match any probes",
					      cmds[i].arg, desc);
				err = -ENOENT;
				goto out;
			}
		}
		notice("%s '%s' matched %u probe%s",
		       cmds[i].script ? "script" : "description",
		       cmds[i].name, total, total == 1 ? "" : "s");
		if (g_verbose)
			cli_stability(p, &cmds[i], true);
	}
out:
	free(counts);
	return err;
}

static int cli_load(struct sonde_dev *dev, struct sonde_program *p)
{
	void *image = NULL;
	size_t size = 0;
	char *log = NULL, *nl;
	int err;

	err = sonde_program_image(p, &image, &size);
	if (err) {
		error("failed to build the program image: %s",
		      sonde_strerror(err));
		return err;
	}
	err = sonde_dev_load(dev, image, size, &log);
	free(image);
	if (!err)
		return 0;
	if (log && *log) {
		nl = strchr(log, '\n');
		if (nl)
			*nl = '\0';
		error("failed to load program: %s", log);
	} else {
		error("failed to load program: %s", sonde_strerror(err));
	}
	free(log);
	return err;
}

/* ---- the run loop --------------------------------------------------- */

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static void sleep_ns(uint64_t ns)
{
	struct timespec ts = { (time_t)(ns / 1000000000ULL),
			       (long)(ns % 1000000000ULL) };

	nanosleep(&ts, NULL);	/* a signal cuts it short: fine */
}

static int cli_run(struct sonde_dev *dev, struct sonde_program *p,
		   struct sonde_consumer *c, struct cli_target *tgt,
		   int ntgt)
{
	uint64_t swrate = p->uopts.switchrate_ns ? p->uopts.switchrate_ns :
			  1000000000ULL;
	uint64_t aggrate = p->uopts.aggrate_ns ? p->uopts.aggrate_ns :
			   1000000000ULL;
	uint64_t next_sw, next_agg, next_st, t;
	struct sonde_status st;
	uint32_t begin_cpu = 0, end_cpu = 0;
	bool done = false, stopped = false, first = true, killed = false;
	int err, i, live, status = E_SUCCESS, exitst;
	struct sigaction act;

	err = sonde_dev_go(dev, &begin_cpu);
	if (err) {
		error("could not enable tracing: %s", sonde_strerror(err));
		return E_ERROR;
	}
	memset(&act, 0, sizeof(act));
	sigemptyset(&act.sa_mask);
	act.sa_handler = intr;
	sigaction(SIGINT, &act, NULL);
	sigaction(SIGTERM, &act, NULL);

	for (i = 0; i < ntgt; i++) {
		if (cli_continue(&tgt[i])) {
			done = true;
			status = E_ERROR;
		}
		/* exec is done: the new image's maps, for ustack() */
		sonde_consumer_grab(c, tgt[i].pid);
	}
	next_sw = now_ns();	/* drain BEGIN's CPU at once */
	next_agg = next_sw + aggrate;
	next_st = next_sw + SONDE_STATUSRATE;

	do {
		/* dtrace_sleep(), but watching everything every 10 ms */
		while (!done && !g_intr) {
			for (i = 0, live = 0; i < ntgt; i++) {
				cli_check_target(&tgt[i]);
				live += tgt[i].live;
			}
			if (ntgt && !live)
				break;
			if (sonde_consumer_exited(c, NULL))
				break;
			t = now_ns();
			if (!sonde_dev_status(dev, &st)) {
				/* dtrace_status() at statusrate, and at once
				 * when the kernel gave up on us */
				if (t >= next_st ||
				    st.activity == SONDE_ACT_KILLED) {
					next_st = t + SONDE_STATUSRATE;
					if (sonde_consumer_status(c, &st) ==
					    -ECANCELED) {
						error("processing aborted: %s",
						      sonde_msg_bricked);
						status = E_ERROR;
						killed = true;
					}
				}
				if (st.activity == SONDE_ACT_DRAINING ||
				    st.activity == SONDE_ACT_STOPPED ||
				    st.activity == SONDE_ACT_KILLED)
					break;
			}
			if (t >= next_sw)
				break;
			sleep_ns(next_sw - t < 10000000ULL ? next_sw - t :
				 10000000ULL);
		}
		if (killed)
			return E_ERROR;	/* dfatal(): nothing more to show */
		if (g_newline) {
			/* dtrace prints this even in quiet mode */
			if (g_format != SONDE_OUT_JSON)
				fputc('\n', g_ofp);
			g_newline = 0;
		}
		for (i = 0, live = 0; i < ntgt; i++)
			live += tgt[i].live;
		if (done || g_intr || (ntgt && !live) ||
		    sonde_consumer_exited(c, NULL) ||
		    (!sonde_dev_status(dev, &st) &&
		     st.activity != SONDE_ACT_ACTIVE)) {
			done = true;
			if (!stopped) {
				err = sonde_dev_stop(dev, &end_cpu);
				if (err) {
					error("couldn't stop tracing: %s",
					      sonde_strerror(err));
					return E_ERROR;
				}
				stopped = true;
			}
		}
		if (g_intr > 1)
			break;	/* impatient: no more output */
		t = now_ns();
		/* fresh maps for ustack() names while the targets live */
		for (i = 0; i < ntgt; i++)
			if (tgt[i].live)
				sonde_consumer_grab(c, tgt[i].pid);
		if (done || t >= next_agg) {
			err = sonde_consumer_snap_all(c, dev);
			next_agg = t + aggrate;
			if (err)
				goto out_abort;
		}
		err = sonde_consumer_drain_all(c, dev,
					       first ? (int)begin_cpu : -1,
					       stopped ? (int)end_cpu : -1);
		first = false;
		/*
		 * dtrace_consume(): the next switch is a switchrate after
		 * the last one was due, not after this one's records were
		 * printed, so a consumer slower than its probes drains
		 * again at once rather than leaving them a longer interval.
		 */
		next_sw += swrate;
		fflush(g_ofp);
		if (err)
			goto out_abort;
	} while (!done);

	/* the last word on drops (dtrace_status() after dtrace_stop()) */
	if (!killed && !sonde_dev_status(dev, &st) &&
	    sonde_consumer_status(c, &st) == -ECANCELED) {
		error("processing aborted: %s", sonde_msg_bricked);
		status = E_ERROR;
		killed = true;
	}
	if (killed)
		return E_ERROR;
	if (sonde_consumer_exited(c, &exitst))
		status = exitst;
	if (g_format != SONDE_OUT_JSON)
		fputc('\n', g_ofp);
	if (g_intr < 2) {
		err = sonde_consumer_print_aggs(c);
		if (err) {
			error("failed to print aggregations: %s",
			      sonde_strerror(err));
			status = E_ERROR;
		}
	}
	fflush(g_ofp);
	if (ferror(g_ofp)) {
		error("failed to write output: %s", strerror(errno));
		status = E_ERROR;
	}
	return status;

out_abort:
	if (!g_intr || err != -EINTR)
		error("processing aborted: %s", sonde_strerror(err));
	if (!stopped)
		sonde_dev_stop(dev, NULL);
	return E_ERROR;
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

/* -l: dtrace's list_probe(), "%5d %10s %17s %33s %s". */
static int cli_list(struct sonde_dev *dev, const struct sonde_probe_desc *desc)
{
	struct sonde_probe_desc dd = *desc, *d = &dd;
	struct sonde_probe_info *v = NULL;
	uint32_t n = 0, i;
	int err;

	err = sonde_uprobe_provide(dev, d, dev->errmsg, sizeof(dev->errmsg));
	if (err >= 0)
		err = sonde_kernel_provide(dev, d, dev->errmsg,
					   sizeof(dev->errmsg));
	if (err < 0) {
		error("failed to match %s: %s", sonde_desc_str(desc),
		      dev->errmsg);
		return err;
	}
	err = sonde_dev_probes(dev, d, &v, &n);
	if (!err && !n)
		err = -ENOENT;
	if (err) {
		error("failed to match %s: %s", sonde_desc_str(desc),
		      err == -ENOENT ? "No probe matches description" :
		      sonde_strerror(err));
		return err;
	}
	for (i = 0; i < n; i++) {
		fprintf(g_ofp, "%5u %10.*s %17.*s %33.*s %.*s\n", v[i].id,
			SONDE_PROVNAMELEN, v[i].desc.provider,
			SONDE_MODNAMELEN, v[i].desc.module,
			SONDE_FUNCNAMELEN, v[i].desc.function,
			SONDE_NAMELEN, v[i].desc.name);
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
		dev->warn = cli_warn;
	if (!dev) {
		if (errno == EPROTO)
			error("failed to initialize sonde: module ABI version %u, this sonde speaks %u",
			      abi, SONDE_ABI_VERSION);
		else
			error("failed to initialize sonde: %s: %s",
			      SONDE_DEVICE_PATH, sonde_strerror(errno));
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

int main(int argc, char **argv)
{
	struct cli_cmd *cmds;
	struct cli_target *tgt;
	struct cli_dc *dc;
	struct sonde_program *p = NULL;
	struct sonde_consumer *c = NULL;
	struct sonde_dev *dev = NULL;
	int ncmds = 0, ntgt = 0, i, opt, status = E_ERROR, err;
	bool exec = true, zdefs = false, dump = false, vers = false;
	bool hdr = false;
	bool list = false, byid = false;
	const char *ofile = NULL;
	long target = 0;
	char *eq, *spec;

	g_pname = "sonde";
	g_ofp = stdout;
	if (argc == 1)
		return usage(stderr);
	cmds = calloc(argc, sizeof(*cmds));
	tgt = calloc(argc, sizeof(*tgt));
	dc = cli_dc_new();
	if (!cmds || !tgt || !dc) {
		error("failed to allocate memory for arguments");
		return E_ERROR;
	}
	if (isatty(STDOUT_FILENO))
		setvbuf(stdout, NULL, _IOLBF, 0);

	/* one pass: modes, options, programs, targets in command-line order */
	opterr = 0;
	while ((opt = getopt(argc, argv, SONDE_OPTSTR)) != -1) {
		switch (opt) {
		case 'n':
		case 's':
		case 'P':
		case 'm':
		case 'f':
		case 'i':
			cmds[ncmds].script = opt == 's';
			cmds[ncmds].spec = opt;
			cmds[ncmds].arg = optarg;
			cmds[ncmds].name = opt == 's' ? strdup(optarg) :
					   crop_name(optarg);
			byid |= opt == 'i';
			ncmds++;
			break;
		case 'l':
			list = true;
			zdefs = true;	/* -l implies -Z */
			break;
		case 'o':
			ofile = optarg;
			break;
		case 'O':
			if (!strcmp(optarg, "json")) {
				g_format = SONDE_OUT_JSON;
			} else if (!strcmp(optarg, "text")) {
				g_format = SONDE_OUT_TEXT;
			} else {
				error("invalid output format -O %s: use text or json",
				      optarg);
				return E_USAGE;
			}
			break;
		case 'v':
			g_verbose = true;
			break;
		case 'q':
			g_quiet = 1;
			cli_dc_setopt(dc, "quiet", NULL);
			break;
		case 'w':
			cli_dc_setopt(dc, "destructive", NULL);
			break;
		case 'b':
			if (cli_dc_setopt(dc, "bufsize", optarg)) {
				error("failed to set -b %s", optarg);
				return E_ERROR;
			}
			break;
		case 'x':
			eq = strchr(optarg, '=');
			if (eq)
				*eq++ = '\0';
			if (cli_dc_setopt(dc, optarg, eq)) {
				error("failed to set -x %s", optarg);
				return E_ERROR;
			}
			if (!strcmp(optarg, "quiet"))
				g_quiet = 1;
			break;
		case 'c':
		case 'p':
			tgt[ntgt].cmd = optarg;
			tgt[ntgt].created = opt == 'c';
			ntgt++;
			break;
		case 'e':
			exec = false;
			break;
		case 'C':
			g_cpp = true;
			break;
		case 'D':
			if (g_ndefines + 1 >= sizeof(g_defines) / sizeof(g_defines[0])) {
				error("too many -D options");
				return E_USAGE;
			}
			g_defines[g_ndefines++] = optarg;
			break;
		case 'U':
		case 'I': {
			char *a = malloc(strlen(optarg) + 3);

			if (!a || g_ncppargs + 1 >=
			    sizeof(g_cppargs) / sizeof(g_cppargs[0])) {
				free(a);
				error("too many -%c options", opt);
				return E_USAGE;
			}
			sprintf(a, "-%c%s", opt, optarg);
			g_cppargs[g_ncppargs++] = a;
			break;
		}
		case 'S':
			dump = true;
			break;
		case 'h':
			hdr = true;
			break;
		case 'F':
			cli_dc_setopt(dc, "flowindent", NULL);
			break;
		case 'Z':
			zdefs = true;
			break;
		case 'V':
			vers = true;
			break;
		case '?':
			if (optopt && strchr(SONDE_OPTSTR, optopt))
				fprintf(stderr, "%s: option requires an argument -- '%c'\n",
					g_pname, optopt);
			else
				fprintf(stderr, "%s: illegal option -- %c\n",
					g_pname, optopt);
			return usage(stderr);
		default:
			fprintf(stderr, "%s: option -%c is not supported yet\n",
				g_pname, opt);
			return E_USAGE;
		}
	}
	if (vers) {
		printf("%s: D 1.0 (sonde %s)\n", g_pname, SONDE_VERSION);
		return E_SUCCESS;
	}
	if (hdr)
		return cli_header(cmds, ncmds, ofile);
	if (ncmds == 0 && !list) {
		error("no probes specified");
		return E_ERROR;
	}
	if (ofile && !(g_ofp = fopen(ofile, "a"))) {
		error("failed to open output file '%s': %s", ofile,
		      strerror(errno));
		return E_ERROR;
	}
	if (list || byid) {
		dev = cli_open();
		if (!dev)
			goto out;
	}
	if (list)
		fprintf(g_ofp, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER",
			"MODULE", "FUNCTION", "NAME");
	/* third pass in dtrace: targets first, so $target is known */
	for (i = 0; i < ntgt; i++) {
		const char *arg = tgt[i].cmd;
		bool created = tgt[i].created;

		memset(&tgt[i], 0, sizeof(tgt[i]));
		if (created ? cli_create(&tgt[i], arg) : cli_grab(&tgt[i], arg))
			goto out;
		if (!target)
			target = tgt[i].pid;
	}

	if (list && ncmds == 0) {
		struct sonde_probe_desc any;

		for (i = 0; i < ntgt; i++) {
			int n = sonde_uprobe_provide_all(dev, tgt[i].pid,
							 dev->errmsg,
							 sizeof(dev->errmsg));

			if (n < 0) {
				error("%s", dev->errmsg);
				goto out;
			}
		}
		memset(&any, 0, sizeof(any));
		status = cli_list(dev, &any) ? E_ERROR : E_SUCCESS;
		goto out;
	}
	/* -P / -m / -f / -i become the -n description they mean */
	for (i = 0; i < ncmds; i++) {
		int pos = cmds[i].spec == 'P' ? 0 : cmds[i].spec == 'm' ? 1 :
			  cmds[i].spec == 'f' ? 2 : 3;

		if (cmds[i].spec != 'P' && cmds[i].spec != 'm' &&
		    cmds[i].spec != 'f' && cmds[i].spec != 'i')
			continue;
		spec = cli_spec(dev, cmds[i].arg, pos, cmds[i].spec == 'i');
		if (!spec)
			goto out;
		cmds[i].arg = spec;
		cmds[i].spec = 'N';	/* ours to free */
	}

	p = cli_dc_compile(dc, cmds, ncmds, target, argc - optind,
			   argv + optind);
	if (!p)
		goto out;
	if (p->uopts.quiet)
		g_quiet = 1;
	if (dump)
		cli_dc_dump(dc, p);
	if (list) {
		/* list_stmt(): every description of every clause, in order */
		uint32_t cl, d;

		status = E_SUCCESS;
		for (cl = 0; cl < p->nclauses; cl++)
			for (d = 0; d < p->clauses[cl].ndescs; d++)
				cli_list(dev, &p->clauses[cl].descs[d].desc);
		goto out;
	}
	if (!exec) {
		if (g_verbose)
			for (i = 0; i < ncmds; i++)
				cli_stability(p, &cmds[i], false);
		status = E_SUCCESS;
		goto out;
	}

	if (!dev && !(dev = cli_open()))
		goto out;
	if (cli_enable(dev, p, cmds, ncmds, zdefs))
		goto out;
	if (p->necbs == 0 && !zdefs) {
		error("no probes matched");
		goto out;
	}
	if (cli_load(dev, p))
		goto out;
	if (sonde_program_kopt(p, SONDE_OPT_destructive))
		notice("allowing destructive actions");

	c = sonde_consumer_new(p, g_ofp, lib_msg, NULL);
	if (!c) {
		error("failed to allocate memory");
		goto out;
	}
	sonde_consumer_set_quiet(c, g_quiet);
	sonde_consumer_set_format(c, g_format);
	if (ntgt)
		sonde_consumer_set_upid(c, tgt[0].pid);
	status = cli_run(dev, p, c, tgt, ntgt);

out:
	for (i = 0; i < ntgt; i++)
		cli_abandon(&tgt[i]);
	err = errno;
	sonde_consumer_free(c);
	sonde_dev_close(dev);
	sonde_program_free(p);	/* frees p itself */
	cli_dc_free(dc);
	for (i = 0; i < ncmds; i++) {
		free(cmds[i].name);
		if (cmds[i].spec == 'N')
			free(cmds[i].arg);
	}
	if (g_ofp != stdout && fclose(g_ofp) && status == E_SUCCESS) {
		error("failed to write output file '%s': %s", ofile,
		      strerror(errno));
		status = E_ERROR;
	}
	free(cmds);
	free(tgt);
	errno = err;
	return status;
}
