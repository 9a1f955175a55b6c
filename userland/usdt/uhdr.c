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
 * A small parser of its own (the D compiler's is for programs):
 * providers, probes, argument type lists (types are only echoed in a
 * comment: the macros take any C expression), DTrace's translated
 * argument lists "probe p(a) : (b);" (accepted, unused), comments and
 * preprocessor lines such as "#pragma D attributes" (ignored).
 * Consumer thread only.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "usdt.h"

#define SONDE_SDT_MAXARGS	12	/* STAP_PROBE12 */

struct uhdr {
	const char *src, *p, *name;
	unsigned line;
	const char *bol;		/* start of the current line */
	char *err;
	size_t errlen;
	char (*seen)[SONDE_PROVNAMELEN + SONDE_NAMELEN]; /* "prov:probe" */
	size_t nseen;
};

/* One probe's argument list, as written. */
struct uhdr_args {
	int n;
	const char *b[SONDE_SDT_MAXARGS], *e[SONDE_SDT_MAXARGS];
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

/* Is h->p the first non-blank character of its line? */
static bool uhdr_line_start(const struct uhdr *h)
{
	const char *q;

	for (q = h->bol; q < h->p; q++) {
		if (!isspace((unsigned char)*q))
			return false;
	}
	return true;
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
			   (*h->p == '#' && uhdr_line_start(h))) {
			while (*h->p && *h->p != '\n')
				h->p++;
		} else {
			return 0;
		}
	}
}

/* An identifier into @buf: 1, 0 if there is none, -EINVAL too long. */
static int uhdr_ident(struct uhdr *h, char *buf, size_t size)
{
	size_t n = 0;

	if (!isalpha((unsigned char)*h->p) && *h->p != '_')
		return 0;
	while (isalnum((unsigned char)h->p[n]) || h->p[n] == '_')
		n++;
	if (n >= size)
		return uhdr_error(h, "'%.*s' is too long (at most %zu characters)",
				  (int)n, h->p, size - 1);
	memcpy(buf, h->p, n);
	buf[n] = '\0';
	h->p += n;
	return 1;
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

/* Is [b, e) "void" alone, comments and blanks aside? */
static bool uhdr_is_void(const char *b, const char *e)
{
	while (b < e && isspace((unsigned char)*b))
		b++;
	while (e > b && isspace((unsigned char)e[-1]))
		e--;
	return e - b == 4 && !strncmp(b, "void", 4);
}

/*
 * The argument list after "probe name": each argument's text (a type,
 * perhaps with a parameter name; "()" and "(void)" are none).
 */
static int uhdr_args(struct uhdr *h, struct uhdr_args *a)
{
	int depth = 0, err;
	bool any = false;
	const char *start;

	a->n = 0;
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
			if (!any && (c == ',' || a->n))
				return uhdr_error(h, "missing argument type");
			if (any && a->n < SONDE_SDT_MAXARGS) {
				a->b[a->n] = start;
				a->e[a->n] = h->p;
			}
			a->n += any;
			if (c == ')')
				break;
			any = false;
			start = h->p + 1;
			continue;
		}
		if (!isspace((unsigned char)c))
			any = true;
	}
	if (!*h->p)
		return uhdr_error(h, "unterminated argument list");
	h->p++;
	if (a->n == 1 && uhdr_is_void(a->b[0], a->e[0]))
		a->n = 0;
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

/* An argument's text for a comment: no comments, blanks folded. */
static void uhdr_put_type(FILE *out, const char *b, const char *e)
{
	bool blank = false, any = false;

	while (b < e) {
		if (b[0] == '/' && b[1] == '*') {
			const char *c = strstr(b + 2, "*/");

			b = c && c < e ? c + 2 : e;
			blank = true;
		} else if (b[0] == '/' && b[1] == '/') {
			while (b < e && *b != '\n')
				b++;
			blank = true;
		} else if (isspace((unsigned char)*b)) {
			b++;
			blank = true;
		} else {
			if (blank && any)
				fputc(' ', out);
			fputc(*b++, out);
			blank = false;
			any = true;
		}
	}
}

/* "gc__start" -> "gc-start", as D names the probe. */
static void uhdr_put_dname(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (s[0] == '_' && s[1] == '_') {
			fputc('-', out);
			s++;
		} else {
			fputc(*s, out);
		}
	}
}

static void uhdr_probe(FILE *out, const char *prov, const char *probe,
		       const struct uhdr_args *a)
{
	char up[SONDE_PROVNAMELEN], un[SONDE_NAMELEN];
	int i;

	uhdr_upper(up, sizeof(up), prov);
	uhdr_upper(un, sizeof(un), probe);
	fprintf(out, "/* %s*:::", prov);
	uhdr_put_dname(out, probe);
	fprintf(out, "(");
	for (i = 0; i < a->n; i++) {
		fprintf(out, "%s", i ? ", " : "");
		uhdr_put_type(out, a->b[i], a->e[i]);
	}
	fprintf(out, ") */\n");
	fprintf(out, "#define\t%s_%s(", up, un);
	for (i = 0; i < a->n; i++)
		fprintf(out, "%sarg%d", i ? ", " : "", i);
	fprintf(out, ") \\\n\tSTAP_PROBE%.0d(%s, %s", a->n, prov, probe);
	for (i = 0; i < a->n; i++)
		fprintf(out, ", (arg%d)", i);
	fprintf(out, ")\n");
	fprintf(out, "#define\t%s_%s_ENABLED() \\\n"
		"\t__builtin_expect(%s_%s_semaphore != 0, 0)\n", up, un, prov,
		probe);
	fprintf(out, "__attribute__((weak, section(\".probes\"), "
		"visibility(\"hidden\")))\n"
		"volatile unsigned short %s_%s_semaphore;\n\n", prov, probe);
}

