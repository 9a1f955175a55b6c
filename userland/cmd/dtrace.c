// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace.c - the command run under the name "dtrace" (/usr/sbin/dtrace,
 * a link to sonde in the sonde-dtrace package; docs/install.md says
 * why): its messages and usage say "dtrace", and the calls that
 * SystemTap's build helper (systemtap-sdt-dev's /usr/bin/dtrace) takes
 * keep working, so a package build that runs `dtrace -h` or `dtrace -G`
 * with root's PATH gets what it got from the helper.
 *
 * The helper accepts and ignores, in its -h and -G modes, options sonde
 * would read otherwise or refuse: -fpic and -fPIC (sonde's -f takes a
 * function), -32 (refused: sonde traces 64-bit programs only; a header
 * or an object does not care), -64 (sonde accepts it anyway), -k (keep
 * temporary files: sonde makes none), --types and --no-pyparsing, and
 * -x with its argument.  Under the name dtrace, with -h or -G among the
 * arguments, they are taken out before the options are read.  Under
 * any other name, and without -h or -G, nothing changes.
 *
 * Its compile errors (cli_dtrace_diag()) are dtrace's one line, the first
 * error only, as dtrace stops at it, instead of sonde's
 * "file:line:col: error:" with the source line and a caret.
 *
 * Called from main() and the compiler's error path; userland only.
 */
#include <stdbool.h>
#include <string.h>

#include "cli.h"
#include "dc.h"

const char *cli_progname(const char *argv0)
{
	const char *base = argv0 ? strrchr(argv0, '/') : NULL;

	base = base ? base + 1 : argv0;
	return base && !strcmp(base, "dtrace") ? "dtrace" : "sonde";
}

/* Is @a one of the helper's options that sonde takes no notice of? */
static bool stap_ignored(const char *a)
{
	static const char *const ignored[] = {
		"-fpic", "-fPIC", "-32", "-64", "-k", "--types",
		"--no-pyparsing",
	};
	size_t i;

	for (i = 0; i < sizeof(ignored) / sizeof(ignored[0]); i++)
		if (!strcmp(a, ignored[i]))
			return true;
	return false;
}

int cli_dtrace_args(const char *progname, int argc, char **argv)
{
	bool build = false;
	int i, n;

	if (strcmp(progname, "dtrace"))
		return argc;
	/* the helper's modes: -h or -G, alone (as it takes them) */
	for (i = 1; i < argc && !build; i++)
		build = !strcmp(argv[i], "-h") || !strcmp(argv[i], "-G");
	if (!build)
		return argc;
	for (i = n = 1; i < argc; i++) {
		if (stap_ignored(argv[i]))
			continue;
		if (!strcmp(argv[i], "-x")) {
			i++;	/* and its argument, as the helper does */
			continue;
		}
		if (!strncmp(argv[i], "-x", 2))
			continue;
		argv[n++] = argv[i];
	}
	argv[n] = NULL;
	return n;
}

void cli_dtrace_diag(FILE *fp, const struct dc_diag *d, const char *what,
		     bool script, bool errtags)
{
	fprintf(fp, "dtrace: %s %s: ", script ? "failed to compile script" :
		"invalid probe specifier", what);
	if (errtags)
		fprintf(fp, "[%s] ", d->tag);
	/* an #include'd file is named (dt_filetag), the script is not */
	if (d->line && d->file && script && strcmp(d->file, what))
		fprintf(fp, "\"%s\", line %u: ", d->file,
			d->dtline ? d->dtline : d->line);
	else if (d->line)
		fprintf(fp, "line %u: ", d->dtline ? d->dtline : d->line);
	fprintf(fp, "%s\n", d->dtmsg ? d->dtmsg : d->msg);
}
