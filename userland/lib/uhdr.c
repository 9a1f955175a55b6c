// SPDX-License-Identifier: GPL-2.0
/*
 * uhdr.c - `sonde -h`: a C header from D provider definitions, as
 * `dtrace -h` makes one, for applications that add USDT probes:
 *
 *	provider pony {
 *		probe gc__start(uintptr_t);
 *		probe actor__msg__send(uintptr_t, uint32_t, uintptr_t, uintptr_t);
 *	};
 *
 * gives PONY_GC_START(arg0) and PONY_ACTOR_MSG_SEND(arg0, .., arg3) over
 * <sys/sdt.h>'s STAP_PROBEn (systemtap-sdt-dev: the notes sonde, bpftrace
 * and SystemTap read), and PONY_GC_START_ENABLED(), true while the probe
 * is traced: each probe has an SDT semaphore, defined in the header
 * itself (weak, hidden, in .probes) so no generated object file is needed.
 *
 * A small parser of its own: providers, probes, argument type lists,
 * comments and #pragma lines (ignored).  Consumer thread only.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "uelf.h"

#define SONDE_SDT_MAXARGS	12	/* STAP_PROBE12 */

struct uhdr {
	const char *src, *p, *name;
	unsigned line;
	const char *bol;		/* start of the current line */
	char *err;
	size_t errlen;
};