/* A probe declared twice (its name at @at) would define its macros
 * twice. */
static int uhdr_once(struct uhdr *h, const char *prov, const char *probe,
		     const char *at)
{
	char key[SONDE_PROVNAMELEN + SONDE_NAMELEN];
	void *v;
	size_t i;

	snprintf(key, sizeof(key), "%s:%s", prov, probe);
	for (i = 0; i < h->nseen; i++) {
		if (!strcmp(h->seen[i], key)) {
			h->p = at;
			return uhdr_error(h, "probe %s of provider %s is already "
					  "declared", probe, prov);
		}
	}
	v = realloc(h->seen, (h->nseen + 1) * sizeof(*h->seen));
	if (!v)
		return -ENOMEM;
	h->seen = v;
	memcpy(h->seen[h->nseen++], key, sizeof(key));
	return 0;
}

/* "probe NAME(args) [: (args)];" of provider @prov */
static int uhdr_one_probe(struct uhdr *h, FILE *out, const char *prov)
{
	char probe[SONDE_NAMELEN];
	struct uhdr_args a, xa;
	const char *at, *bol;
	unsigned line;
	int err;

	err = uhdr_skip(h);
	if (err)
		return err;
	at = h->p;
	line = h->line;
	bol = h->bol;
	err = uhdr_ident(h, probe, sizeof(probe));
	if (err <= 0)
		return err ? err : uhdr_error(h, "expected a probe name");
	err = uhdr_once(h, prov, probe, at);
	if (!err)
		err = uhdr_args(h, &a);
	if (!err)
		err = uhdr_skip(h);
	if (!err && *h->p == ':') {	/* translated arguments: D's only */
		h->p++;
		err = uhdr_args(h, &xa);
	}
	if (err)
		return err;
	if (a.n > SONDE_SDT_MAXARGS) {
		h->p = at;	/* point at the probe's name */
		h->line = line;
		h->bol = bol;
		return uhdr_error(h, "probe %s has %d arguments; <sys/sdt.h> "
				  "takes at most %d", probe, a.n,
				  SONDE_SDT_MAXARGS);
	}
	err = uhdr_expect(h, ';');
	if (err)
		return err;
	uhdr_probe(out, prov, probe, &a);
	return 0;
}

/* One "provider NAME { probe ...; ... };" */
static int uhdr_provider(struct uhdr *h, FILE *out)
{
	char prov[SONDE_PROVNAMELEN], word[16];
	const char *at;
	int err;

	err = uhdr_skip(h);
	if (err)
		return err;
	err = uhdr_ident(h, prov, sizeof(prov));
	if (err <= 0)
		return err ? err : uhdr_error(h, "expected a provider name");
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
		at = h->p;
		if (uhdr_ident(h, word, sizeof(word)) != 1 ||
		    strcmp(word, "probe")) {
			h->p = at;
			return uhdr_error(h, "expected 'probe' or '}'");
		}
		err = uhdr_one_probe(h, out, prov);
		if (err)
			return err;
	}
	h->p++;
	return uhdr_expect(h, ';');
}

static int uhdr_file(struct uhdr *h, FILE *out)
{
	const char *at;
	char word[16];
	int ret, nprov = 0;

	for (;;) {
		ret = uhdr_skip(h);
		if (ret)
			return ret;
		if (!*h->p)
			break;
		at = h->p;
		if (uhdr_ident(h, word, sizeof(word)) != 1 ||
		    strcmp(word, "provider")) {
			h->p = at;
			return uhdr_error(h, "expected 'provider'");
		}
		ret = uhdr_provider(h, out);
		if (ret)
			return ret;
		nprov++;
	}
	if (!nprov)
		return uhdr_error(h, "no provider definitions");
	return 0;
}

int sonde_usdt_header(FILE *out, const char *src, const char *srcname,
		      char *err, size_t errlen)
{
	struct uhdr h = { .src = src, .p = src, .bol = src, .line = 1,
			  .name = srcname, .err = err, .errlen = errlen };
	const char *base = strrchr(srcname, '/');
	char guard[128];
	size_t i;
	int ret;

	base = base ? base + 1 : srcname;
	snprintf(guard, sizeof(guard), "_SONDE_USDT_%s_H", base);
	for (i = 0; guard[i]; i++)
		guard[i] = isalnum((unsigned char)guard[i]) ?
			   (char)toupper((unsigned char)guard[i]) : '_';
	/*
	 * <sys/sdt.h> decides once, when first included, whether notes
	 * record semaphores: included earlier without them, every
	 * _ENABLED() here would stay false for good.
	 */
	fprintf(out, "/*\n * Generated by sonde -h from %s: USDT probes over "
		"<sys/sdt.h>\n * (systemtap-sdt-dev), with is-enabled "
		"semaphores.  Do not edit.\n */\n#ifndef\t%s\n#define\t%s\n\n"
		"#if defined(_SYS_SDT_H) && !defined(_SDT_HAS_SEMAPHORES)\n"
		"#error \"<sys/sdt.h> was included without _SDT_HAS_SEMAPHORES:"
		" include this header first\"\n#endif\n"
		"#ifndef _SDT_HAS_SEMAPHORES\n#define _SDT_HAS_SEMAPHORES 1\n"
		"#endif\n#include <sys/sdt.h>\n\n#ifdef __cplusplus\n"
		"extern \"C\" {\n#endif\n\n", base, guard, guard);
	ret = uhdr_file(&h, out);
	free(h.seen);
	if (ret)
		return ret;
	fprintf(out, "#ifdef __cplusplus\n}\n#endif\n\n#endif /* %s */\n",
		guard);
	return ferror(out) ? -EIO : 0;
}
