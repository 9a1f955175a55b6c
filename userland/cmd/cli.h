/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cli.h - what the sonde command's files share (userland/cmd/).
 */
#ifndef _SONDE_CLI_H
#define _SONDE_CLI_H

#include <stdbool.h>

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

#endif /* _SONDE_CLI_H */
