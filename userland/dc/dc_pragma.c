// SPDX-License-Identifier: GPL-2.0
/*
 * dc_pragma.c - the one option table: kernel options (SONDE_KOPTS, range
 * checked, sizes with k/m/g suffixes, bufpolicy by name, deadman as a
 * time) and consumer options (quiet and the other booleans,
 * switchrate, aggrate, aggsort*).  Used by "#pragma D option" in scripts
 * and, through dc_setopt()/dc_program_setopt(), by the CLI's -x, -q, -b
 * and -w.  Userland only.
 */
#include <ctype.h>
#include <stddef.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dc_impl.h"

static const struct {
	const char *name;
	uint32_t id;
	uint64_t min, max;
} dc_kopts[] = {
#define DC_KOPT_(name, id, def, min, max) { #name, id, min, max },
	SONDE_KOPTS(DC_KOPT_)
#undef DC_KOPT_
};

/* DTrace's boolean consumer options: "-x name" sets, "name=0" clears. */
static const struct {
	const char *name;
	size_t off;
} dc_bopts[] = {
	{ "quiet", offsetof(struct sonde_uopts, quiet) },
	{ "aggsortkey", offsetof(struct sonde_uopts, aggsortkey) },
	{ "aggsortrev", offsetof(struct sonde_uopts, aggsortrev) },
	{ "flowindent", offsetof(struct sonde_uopts, flowindent) },
	{ "rawbytes", offsetof(struct sonde_uopts, rawbytes) },
	{ "zdefs", offsetof(struct sonde_uopts, zdefs) },
	{ "aggzoom", offsetof(struct sonde_uopts, aggzoom) },
	{ "aggpack", offsetof(struct sonde_uopts, aggpack) },
	{ "aggpercpu", offsetof(struct sonde_uopts, aggpercpu) },
};

void dc_uopts_default(struct sonde_uopts *u)
{
	memset(u, 0, sizeof(*u));
	u->switchrate_ns = 1000000000ULL;
	u->aggrate_ns = 1000000000ULL;
	u->stackframes = DC_STACKFRAMES_DEFAULT;
	u->ustackframes = DC_STACKFRAMES_DEFAULT;
	u->jstackframes = DC_JSTACKFRAMES_DEFAULT;
	u->jstackstrsize = DC_JSTACKSTRSIZE_DEFAULT;
}

/* "4m", "65536", "1g": bytes; false if malformed. */
static bool parse_size(const char *s, uint64_t *v)
{
	char *end;
	uint64_t n, mul = 1;

	if (!s || !isdigit((unsigned char)*s))
		return false;
	errno = 0;
	n = strtoull(s, &end, 0);
	if (errno)
		return false;
	switch (tolower((unsigned char)*end)) {
	case 'k': mul = 1ULL << 10; end++; break;
	case 'm': mul = 1ULL << 20; end++; break;
	case 'g': mul = 1ULL << 30; end++; break;
	case 't': mul = 1ULL << 40; end++; break;
	}
	if (*end || (n && mul > UINT64_MAX / n))
		return false;
	*v = n * mul;
	return true;
}

/* DTrace's rates: a number with ns/us/ms/s/m/h/d or hz (bare: hz). */
static bool parse_rate(const char *s, uint64_t *ns)
{
	static const struct {
		const char *sfx;
		uint64_t mul;	/* 0: a frequency */
	} sfx[] = {
		{ "ns", 1 }, { "nsec", 1 }, { "us", 1000 }, { "usec", 1000 },
		{ "ms", 1000000 }, { "msec", 1000000 },
		{ "s", 1000000000ULL }, { "sec", 1000000000ULL },
		{ "m", 60000000000ULL }, { "min", 60000000000ULL },
		{ "h", 3600000000000ULL }, { "hour", 3600000000000ULL },
		{ "d", 86400000000000ULL }, { "day", 86400000000000ULL },
		{ "hz", 0 }, { "", 0 },
	};
	char *end;
	uint64_t n;
	size_t i;

	if (!s || !isdigit((unsigned char)*s))
		return false;
	errno = 0;
	n = strtoull(s, &end, 10);
	if (errno)
		return false;
	for (i = 0; i < sizeof(sfx) / sizeof(sfx[0]); i++) {
		if (strcasecmp(end, sfx[i].sfx))
			continue;
		if (!sfx[i].mul) {
			if (!n)
				return false;
			*ns = 1000000000ULL / n;
		} else {
			if (n > UINT64_MAX / sfx[i].mul)
				return false;
			*ns = n * sfx[i].mul;
		}
		return true;
	}
	return false;
}

