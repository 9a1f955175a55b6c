// SPDX-License-Identifier: GPL-2.0
/*
 * fmtspec.c - the one parser of printf()/printa() conversion specs
 * (sonde_fmtspec_parse(), fmtspec.h): the compiler checks formats against their
 * arguments with it (dc_printf.c) and the consumer prints with it
 * (printf.c).  Userland only; no state.
 */
#include <string.h>

#include "fmtspec.h"

int sonde_fmtspec_parse(const char *s, struct sonde_fmtspec *spec)
{
	const char *p = s;

	memset(spec, 0, sizeof(*spec));
	spec->width = -1;
	spec->prec = -1;
	for (;; p++) {
		if (*p == '-')
			spec->flags |= SONDE_FMT_MINUS;
		else if (*p == '+')
			spec->flags |= SONDE_FMT_PLUS;
		else if (*p == ' ')
			spec->flags |= SONDE_FMT_SPACE;
		else if (*p == '#')
			spec->flags |= SONDE_FMT_HASH;
		else if (*p == '0')
			spec->flags |= SONDE_FMT_ZERO;
		else if (*p == '\'')
			spec->flags |= SONDE_FMT_QUOTE;
		else if (*p == '?')
			spec->flags |= SONDE_FMT_QMARK;
		else if (*p == '@')
			spec->flags |= SONDE_FMT_AGG;
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
	if (!*p || !strchr("diouxXcCsSpeEfFgGaAkYT%", *p) ||
	    (*p == '%' && p != s))
		return -1;
	return 0;
}