static int uhdr_error(struct uhdr *h, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int uhdr_error(struct uhdr *h, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (h->err && h->errlen)
		snprintf(h->err, h->errlen, "%s:%u:%u: error: %s", h->name,
			 h->line, (unsigned)(h->p - h->bol) + 1, msg);
	return -EINVAL;
}

/* Skip blanks, comments and preprocessor lines (#pragma D ...). */
static int uhdr_skip(struct uhdr *h)
{
	for (;;) {
		if (*h->p == '\n') {
			h->p++;
			h->line++;
			h->bol = h->p;
		} else if (isspace((unsigned char)*h->p)) {
			h->p++;
		} else if (h->p[0] == '/' && h->p[1] == '*') {
			const char *e = strstr(h->p + 2, "*/");

			if (!e)
				return uhdr_error(h, "unterminated comment");
			for (; h->p < e; h->p++) {
				if (*h->p == '\n') {
					h->line++;
					h->bol = h->p + 1;
				}
			}
			h->p = e + 2;
		} else if ((h->p[0] == '/' && h->p[1] == '/') ||
			   (*h->p == '#' && h->p == h->bol)) {
			while (*h->p && *h->p != '\n')
				h->p++;
		} else {
			return 0;
		}
	}
}

/* An identifier into @buf; false (nothing consumed) if there is none. */
static bool uhdr_ident(struct uhdr *h, char *buf, size_t size)
{
	size_t n = 0;

	if (!isalpha((unsigned char)*h->p) && *h->p != '_')
		return false;
	while (isalnum((unsigned char)h->p[n]) || h->p[n] == '_')
		n++;
	if (n >= size)
		return false;
	memcpy(buf, h->p, n);
	buf[n] = '\0';
	h->p += n;
	return true;
}

static int uhdr_expect(struct uhdr *h, char c)
{
	int err = uhdr_skip(h);

	if (err)
		return err;
	if (*h->p != c)
		return uhdr_error(h, "expected '%c'%s%.*s%s", c,
				  *h->p ? " before '" : " at end of file",
				  *h->p ? 1 : 0, h->p, *h->p ? "'" : "");
	h->p++;
	return 0;
}

/*
 * The argument list after "probe name": count the arguments (types,
 * perhaps with parameter names; "()" and "(void)" are none).
 */
static int uhdr_args(struct uhdr *h, int *nargs)
{
	int depth = 0, n = 0, err;
	bool any = false, only_void = true;
	const char *start;

	err = uhdr_expect(h, '(');
	if (err)
		return err;
	start = h->p;
	for (; *h->p; h->p++) {
		char c = *h->p;

		if (c == '\n') {
			h->line++;
			h->bol = h->p + 1;
		}
		if (c == '/' && (h->p[1] == '*' || h->p[1] == '/')) {
			/* a comment: skip it, it is no type */
			err = uhdr_skip(h);
			if (err)
				return err;
			h->p--;
			continue;
		}
		if (c == '(') {
			depth++;
		} else if (c == ')' && depth) {
			depth--;
		} else if (c == ')' || (c == ',' && !depth)) {
			if (!any && (c == ',' || n))
				return uhdr_error(h, "missing argument type");
			if (any)
				n++;
			if (c == ')')
				break;
			any = false;
			continue;
		}
		if (!isspace((unsigned char)c))
			any = true;
	}
	if (!*h->p)
		return uhdr_error(h, "unterminated argument list");
	h->p++;
	/* "(void)" declares none */
	for (; start < h->p - 1; start++) {
		if (isspace((unsigned char)*start))
			continue;
		if (!strncmp(start, "void", 4) &&
		    !isalnum((unsigned char)start[4]) && start[4] != '_' &&
		    start[4] != '*') {
			start += 3;
			continue;
		}
		only_void = false;
	}
	*nargs = only_void ? 0 : n;
	return 0;
}

static void uhdr_upper(char *dst, size_t size, const char *src)
{
	size_t i = 0;

	for (; *src && i + 1 < size; src++) {
		if (src[0] == '_' && src[1] == '_')
			src++;		/* gc__start -> GC_START, as dtrace -h */
		dst[i++] = (char)toupper((unsigned char)*src);
	}
	dst[i] = '\0';
}

static void uhdr_probe(FILE *out, const char *prov, const char *probe,
		       int nargs)
{
	char up[SONDE_PROVNAMELEN], un[SONDE_NAMELEN];
	int i;

	uhdr_upper(up, sizeof(up), prov);
	uhdr_upper(un, sizeof(un), probe);
	fprintf(out, "#define\t%s_%s(", up, un);
	for (i = 0; i < nargs; i++)
		fprintf(out, "%sarg%d", i ? ", " : "", i);
	fprintf(out, ") \\\n\tSTAP_PROBE%.0d(%s, %s", nargs, prov, probe);
	for (i = 0; i < nargs; i++)
		fprintf(out, ", (arg%d)", i);
	fprintf(out, ")\n");
	fprintf(out, "#define\t%s_%s_ENABLED() \\\n"
		"\t__builtin_expect(%s_%s_semaphore != 0, 0)\n", up, un, prov,
		probe);
	fprintf(out, "__attribute__((weak, section(\".probes\"), "
		"visibility(\"hidden\")))\n"
		"volatile unsigned short %s_%s_semaphore;\n\n", prov, probe);
}

/* One "provider NAME { probe ...; ... };" */
static int uhdr_provider(struct uhdr *h, FILE *out)
{
	char prov[SONDE_PROVNAMELEN], word[16], probe[SONDE_NAMELEN];
	const char *at, *bol;
	unsigned line;
	int err, nargs;

	err = uhdr_skip(h);
	if (err)
		return err;
	if (!uhdr_ident(h, prov, sizeof(prov)))
		return uhdr_error(h, "expected a provider name");
	if (prov[strlen(prov) - 1] >= '0' && prov[strlen(prov) - 1] <= '9')
		return uhdr_error(h, "provider name '%s' ends in a digit: it "
				  "would read as a process id", prov);
	err = uhdr_expect(h, '{');
	if (err)
		return err;
	fprintf(out, "/* provider %s */\n\n", prov);
	for (;;) {
		err = uhdr_skip(h);
		if (err)
			return err;
		if (*h->p == '}')
			break;
		if (!uhdr_ident(h, word, sizeof(word)) || strcmp(word, "probe"))
			return uhdr_error(h, "expected 'probe' or '}'");
		err = uhdr_skip(h);
		if (err)
			return err;
		at = h->p;
		line = h->line;
		bol = h->bol;
		if (!uhdr_ident(h, probe, sizeof(probe)))
			return uhdr_error(h, "expected a probe name");
		err = uhdr_args(h, &nargs);
		if (err)
			return err;
		if (nargs > SONDE_SDT_MAXARGS) {
			h->p = at;	/* point at the probe's name */
			h->line = line;
			h->bol = bol;
			return uhdr_error(h, "probe %s has %d arguments; "
					  "<sys/sdt.h> takes at most %d", probe,
					  nargs, SONDE_SDT_MAXARGS);
		}
		err = uhdr_expect(h, ';');
		if (err)
			return err;
		uhdr_probe(out, prov, probe, nargs);
	}
	h->p++;
	return uhdr_expect(h, ';');
}

int sonde_usdt_header(FILE *out, const char *src, const char *srcname,
		      char *err, size_t errlen)
{
	struct uhdr h = { .src = src, .p = src, .bol = src, .line = 1,
			  .name = srcname, .err = err, .errlen = errlen };
	char guard[128], word[16];
	const char *base = strrchr(srcname, '/');
	size_t i;
	int ret, nprov = 0;

	base = base ? base + 1 : srcname;
	snprintf(guard, sizeof(guard), "_SONDE_USDT_%s_H", base);
	for (i = 0; guard[i]; i++)
		guard[i] = isalnum((unsigned char)guard[i]) ?
			   (char)toupper((unsigned char)guard[i]) : '_';
	fprintf(out, "/*\n * Generated by sonde -h from %s: USDT probes over "
		"<sys/sdt.h>\n * (systemtap-sdt-dev), with is-enabled "
		"semaphores.  Do not edit.\n */\n#ifndef\t%s\n#define\t%s\n\n"
		"#ifndef _SDT_HAS_SEMAPHORES\n#define _SDT_HAS_SEMAPHORES 1\n"
		"#endif\n#include <sys/sdt.h>\n\n#ifdef __cplusplus\n"
		"extern \"C\" {\n#endif\n\n", base, guard, guard);
	for (;;) {
		ret = uhdr_skip(&h);
		if (ret)
			return ret;
		if (!*h.p)
			break;
		if (!uhdr_ident(&h, word, sizeof(word)) ||
		    strcmp(word, "provider"))
			return uhdr_error(&h, "expected 'provider'");
		ret = uhdr_provider(&h, out);
		if (ret)
			return ret;
		nprov++;
	}
	if (!nprov)
		return uhdr_error(&h, "no provider definitions");
	fprintf(out, "#ifdef __cplusplus\n}\n#endif\n\n#endif /* %s */\n",
		guard);
	return ferror(out) ? -EIO : 0;
}