static bool parse_bool(const char *s, bool *v)
{
	if (!s || !strcmp(s, "1") || !strcasecmp(s, "true") ||
	    !strcasecmp(s, "yes") || !strcasecmp(s, "on")) {
		*v = true;
		return true;
	}
	if (!strcmp(s, "0") || !strcasecmp(s, "false") ||
	    !strcasecmp(s, "no") || !strcasecmp(s, "off")) {
		*v = false;
		return true;
	}
	return false;
}

/* jstackframes (1..255) and jstackstrsize (8..4096 bytes, rounded up to
 * a multiple of 8): jstack()'s defaults. */
static int dc_jstack_opt(struct sonde_uopts *u, const char *name,
			 const char *value, char *err, size_t errsz)
{
	uint64_t v;

	if (!parse_size(value, &v)) {
		snprintf(err, errsz, "option %s: invalid value '%s'", name,
			 value ? value : "");
		return -EINVAL;
	}
	if (!strcmp(name, "jstackframes")) {
		if (v < 1 || v > DC_STACKFRAMES_MAX) {
			snprintf(err, errsz,
				 "option %s: value %llu out of range 1..%u",
				 name, (unsigned long long)v,
				 DC_STACKFRAMES_MAX);
			return -ERANGE;
		}
		u->jstackframes = (uint32_t)v;
		return 0;
	}
	if (v < 8 || v > SONDE_JSTACK_MAXSTR) {
		snprintf(err, errsz, "option %s: value %llu out of range 8..%u",
			 name, (unsigned long long)v, SONDE_JSTACK_MAXSTR);
		return -ERANGE;
	}
	u->jstackstrsize = (uint32_t)((v + 7) & ~7ULL);
	return 0;
}

int dc_opt_apply(struct sonde_kopt_set *kopts, struct sonde_uopts *u,
		 const char *name, const char *value, char *err, size_t errsz)
{
	uint64_t v;
	size_t i;
	bool b;
	char *end;
	long l;

	for (i = 0; i < sizeof(dc_kopts) / sizeof(dc_kopts[0]); i++) {
		if (strcmp(name, dc_kopts[i].name))
			continue;
		if (dc_kopts[i].id == SONDE_OPT_bufpolicy && value &&
		    !isdigit((unsigned char)*value)) {
			if (!strcmp(value, "switch"))
				v = SONDE_BUFPOLICY_SWITCH;
			else if (!strcmp(value, "fill"))
				v = SONDE_BUFPOLICY_FILL;
			else if (!strcmp(value, "ring"))
				v = SONDE_BUFPOLICY_RING;
			else
				goto bad;
		} else if (dc_kopts[i].id == SONDE_OPT_deadman && value &&
			   isdigit((unsigned char)*value) &&
			   value[strspn(value, "0123456789")]) {
			/* a time: "10s", "500ms", "1m" (a bare number: ms) */
			if (!parse_rate(value, &v) ||
			    !strcasecmp(value + strspn(value, "0123456789"),
					"hz"))
				goto bad;
			v /= 1000000;
		} else if (!value && dc_kopts[i].id == SONDE_OPT_destructive) {
			v = 1;
		} else if (!value) {
			snprintf(err, errsz, "option %s requires a value",
				 name);
			return -EINVAL;
		} else if (!parse_size(value, &v)) {
			goto bad;
		}
		if (v < dc_kopts[i].min || v > dc_kopts[i].max) {
			snprintf(err, errsz,
				 "option %s: value %s is out of range [%llu, %llu]",
				 name, value ? value : "1",
				 (unsigned long long)dc_kopts[i].min,
				 (unsigned long long)dc_kopts[i].max);
			return -ERANGE;
		}
		kopts[dc_kopts[i].id].set = true;
		kopts[dc_kopts[i].id].value = v;
		return 0;
	}
	for (i = 0; i < sizeof(dc_bopts) / sizeof(dc_bopts[0]); i++) {
		if (strcmp(name, dc_bopts[i].name))
			continue;
		if (!parse_bool(value, &b))
			goto bad;
		*(bool *)((char *)u + dc_bopts[i].off) = b;
		return 0;
	}
	if (!strcmp(name, "switchrate") || !strcmp(name, "aggrate")) {
		if (!parse_rate(value, &v) || !v)
			goto bad;
		if (!strcmp(name, "switchrate"))
			u->switchrate_ns = v;
		else
			u->aggrate_ns = v;
		return 0;
	}
	if (!strcmp(name, "aggsortpos") || !strcmp(name, "aggsortkeypos")) {
		if (!value)
			goto bad;
		errno = 0;
		l = strtol(value, &end, 0);
		if (*end || errno || l < 0 || l > INT32_MAX)
			goto bad;
		if (!strcmp(name, "aggsortpos"))
			u->aggsortpos = (int)l;
		else
			u->aggsortkeypos = (int)l;
		return 0;
	}
	if (!strcmp(name, "stackframes") || !strcmp(name, "ustackframes")) {
		if (!value)
			goto bad;
		errno = 0;
		l = strtol(value, &end, 0);
		if (*end || errno || !*value)
			goto bad;
		if (l < 1 || l > DC_STACKFRAMES_MAX) {
			snprintf(err, errsz,
				 "option %s: value %ld out of range 1..%u",
				 name, l, DC_STACKFRAMES_MAX);
			return -ERANGE;
		}
		if (name[0] == 's')
			u->stackframes = (uint32_t)l;
		else
			u->ustackframes = (uint32_t)l;
		return 0;
	}
	if (!strcmp(name, "jstackframes") || !strcmp(name, "jstackstrsize"))
		return dc_jstack_opt(u, name, value, err, errsz);
	snprintf(err, errsz, "invalid option name: %s", name);
	return -ENOENT;
bad:
	snprintf(err, errsz, "option %s: invalid value '%s'", name,
		 value ? value : "");
	return -EINVAL;
}

