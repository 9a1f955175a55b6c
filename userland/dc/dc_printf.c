// SPDX-License-Identifier: GPL-2.0
/*
 * dc_printf.c - printf()/printa() formats: the compile-time check of a
 * format against its arguments' D types (count, %s needs a string,
 * integer conversions need integers, '*' consumes an int; specs parsed
 * by fmtspec.c, as the consumer parses them).  The format itself is kept as written.  Userland
 * only.
 */
#include <string.h>

#include "dc_impl.h"
#include "dc_sem.h"

/* What a conversion consumes. */
#define PF_INT	1
#define PF_STR	2
#define PF_FP	3
#define PF_AGG	4	/* printa's %@: the aggregation's value */
#define PF_NONE	5	/* %% */
#define PF_ANY	6	/* %k: a stack (printed as stack() does), or any */

static int conv_kind(const struct sonde_fmtspec *sp)
{
	if (sp->flags & SONDE_FMT_AGG)
		return PF_AGG;
	switch (sp->conv) {
	case 'd': case 'i': case 'o': case 'u': case 'x': case 'X': case 'c':
	case 'C': case 'p': case 'Y': case 'T':
	case 'a': case 'A':	/* a kernel, a user address as a symbol */
		return PF_INT;
	case 's': case 'S':
		return PF_STR;
	case 'k':
		return PF_ANY;
	case '%':
		return PF_NONE;
	}
	return PF_FP;
}

/*
 * dt_printf.c's name of a conversion (its length modifier and character:
 * "d", "lld", "hx") into @buf, and the types its table says it takes,
 * for the messages dt_printf_validate() prints.
 */
static const char *conv_name(const struct sonde_fmtspec *sp, char *buf)
{
	static const char *const len[] = {
		[SONDE_LEN_HH] = "hh", [SONDE_LEN_H] = "h",
		[SONDE_LEN_L] = "l", [SONDE_LEN_LL] = "ll",
		[SONDE_LEN_Z] = "z", [SONDE_LEN_J] = "j", [SONDE_LEN_T] = "t",
		[SONDE_LEN_BIGL] = "L", [SONDE_LEN_W] = "w",
	};

	snprintf(buf, 8, "%s%c", sp->length && len[sp->length] ?
		 len[sp->length] : "", sp->conv);
	return buf;
}

static const char *conv_proto(const struct sonde_fmtspec *sp)
{
	bool u = strchr("ouxX", sp->conv) && !strchr("xX", sp->conv);

	switch (sp->length) {
	case SONDE_LEN_H:
		return u ? "unsigned short" : "short";
	case SONDE_LEN_L:
		return u ? "unsigned long" : "long";
	case SONDE_LEN_LL:
		return u ? "unsigned long long" : "long long";
	case SONDE_LEN_BIGL:
		return "long double";
	}
	switch (sp->conv) {
	case 'a': case 'p':
		return "pointer or integer";
	case 'A':
		return "pointer or integer (with -p/-c) or _usymaddr (without -p/-c)";
	case 'c': case 'C':
		return "char, short, or int";
	case 'e': case 'E': case 'f': case 'F': case 'g': case 'G':
		return "float, double, or long double";
	case 's': case 'S':
		return "char [] or string (or use stringof)";
	case 'k':
		return "stack";
	case 'T': case 'Y':
		return "int64_t";
	}
	return "char, short, int, long, or long long";
}

static const char *kind_name(int kind)
{
	return kind == DC_T_STR ? "string" : kind == DC_T_INT ? "integer" :
	       kind == DC_T_VOID ? "void" : kind == DC_T_SOU ?
	       "struct or union" : kind == DC_T_ARRAY ? "array" :
	       "aggregation";
}

bool dc_printf_check(struct dc_cc *cc, const struct dc_node *fmtnode,
		     struct dc_node **args, uint32_t nargs, bool printa)
{
	const char *fmt = fmtnode->str, *p = fmt;
	const char *fn = printa ? "printa" : "printf";
	uint32_t line = fmtnode->line, col = fmtnode->col;
	const struct sonde_pagg *agg = NULL;
	uint32_t ai = 0, conv = 0, navail = nargs;
	uint32_t nvalues = 0;	/* printa: %@ conversions so far */

