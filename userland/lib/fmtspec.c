// SPDX-License-Identifier: GPL-2.0
/*
 * fmtspec.c - the one parser of printf()/printa() conversion specs
 * (sonde_fmtspec_parse(), fmtspec.h): the compiler checks formats against their
 * arguments with it (dc_printf.c) and the consumer prints with it
 * (printf.c).  Userland only; no state.
 */
#include <string.h>

#include "fmtspec.h"

/*
 * Flags, width, precision and '*' come in any order, as dt_printf_create()
 * reads them ("%10@d" is "%@10d"): a '0' before any digit is the zero-pad
 * flag and cancels '-' ("%-05d" pads with zeros), '-' cancels it; digits
 * are the width, or after '.' the precision; '?' is a pointer's width.
 */
int sonde_fmtspec_parse(const char *s, struct sonde_fmtspec *spec)
{
	const char *p = s;
	bool dot = false, digits = false;
	int n;

	memset(spec, 0, sizeof(*spec));
	spec->width = -1;
	spec->prec = -1;
	for (;; p++) {
		switch (*p) {
		case '-':
			spec->flags |= SONDE_FMT_MINUS;
			spec->flags &= ~SONDE_FMT_ZERO;
			continue;
		case '+':
			spec->flags |= SONDE_FMT_PLUS;
			continue;
		case ' ':
			spec->flags |= SONDE_FMT_SPACE;
			continue;
		case '#':
			spec->flags |= SONDE_FMT_HASH;
			continue;
		case '\'':
			spec->flags |= SONDE_FMT_QUOTE;
			continue;
		case '?':
			spec->flags |= SONDE_FMT_QMARK;
			continue;
		case '@':
			spec->flags |= SONDE_FMT_AGG;
			continue;
		case '.':
			if (dot) {
				spec->err = "has more than one '.' specified";
				spec->len = (uint32_t)(p - s);
				return -1;
			}
			dot = true;
			digits = false;
			spec->prec = 0;
			continue;
		case '*':
			if (dot ? spec->prec_star : spec->width_star) {
				spec->err = dot ?
					"has more than one '*' specified for the output precision" :
					"has more than one '*' specified for the output width";
				spec->len = (uint32_t)(p - s);
				return -1;
			}
			if (dot)
				spec->prec_star = true;
			else
				spec->width_star = true;
			/* "*1$": a positional argument for it */
			if (p[1] >= '0' && p[1] <= '9') {
				const char *q = p + 1;

				while (*q >= '0' && *q <= '9')
					q++;
				if (*q == '$') {
					spec->err = "uses unsupported positional format (%n$)";
					spec->len = (uint32_t)(q - s);
					return -1;
				}
			}
			continue;
		case '0': case '1': case '2': case '3': case '4':
		case '5': case '6': case '7': case '8': case '9':
			if (*p == '0' && !dot && !digits) {
				spec->flags |= SONDE_FMT_ZERO;
				spec->flags &= ~SONDE_FMT_MINUS;
				continue;
			}
			for (n = 0; *p >= '0' && *p <= '9'; p++)
				if (n < 100000)
					n = n * 10 + (*p - '0');
			if (*p == '$') {
				spec->err = "uses unsupported positional format (%n$)";
				spec->len = (uint32_t)(p - s);
				return -1;
			}
			p--;
			if (dot)
				spec->prec = n;
			else
				spec->width = n;
			digits = true;
			continue;
		}
		break;
	}
	switch (*p) {
	case 'h':
		p++;
		spec->length = SONDE_LEN_H;
		if (*p == 'h') {
			p++;
			spec->length = SONDE_LEN_HH;
		}
		break;
	case 'l':
		p++;
		spec->length = SONDE_LEN_L;
		if (*p == 'l') {
			p++;
			spec->length = SONDE_LEN_LL;
		}
		break;
	case 'L': p++; spec->length = SONDE_LEN_BIGL; break;
	case 'w': p++; spec->length = SONDE_LEN_W; break;
	case 'z': p++; spec->length = SONDE_LEN_Z; break;
	case 'j': p++; spec->length = SONDE_LEN_J; break;
	case 't': p++; spec->length = SONDE_LEN_T; break;
	}
	spec->conv = *p;
	spec->len = (uint32_t)(p - s) + (*p ? 1 : 0);
	if (!*p && spec->length == SONDE_LEN_NONE) {
		spec->err = "name expected before end of format string";
		return -1;
	}
	if (*p == '%' && p != s) {
		spec->err = "cannot be combined with other format flags: %%";
		return -1;
	}
	if (!*p || !strchr("diouxXcCsSpeEfFgGaAkYT%", *p)) {
		/* dt_printf's conversions are names: "%z" is one it lacks */
		spec->err = "is undefined";
		return -1;
	}
	return 0;
}
