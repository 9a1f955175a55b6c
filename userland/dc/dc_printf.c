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

		p++;
		/* dt_printf_create()'s errors: D_SYNTAX, its words */
		if (sonde_fmtspec_parse(p, &sp)) {
			if (!strcmp(sp.err, "is undefined"))
				dc_error(cc, "D_SYNTAX", line, col,
					 "%s() format conversion #%u is undefined: %%%.*s",
					 fn, conv + 1, (int)sp.len, p);
			else
				dc_error(cc, "D_SYNTAX", line, col,
					 "%s() format conversion #%u %s", fn,
					 conv + 1, sp.err);
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
					 "printf() format conversion #%u uses '*' but the argument for it is missing",
					 conv);
				return false;
			}
			if (args[ai]->type.kind != DC_T_INT) {
				dc_error(cc, "D_PRINTF_DYN_TYPE", args[ai]->line,
					 args[ai]->col,
					 "printf() argument #%u is a %s but conversion #%u's '*' needs an integer",
					 ai + 2, kind_name(args[ai]->type.kind),
					 conv);
				return false;
			}
			ai++;
		}
		if (want == PF_AGG) {
			/* printa: one %@ per aggregation, in order */
			if (!printa || nvalues >= nargs) {
				dc_error(cc, "D_PRINTF_AGG_CONV", line, col,
					 printa ? "printa() format conversion #%u: %%@%c has no aggregation left: %u given" :
					 "printf() format conversion #%u: %%@%c may only be used in printa()",
					 conv, sp.conv, nargs);
				return false;
			}
			nvalues++;
			continue;
		}
		if (ai >= navail) {
			dc_error(cc, "D_PRINTF_ARG_PROTO", line, col,
				 "%s() format conversion #%u (%%%c) is missing a corresponding %s",
				 fn, conv, sp.conv, printa ?
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

			dc_error(cc, "D_PRINTF_ARG_TYPE", l, c,
				 "%s() %s #%u is incompatible with conversion #%u prototype: conversion %%%c requires %s, argument is %s",
				 fn, printa ? "key" : "argument",
				 ai + (printa ? 1 : 2), conv, sp.conv,
				 want == PF_STR ? "a string" :
				 want == PF_INT ? "an integer" :
				 "a floating-point value (D has none)",
				 kind_name(have));
			return false;
		}
		ai++;
	}
	if (!printa && ai < nargs) {
		dc_error(cc, "D_PRINTF_ARG_EXTRA", args[ai]->line, args[ai]->col,
			 "printf() prototype mismatch: only %u argument%s required by the format, %u given",
			 ai, ai == 1 ? "" : "s", nargs);
		return false;
	}
	return true;
}
