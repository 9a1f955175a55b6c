/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dc.h - the public API of the D compiler: D source text in, a struct
 * sonde_program (program.h) out, diagnostics collected in the compiler
 * handle.  Also the one option table (#pragma D option, -x, -q, -b, -w)
 * and the argument types of probes (-l -v).
 *
 * The compiler builds on libsonde's program (userland/lib/program.h) and
 * printf spec parser (fmtspec.h); libsonde never calls the compiler.
 * Callers: the sonde command and the compiler tests.  Plain userland C, not thread-safe: one handle per
 * thread.  Nothing here prints except dc_diags_print() and dc_dump(),
 * onto the FILE * the caller gives.
 */
#ifndef _SONDE_DC_H
#define _SONDE_DC_H

#include <stdio.h>
#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>

#include "program.h"

/* The compiler handle: options set before compiling, and diagnostics. */
struct dc;

/* One input: a script file (-s) or a command-line program (-n). */
#define DC_IN_SCRIPT	0	/* a D program: every clause needs a body */
#define DC_IN_PROBESPEC	1	/* -n: "desc[, desc] [/pred/] [{acts}]";
				 * the body may be omitted (default action) */

struct dc_input {
	const char *name;	/* for messages; NULL: "<command line>" */
	const char *text;	/* NUL-terminated source */
	uint32_t kind;		/* DC_IN_* */
	uint32_t clause0;	/* out: first clause compiled from this input */
	uint32_t nclauses;	/* out: clauses compiled from this input */
};

/*
 * Compile-time environment.  Starts with its size (libbpf style) so it can
 * grow; zero-initialise it and set what you know.
 */
struct dc_opts {
	size_t sz;			/* sizeof(struct dc_opts) */
	long target;			/* $target and $pid; -1 (or 0): unset */
	int argc;			/* macro arguments: argv[0] is $1 */
	char *const *argv;
	const char *const *defines;	/* -D NAME[=VALUE], NULL-terminated:
					 * passed to cpp as -DNAME[=VALUE] */
	/* -C: run scripts (DC_IN_SCRIPT inputs) through the C preprocessor,
	 * "cpp" from $PATH (fork + exec, no shell), with cpp's line markers
	 * honoured so diagnostics keep the script's line numbers */
	bool cpp;
	const char *const *cpp_args;	/* more cpp arguments ("-Idir",
					 * "-UNAME"), NULL-terminated */
	/* where the kernel's BTF lives (NULL: /sys/kernel/btf): vmlinux
	 * and one file per module, read only when a script needs a kernel
	 * type */
	const char *btf_dir;
	/* D libraries: every *.d file of these directories, in order,
	 * compiled before the inputs (translators, inlines, types:
	 * psinfo_t, curpsinfo...), NULL-terminated; NULL: none */
	const char *const *libdirs;
	/* #pragma D depends_on provider NAME: does the kernel have
	 * provider @name?  1 yes, 0 no, < 0 it cannot say (no kernel at
	 * hand: the dependency is not checked).  NULL: never checked */
	int (*provider_exists)(void *arg, const char *name);
	void *provider_arg;
};

/* One diagnostic.  Strings live as long as the handle (or the next
 * dc_compile() on it). */
struct dc_diag {
	const char *tag;	/* "D_SYNTAX", ... */
	const char *msg;	/* one lower-case sentence */
	const char *file;	/* input name */
	uint32_t line, col;	/* 1-based; 0 when not tied to a position */
	const char *srcline;	/* the source line, without newline, or NULL */
	const char *dtmsg;	/* DTrace's words for it where sonde's say
				 * more (yacc's "syntax error near"), or
				 * NULL: what `dtrace` prints */
	uint32_t dtline;	/* the line DTrace names, if not @line */
};

struct sonde_sdt_defs;

/*
 * `sonde -h` and `-G`: the provider definitions of @src (D's `provider p
 * { probe a(int, char *); };` blocks; read from @srcname, for messages)
 * appended to @defs (usdt.h; sonde_sdt_defs_free() frees it), with the
 * compiler's lexer (dc_sdt.c).  0, -ENOMEM, or -EINVAL with
 * "file:line:col: error: message" in @err; after an error @defs holds
 * what came before it.
 */
int dc_sdt_parse(const char *src, const char *srcname,
		 struct sonde_sdt_defs *defs, char *err, size_t errlen);

/* Constructor: NULL with errno ENOMEM. */
struct dc *dc_new(void);
void dc_free(struct dc *dc);

/*
 * Set an option for every later dc_compile() on @dc, as -x name=value
 * does (@value NULL for "-x name": booleans become true).  One table has
 * every option DTrace documents (sonde(8), TRACING OPTIONS): kernel
 * options (SONDE_KOPTS; bufpolicy=switch|fill|ring, deadman=10s, cpu),
 * consumer options (quiet, flowindent, rawbytes, switchrate, aggsort*,
 * ...), the preprocessor's (cpp, define, incdir, ...) and those sonde
 * accepts and ignores.  Returns 0, -ENOENT for an unknown option name,
 * -EINVAL for a bad value, -ERANGE for a value out of the option's range
 * (dc_option_strerror() words them as dtrace does).  A #pragma D option
 * in the script overrides the command line (it is applied later).
 */
int dc_setopt(struct dc *dc, const char *name, const char *value);

/*
 * The consumer options dc_setopt() set so far (-x, -q, ...), before any
 * script's pragmas: for what runs without a program (sonde -l alone).
 */
const struct sonde_uopts *dc_uopts(const struct dc *dc);

/*
 * The option table: option @i's name (NULL past the last) and, when sonde
 * accepts it without acting on it, why in *@ignored (else NULL).  For
 * listings and for the test that keeps sonde(8) in step.
 */
unsigned int dc_option_count(void);
const char *dc_option_name(unsigned int i, const char **ignored);

/*
 * The table of what D calls (subroutines, actions, aggregating functions):
 * function @i's name (NULL past the last) and in *@state 1 when sonde
 * generates it, 0 when it is DTrace's and sonde refuses it ("... is not
 * supported yet"), -1 when it is the compiler's own subroutine, which no
 * D name calls.  For listings and for the test that every name resolves.
 */
const char *dc_function_name(unsigned int i, int *state);

/* dtrace_errmsg() of what dc_setopt() returned: "Invalid option name". */
const char *dc_option_strerror(int rc);

/*
 * The same option table applied to a compiled program (for callers that
 * set options after compiling).  Same return values as dc_setopt().
 */
int dc_program_setopt(struct sonde_program *p, const char *name,
		      const char *value);

/*
 * Compile @nin inputs into one program (clauses in input order), then
 * serialise it and run the VM verifier over it as a self-check.  Returns
 * the program (free it with sonde_program_free()) or NULL with errno set:
 * EINVAL when the sources have errors (see the diagnostics), ENOMEM.
 * Fills in[i].clause0 / nclauses.  Diagnostics from a previous compile on
 * @dc are discarded first.
 */
struct sonde_program *dc_compile(struct dc *dc, struct dc_input *in,
				 unsigned int nin, const struct dc_opts *opts);

/* Convenience: one script text, named @name (NULL: "<command line>"). */
struct sonde_program *dc_compile_str(struct dc *dc, const char *name,
				     const char *text,
				     const struct dc_opts *opts);

/* Diagnostics of the last dc_compile() (errors only, for now). */
unsigned int dc_ndiags(const struct dc *dc);
const struct dc_diag *dc_diag_get(const struct dc *dc, unsigned int i);
/*
 * Print every diagnostic as
 *	file:line:col: error: [D_TAG] message
 *	<source line>
 *	<caret under the column>
 * @prefix (may be NULL) starts the first line ("sonde: ").
 */
void dc_diags_print(const struct dc *dc, FILE *fp, const char *prefix);

/*
 * -S: print each clause's probe descriptions, record layout and actions,
 * then its predicate and actions disassembled (sonde_disasm()), each
 * instruction with its source line.
 */
void dc_dump(FILE *fp, const struct sonde_program *p);

/*
 * The types of probe @d's arguments (at most @max; user probes: @nargs
 * int64_t) for `sonde -l -v`, as dtrace's "Argument Types" lists them.
 */
int dc_probe_argtypes(const struct sonde_probe_desc *d, uint32_t nargs,
		      char out[][160], int max);

#endif /* _SONDE_DC_H */
