// SPDX-License-Identifier: GPL-2.0
/*
 * dc_printf.c - printf()/printa() formats: the conversion-spec parser
 * (dc_fmtspec_parse(), public: the consumer formats with the same one)
 * and the compile-time check of a format against its arguments' D types
 * (count, %s needs a string, integer conversions need integers, '*'
 * consumes an int).  The format itself is kept as written.  Userland
 * only.
 */
#include <string.h>

#include "dc_impl.h"

int dc_fmtspec_parse(const char *s, struct dc_fmtspec *spec)
{
	const char *p = s;

	memset(spec, 0, sizeof(*spec));
	spec->width = -1;
	spec->prec = -1;
	for (;; p++) {
		if (*p == '-')
			spec->flags |= DC_FMT_MINUS;
		else if (*p == '+')
			spec->flags |= DC_FMT_PLUS;
		else if (*p == ' ')
			spec->flags |= DC_FMT_SPACE;
		else if (*p == '#')
			spec->flags |= DC_FMT_HASH;
		else if (*p == '0')
			spec->flags |= DC_FMT_ZERO;
		else if (*p == '\'')
			spec->flags |= DC_FMT_QUOTE;
		else if (*p == '?')
			spec->flags |= DC_FMT_QMARK;
		else
			break;
	}
	if (*p == '*') {
		spec->width_star = true;
		p++;
	} else if (*p >= '1' && *p <= '9') {
		spec->width = 0;
		while (*p >= '0' && *p <= '9') {
			if (spec->width < 100000)
				spec->width = spec->width * 10 + (*p - '0');
			p++;
		}
	}
	if (*p == '.') {
		p++;
		spec->prec = 0;
		if (*p == '*') {
			spec->prec_star = true;
			p++;
		} else {
			while (*p >= '0' && *p <= '9') {
				if (spec->prec < 100000)
					spec->prec = spec->prec * 10 +
						     (*p - '0');
				p++;
			}
		}
	}
	switch (*p) {
	case 'h':
		p++;
		spec->length = DC_LEN_H;
		if (*p == 'h') {
			p++;
			spec->length = DC_LEN_HH;
		}
		break;
	case 'l':
		p++;
		spec->length = DC_LEN_L;
		if (*p == 'l') {
			p++;
			spec->length = DC_LEN_LL;
		}
		break;
	case 'z': p++; spec->length = DC_LEN_Z; break;
	case 'j': p++; spec->length = DC_LEN_J; break;
	case 't': p++; spec->length = DC_LEN_T; break;
	}
	spec->conv = *p;
	spec->len = (uint32_t)(p - s) + (*p ? 1 : 0);
	if (!*p || !strchr("diouxXcspeEfFgGaA%@Y", *p))
		return -1;
	return 0;
}

/* What a conversion consumes. */
#define PF_INT	1
#define PF_STR	2
#define PF_FP	3
#define PF_AGG	4	/* printa's %@: the aggregation's value */
#define PF_NONE	5	/* %% */

static int conv_kind(char c)
{
	switch (c) {
	case 'd': case 'i': case 'o': case 'u': case 'x': case 'X': case 'c':
	case 'p': case 'Y':
		return PF_INT;
	case 's':
		return PF_STR;
	case '@':
		return PF_AGG;
	case '%':
		return PF_NONE;
	}
	return PF_FP;
}

static const char *kind_name(int kind)
{
	return kind == DC_T_STR ? "string" : kind == DC_T_INT ? "integer" :
	       kind == DC_T_VOID ? "void" : "aggregation";
}

bool dc_printf_check(struct dc_cc *cc, const struct dc_node *fmtnode,
		     struct dc_node **args, uint32_t nargs, bool printa)
{
	const char *fmt = fmtnode->str, *p = fmt;
	const char *fn = printa ? "printa" : "printf";
	uint32_t line = fmtnode->line, col = fmtnode->col;
	const struct sonde_pagg *agg = NULL;
	uint32_t ai = 0, conv = 0, navail = nargs;
	bool saw_value = false;

	if (printa) {
		/* printa(fmt, @a, ...): conversions take @a's keys */
		agg = &cc->prog->aggs[args[0]->id];
		navail = agg->desc.nkeys;
	}
	while ((p = strchr(p, '%'))) {
		struct dc_fmtspec sp;
		int want, have, i;

		p++;
		if (dc_fmtspec_parse(p, &sp)) {
			if (sp.conv)
				dc_error(cc, "D_PRINTF_ARG_FMT", line, col,
					 "%s() format conversion #%u is undefined: %%%.*s",
					 fn, conv + 1, (int)sp.len, p);
			else
				dc_error(cc, "D_PRINTF_ARG_FMT", line, col,
					 "%s() format ends in the middle of conversion #%u",
					 fn, conv + 1);
			return false;
		}
		p += sp.len;
		if (sp.conv == '%')
			continue;
		conv++;
		want = conv_kind(sp.conv);
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
			if (!printa || saw_value) {
				dc_error(cc, "D_PRINTF_AGG_CONV", line, col,
					 "%s() format conversion #%u: %%@ may only be used once, in printa()",
					 fn, conv);
				return false;
			}
			saw_value = true;
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
				 DC_T_STR : DC_T_INT) : args[ai]->type.kind;
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