	if (printa) {
		/* printa(fmt, @a, ...): conversions take @a's keys */
		agg = &cc->prog->aggs[args[0]->id];
		navail = agg->desc.nkeys;
	}
	while ((p = strchr(p, '%'))) {
		struct sonde_fmtspec sp;
		int want, have, i;
		char cname[8];

		p++;
		/* dt_printf_create()'s errors: D_SYNTAX, its words */
		if (sonde_fmtspec_parse(p, &sp)) {
			if (!strcmp(sp.err, "is undefined")) {
				dc_error(cc, "D_SYNTAX", line, col,
					 "%s() format conversion #%u is undefined: %%%.*s",
					 fn, conv + 1, (int)sp.len, p);
				dc_error_dtmsg(cc, 0, "format conversion #%u is undefined: %%%.*s",
					       conv + 1, (int)sp.len, p);
			} else {
				dc_error(cc, "D_SYNTAX", line, col,
					 "%s() format conversion #%u %s", fn,
					 conv + 1, sp.err);
				dc_error_dtmsg(cc, 0, "format conversion #%u %s",
					       conv + 1, sp.err);
			}
			return false;
		}
		p += sp.len;
		if (sp.conv == '%')
			continue;
		conv++;
		want = conv_kind(&sp);
		/* '*' width and precision take int arguments first */
		for (i = 0; i < sp.width_star + sp.prec_star; i++) {
			if (printa) {
				dc_error(cc, "D_PRINTF_DYN_PROTO", line, col,
					 "printa() format conversion #%u: '*' is not supported in printa() formats",
					 conv);
				return false;
			}
			if (ai >= navail) {
				dc_error(cc, "D_PRINTF_DYN_PROTO", line, col,
					 "printf( ) prototype mismatch: conversion #%u (%%%s) is missing a corresponding \"%s\" argument",
					 conv, conv_name(&sp, cname),
					 i < sp.width_star ? "*" : ".*");
				return false;
			}
			if (args[ai]->type.kind != DC_T_INT) {
				dc_error(cc, "D_PRINTF_DYN_TYPE", args[ai]->line,
					 args[ai]->col,
					 "printf( ) argument #%u is incompatible with conversion #%u prototype:\n\tconversion: %% %s %s\n\t prototype: int\n\t  argument: %s",
					 ai + 2, conv,
					 i < sp.width_star ? "*" : ".*",
					 conv_name(&sp, cname),
					 dc_type_str(args[ai]->type));
				return false;
			}
			ai++;
		}
		if (want == PF_AGG) {
			/* printa: one %@ per aggregation, in order */
			if (!printa || nvalues >= nargs) {
				if (printa)
					dc_error(cc, "D_PRINTF_AGG_CONV", line, col,
						 "printa() format conversion #%u: %%@%c has no aggregation left: %u given",
						 conv, sp.conv, nargs);
				else
					dc_error(cc, "D_PRINTF_AGG_CONV", line, col,
						 "%%@ conversion requires an aggregation and is not for use with printf( )");
				return false;
			}
			nvalues++;
			continue;
		}
		if (ai >= navail) {
			dc_error(cc, "D_PRINTF_ARG_PROTO", line, col,
				 "%s( ) prototype mismatch: conversion #%u (%%%s) is missing a corresponding %s",
				 fn, conv, conv_name(&sp, cname), printa ?
				 "key of the aggregation" : "value argument");
			return false;
		}
		have = printa ? (agg->keys[ai].kind == SONDE_DT_STR ?
				 DC_T_STR : agg->keys[ai].kind ==
				 SONDE_DT_BYTES ? DC_T_SOU : DC_T_INT) :
		       args[ai]->type.kind;
		/* a sym() key prints as a name or an address, whatever
		 * the conversion */
		if (want == PF_ANY ||
		    (printa && sonde_dt_is_sym(agg->keys[ai]))) {
			ai++;
			continue;
		}
		if (want == PF_STR && !printa && have == DC_T_INT) {
			/* %s of a char *: the string it points to */
			if (!dc_sem_charptr_str(cc, args[ai]))
				return false;
			have = args[ai]->type.kind;
		}
		if ((want == PF_STR && have != DC_T_STR) ||
		    (want == PF_INT && have != DC_T_INT) || want == PF_FP) {
			uint32_t l = printa ? line : args[ai]->line;
			uint32_t c = printa ? col : args[ai]->col;

			/* dt_printf_validate()'s words; D has no floating
			 * point in sonde, so %f and its kin take nothing */
			dc_error(cc, "D_PRINTF_ARG_TYPE", l, c,
				 "%s( ) %s #%u is incompatible with conversion #%u prototype:\n\tconversion: %%%s\n\t prototype: %s\n\t  argument: %s",
				 fn, printa ? "key" : "argument",
				 ai + (printa ? 1 : 2), conv,
				 conv_name(&sp, cname), conv_proto(&sp),
				 printa ? kind_name(have) :
				 dc_type_str(args[ai]->type));
			return false;
		}
		ai++;
	}
	if (!printa && ai < nargs) {
		dc_error(cc, "D_PRINTF_ARG_EXTRA", args[ai]->line, args[ai]->col,
			 "printf( ) prototype mismatch: only %u arguments required by this format string",
			 ai);
		return false;
	}
	return true;
}
