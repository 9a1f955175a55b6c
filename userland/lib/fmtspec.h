/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fmtspec.h - the one parser of printf()/printa() conversion specs: the
 * compiler checks a format against its arguments with it (dc_printf.c)
 * and the consumer prints with it (printf.c), so both follow one set of
 * rules.  Userland only; no state.
 */
#ifndef _SONDE_FMTSPEC_H
#define _SONDE_FMTSPEC_H

#include <stdbool.h>
#include <stdint.h>

/* One printf conversion specification, as written after the '%'. */
#define SONDE_FMT_MINUS	0x01	/* '-' */
#define SONDE_FMT_PLUS	0x02	/* '+' */
#define SONDE_FMT_SPACE	0x04	/* ' ' */
#define SONDE_FMT_HASH	0x08	/* '#' */
#define SONDE_FMT_ZERO	0x10	/* '0' */
#define SONDE_FMT_QUOTE	0x20	/* '\'' (grouping) */
#define SONDE_FMT_QMARK	0x40	/* '?': DTrace's pointer-sized width */
#define SONDE_FMT_AGG	0x80	/* '@': printa's aggregation value, in
				 * the conversion that follows (%@d) */

/* Length modifiers. */
#define SONDE_LEN_NONE	0
#define SONDE_LEN_HH	1
#define SONDE_LEN_H	2
#define SONDE_LEN_L	3
#define SONDE_LEN_LL	4
#define SONDE_LEN_Z	5
#define SONDE_LEN_J	6
#define SONDE_LEN_T	7
#define SONDE_LEN_BIGL	8	/* 'L' */
#define SONDE_LEN_W	9	/* 'w' (DTrace: wide; ignored) */

struct sonde_fmtspec {
	uint32_t flags;		/* SONDE_FMT_* */
	int width;		/* -1: none */
	bool width_star;	/* '*': the width is an int argument */
	int prec;		/* -1: none */
	bool prec_star;		/* '.*': the precision is an int argument */
	int length;		/* SONDE_LEN_* */
	char conv;		/* 'd', 's', '%', ... */
	uint32_t len;		/* characters of the spec after the '%',
				 * conversion included */
	const char *err;	/* malformed: why, as dt_printf_create()
				 * words it after "format conversion #N " */
};

/*
 * Parse the conversion specification starting at @s (just after a '%').
 * Returns 0 and fills @spec, or -1 when the specification is malformed
 * or its conversion character is unknown (@spec->len then says how far
 * the parser got, @spec->conv holds the offending character or 0 at the
 * end of the string, @spec->err why, "is undefined" for an unknown
 * conversion).  Conversions: d i u o x X c C s S p e E f F g G
 * a A k %, and DTrace's Y and T (a time as a date).  '@' is a flag, as in
 * dt_printf.c: "%@d" prints printa's aggregation value with %d.
 */
int sonde_fmtspec_parse(const char *s, struct sonde_fmtspec *spec);

#endif /* _SONDE_FMTSPEC_H */