int dc_setopt(struct dc *dc, const char *name, const char *value)
{
	char err[128];

	return dc_opt_apply(dc->kopts, &dc->uopts, name, value, err,
			    sizeof(err));
}

int dc_program_setopt(struct sonde_program *p, const char *name,
		      const char *value)
{
	char err[128];

	return dc_opt_apply(p->kopts, &p->uopts, name, value, err,
			    sizeof(err));
}

/* The next word of a pragma line, NUL-terminated into @buf. */
static const char *word(const char *p, const char *end, char *buf,
			size_t size)
{
	size_t n = 0;

	while (p < end && isspace((unsigned char)*p))
		p++;
	while (p < end && !isspace((unsigned char)*p)) {
		if (n + 1 < size)
			buf[n++] = *p;
		p++;
	}
	buf[n] = 0;
	return p;
}

void dc_pragma(struct dc_cc *cc, const char *text, size_t len,
	       uint32_t line, uint32_t col)
{
	const char *p = text, *end = text + len;
	char w[256], err[192];
	char *eq;
	int rc;

	p = word(p, end, w, sizeof(w));
	if (strcmp(w, "D"))
		return;		/* #pragma ident and friends: not ours */
	p = word(p, end, w, sizeof(w));
	if (!strcmp(w, "option")) {
		bool any = false;

		for (;;) {
			p = word(p, end, w, sizeof(w));
			if (!w[0])
				break;
			any = true;
			eq = strchr(w, '=');
			if (eq)
				*eq++ = 0;
			rc = dc_opt_apply(cc->prog->kopts, &cc->prog->uopts, w,
					  eq, err, sizeof(err));
			if (rc == -ENOENT)
				dc_error(cc, "D_PRAGMA_OPT", line, col,
					 "failed to set option %s: invalid option name",
					 w);
			else if (rc)
				dc_error(cc, "D_PRAGMA_OPTSET", line, col,
					 "failed to set option %s: %s", w, err);
		}
		if (!any)
			dc_error(cc, "D_PRAGMA_MALFORM", line, col,
				 "malformed #pragma D option: an option name is required");
		return;
	}
	if (!strcmp(w, "attributes") || !strcmp(w, "binding") ||
	    !strcmp(w, "depends_on") || !strcmp(w, "error")) {
		dc_error(cc, "D_PRAGMA_INVAL", line, col,
			 "#pragma D %s is not supported yet", w);
		return;
	}
	dc_error(cc, "D_PRAGMA_INVAL", line, col,
		 "invalid control directive: #pragma D %s", w);
}
