// SPDX-License-Identifier: GPL-2.0
/*
 * names.c - print the D names of one of sonde's tables, one a line, for
 * the files made from them: the bash completion (-x option names,
 * gen.sh) and the check of the vim syntax file (its keywords,
 * userland/tests/vim_syntax.sh).  A build tool; not installed.
 *
 *   names xopts | builtins | subrs | aggs | actions
 *
 * xopts: the compiler's option table (dc_option_name()); the others the
 * X-macro tables of uapi/sonde_isa.h and userland/lib/program.h.  The
 * subroutines numbered 0x30 and up are the compiler's own, with no D
 * name.
 */
#include <stdio.h>
#include <string.h>

#include "sonde_isa.h"
#include "program.h"
#include "dc.h"

#define NAME_(name, ...) puts(#name);
#define SUBR_(name, code, ...) if ((code) < 0x30) puts(#name);
#define ACTION_(name, code, str, flags) puts(str);

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "", *name, *why;
	unsigned int i;

	if (!strcmp(what, "xopts")) {
		for (i = 0; (name = dc_option_name(i, &why)); i++)
			puts(name);
	} else if (!strcmp(what, "builtins")) {
		SONDE_BUILTINS(NAME_)
	} else if (!strcmp(what, "subrs")) {
		SONDE_SUBRS(SUBR_)
	} else if (!strcmp(what, "aggs")) {
		SONDE_AGGS(NAME_)
	} else if (!strcmp(what, "actions")) {
		SONDE_ACTIONS(ACTION_)
	} else {
		fprintf(stderr, "usage: names xopts|builtins|subrs|aggs|actions\n");
		return 2;
	}
	return 0;
}
