/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cli.h - what the sonde command's files share (userland/cmd/).
 */
#ifndef _SONDE_CLI_H
#define _SONDE_CLI_H

#include <stdbool.h>
#include <stdio.h>

/*
 * sonde -h (sdt.c): the C header for @script's USDT providers, to @ofile
 * ("-": stdout) or, as dtrace names it, the script's base name with .h
 * for .d in the current directory.  Returns the command's exit status.
 */
int cli_header(const char *script, bool one_script, const char *ofile);

/*
 * sonde -G (sdt.c): the object for @script's USDT providers, to
 * @ofile or the script's name with .o; @objs are the program's objects.
 * Returns the command's exit status.
 */
int cli_sdt_object(const char *script, bool one_script, const char *ofile,
		   int nobj, char **objs);

/*
 * The command's name (dtrace.c): "dtrace" when run as dtrace (argv[0]'s
 * base name), else "sonde".  For messages and the usage text.
 */
const char *cli_progname(const char *argv0);

/*
 * Run as dtrace with -h or -G: take out of @argv (in place, keeping the
 * NULL at its end) the options SystemTap's dtrace helper ignores in those
 * modes.  Returns the new argc (@argc when nothing changes).
 */
int cli_dtrace_args(const char *progname, int argc, char **argv);

struct dc_diag;

/*
 * Run as dtrace: print compiler error @d as dtrace(1) does,
 * "dtrace: failed to compile script FILE: [D_TAG] line N: message" for
 * a script (@script, @what its path), "dtrace: invalid probe specifier
 * TEXT: ..." for a probe description or -n program; the tag only with
 * -x errtags (@errtags), as dt_set_errmsg() writes it.
 */
void cli_dtrace_diag(FILE *fp, const struct dc_diag *d, const char *what,
		     bool script, bool errtags);

/* anon.c: the command's own part of an anonymous enabling's file. */
struct cli_anon_args {
	char *buf;
	size_t size, cap;
};

/* Append string @s (with its NUL).  0 or -ENOMEM. */
int cli_anon_args_add(struct cli_anon_args *a, const char *s);

/*
 * Split an arguments section (@size bytes) into an argument vector for
 * getopt (*@argv, *@argc, argv[0] "sonde", NULL-terminated; its strings
 * point into @buf) and the -s scripts' texts (*@scripts, *@nscripts).
 * Both arrays malloc'd.  0 or -EINVAL (malformed), -ENOMEM.
 */
int cli_anon_args_decode(const char *buf, size_t size, char ***argv,
			 int *argc, char ***scripts, int *nscripts);

/* Write @path whole or not at all (its folder made if missing).  0 or
 * -errno. */
int cli_anon_write(const char *path, const void *buf, size_t size);

#endif /* _SONDE_CLI_H */
