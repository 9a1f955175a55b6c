// SPDX-License-Identifier: GPL-2.0
/*
 * dc_sdt.c - provider definitions for `sonde -h` and `-G`, read with the
 * compiler's lexer:
 *
 *	provider pony {
 *		probe gc__start(uintptr_t);
 *		probe xl(int, char *) : (int, string);
 *	};
 *
 * into struct sonde_sdt_defs (usdt.h), which usdt's writers take
 * (sdt_hdr.c, sdt_obj.c: usdt is below the compiler, so the compiler
 * fills usdt's struct).  Argument types are kept as written (comments
 * out, blanks folded), not resolved: the header only echoes them, and a
 * provider file names types of the application's, not D's.  DTrace's
 * translated argument lists "probe p(a) : (b);" are read and dropped;
 * every # line (#pragma D attributes, a build's #define) is skipped.
 *
 * A D program's provider definitions are read here too (dc_decl.c):
 * their types give args[] of their USDT probes (dc_args.c); nothing
 * here makes probes.  Errors are one "file:line:col: error: ..." line,
 * the text -h has always printed.  Not thread-safe: one call at a
 * time per thread.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dc.h"
#include "dc_impl.h"
#include "usdt.h"

/* Words read where only "provider" or "probe" may stand: as long as the
 * old parser's buffer held, for the same message past it. */
#define SDT_WORDLEN	16

struct sdt {
	struct dc dc;		/* the diagnostics of the lexer */
	struct dc_cc cc;
	struct dc_lexer lx;
	struct dc_tok tok;	/* the current token */
	const char *name;	/* the file, for messages */
	char *err;
	size_t errlen;
	struct sonde_sdt_defs *defs;
};

/* One probe's argument list as written: [b, e) for each. */
struct sdt_args {
	int n;
	const char *b[SONDE_SDT_MAXARGS], *e[SONDE_SDT_MAXARGS];
};

__attribute__((format(printf, 4, 5)))
static int sdt_error(struct sdt *s, uint32_t line, uint32_t col,
		     const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (s->err && s->errlen)
		snprintf(s->err, s->errlen, "%s:%u:%u: error: %s", s->name,
			 line, col, msg);
	return -EINVAL;
}

/*
 * The next token.  A comment left open ends the input: that is the error.
 * Any other the lexer finds (a bad character or constant) only makes the
 * token DC_TK_ERROR: the parser says what it expected there instead, as
 * -h always did, and an argument list takes it as part of a type.
 */
static int sdt_next(struct sdt *s)
{
	unsigned int n = s->dc.diags.n;
	const struct dc_diag *d;
	int err = 0;

	dc_lex_next(&s->lx, &s->tok);
	if (s->cc.oom)
		return -ENOMEM;
	if (s->dc.diags.n == n)
		return 0;
	d = &s->dc.diags.v[n];
	if (!strcmp(d->msg, "end of input encountered before the matching */")) {
		err = sdt_error(s, d->line, d->col, "unterminated comment");
	} else {
		/* one bad character: lexing goes on after it (an open quote
		 * no longer swallows the line) */
		s->tok.kind = DC_TK_ERROR;
		s->lx.p = s->tok.start + 1;
		s->lx.line = s->tok.line;
		s->lx.line_start = s->tok.start - (s->tok.col - 1);
		s->lx.bol = false;
	}
	dc_diags_truncate(&s->dc, n);
	return err;
}

static bool sdt_is(const struct sdt *s, int kind)
{
	return s->tok.kind == kind;
}

/* The current token as an identifier into @buf: 1, 0 if it is none,
 * -EINVAL if too long. */
static int sdt_ident(struct sdt *s, char *buf, size_t size)
{
	const struct dc_tok *t = &s->tok;
	const char *q;
	size_t n = t->len;

	if ((t->kind != DC_TK_IDENT && t->kind != DC_TK_KEYWORD) ||
	    !(isalpha((unsigned char)*t->start) || *t->start == '_'))
		return 0;
	/* D's mod`sym is one token: a C name stops at the '`' */
	q = memchr(t->start, '`', n);
	if (q) {
		n = q - t->start;
		s->lx.p = q;
	}
	if (n >= size)
		return sdt_error(s, t->line, t->col,
				 "'%.*s' is too long (at most %zu characters)",
				 (int)n, t->start, size - 1);
	memcpy(buf, t->start, n);
	buf[n] = '\0';
	return 1;
}

/* Is the current token @word? */
static bool sdt_word(struct sdt *s, const char *word)
{
	char buf[SDT_WORDLEN];

	return sdt_ident(s, buf, sizeof(buf)) == 1 && !strcmp(buf, word);
}

/* The current token must be the one character @c (kind @kind). */
static int sdt_expect(struct sdt *s, int kind, char c)
{
	const struct dc_tok *t = &s->tok;
	bool end = t->kind == DC_TK_EOF;

	if (t->kind == kind)
		return 0;
	return sdt_error(s, t->line, t->col, "expected '%c'%s%.*s%s", c,
			 end ? " at end of file" : " before '", end ? 0 : 1,
			 t->start, end ? "" : "'");
}

/* Is [b, e) "void" alone, blanks aside? */
static bool sdt_is_void(const char *b, const char *e)
{
	while (b < e && isspace((unsigned char)*b))
		b++;
	while (e > b && isspace((unsigned char)e[-1]))
		e--;
	return e - b == 4 && !strncmp(b, "void", 4);
}

/*
 * The argument list whose '(' is the next token: each argument's text (a
 * type, perhaps with a parameter name; "()" and "(void)" are none).  On
 * return the current token is its ')'.
 */
static int sdt_args(struct sdt *s, struct sdt_args *a)
{
	const char *start;
	bool any = false;
	int depth = 0, err;

	a->n = 0;
	err = sdt_next(s);
	if (!err)
		err = sdt_expect(s, DC_TK_LPAR, '(');
	if (err)
		return err;
	start = s->tok.start + 1;
	for (;;) {
		const struct dc_tok *t = &s->tok;

		err = sdt_next(s);
		if (err)
			return err;
		if (sdt_is(s, DC_TK_EOF))
			return sdt_error(s, t->line, t->col,
					 "unterminated argument list");
		if (sdt_is(s, DC_TK_LPAR)) {
			depth++;
		} else if (sdt_is(s, DC_TK_RPAR) && depth) {
			depth--;
		} else if (sdt_is(s, DC_TK_RPAR) ||
			   (sdt_is(s, DC_TK_COMMA) && !depth)) {
			if (!any && (sdt_is(s, DC_TK_COMMA) || a->n))
				return sdt_error(s, t->line, t->col,
						 "missing argument type");
			if (any && a->n < SONDE_SDT_MAXARGS) {
				a->b[a->n] = start;
				a->e[a->n] = t->start;
			}
			a->n += any;
			if (sdt_is(s, DC_TK_RPAR))
				break;
			any = false;
			start = t->start + 1;
			continue;
		}
		any = true;
	}
	if (a->n == 1 && sdt_is_void(a->b[0], a->e[0]))
		a->n = 0;
	return 0;
}

/* An argument's text [b, e): no comments, blanks folded; NULL on ENOMEM. */
static char *sdt_type(const char *b, const char *e)
{
	bool blank = false, any = false;
	char *t = malloc(e - b + 1), *q = t;

	if (!t)
		return NULL;
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
				*q++ = ' ';
			*q++ = *b++;
			blank = false;
			any = true;
		}
	}
	*q = '\0';
	return t;
}

/* Was probe @probe of a provider named @prov read already? */
static bool sdt_seen(const struct sonde_sdt_defs *d, const char *prov,
		     const char *probe)
{
	size_t i, j;

	for (i = 0; i < d->nprovs; i++) {
		if (strcmp(d->provs[i].name, prov))
			continue;
		for (j = 0; j < d->provs[i].nprobes; j++)
			if (!strcmp(d->provs[i].probes[j].name, probe))
				return true;
	}
	return false;
}

/* "probe NAME(args) [: (args)];" of provider @p ("probe" read) */
static int sdt_probe(struct sdt *s, struct sonde_sdt_provider *p)
{
	char probe[SONDE_NAMELEN];
	struct sonde_sdt_probe *pr;
	struct sdt_args a, xa;
	struct dc_tok at;
	int err, i;

	err = sdt_next(s);
	if (err)
		return err;
	at = s->tok;
	err = sdt_ident(s, probe, sizeof(probe));
	if (err <= 0)
		return err ? err : sdt_error(s, at.line, at.col,
					     "expected a probe name");
	/* declared twice, it would define its macros twice */
	if (sdt_seen(s->defs, p->name, probe))
		return sdt_error(s, at.line, at.col,
				 "probe %s of provider %s is already declared",
				 probe, p->name);
	err = sdt_args(s, &a);
	if (!err)
		err = sdt_next(s);
	if (!err && sdt_is(s, DC_TK_COLON)) {	/* translated: D's only */
		err = sdt_args(s, &xa);
		if (!err)
			err = sdt_next(s);
	}
	if (err)
		return err;
	if (a.n > SONDE_SDT_MAXARGS)
		return sdt_error(s, at.line, at.col,
				 "probe %s has %d arguments; <sys/sdt.h> takes at most %d",
				 probe, a.n, SONDE_SDT_MAXARGS);
	err = sdt_expect(s, DC_TK_SEMI, ';');
	if (err)
		return err;
	pr = sonde_sdt_add_probe(p, probe);
	if (!pr)
		return -ENOMEM;
	for (i = 0; i < a.n; i++) {
		pr->args[i] = sdt_type(a.b[i], a.e[i]);
		if (!pr->args[i])
			return -ENOMEM;
		pr->nargs++;
	}
	return 0;
}

/* One "provider NAME { probe ...; ... };" ("provider" read) */
static int sdt_provider(struct sdt *s)
{
	char prov[SONDE_PROVNAMELEN];
	struct sonde_sdt_provider *p;
	const struct dc_tok *t = &s->tok;
	size_t n;
	int err;

	err = sdt_next(s);
	if (err)
		return err;
	err = sdt_ident(s, prov, sizeof(prov));
	if (err <= 0)
		return err ? err : sdt_error(s, t->line, t->col,
					     "expected a provider name");
	n = strlen(prov);
	if (prov[n - 1] >= '0' && prov[n - 1] <= '9')
		return sdt_error(s, t->line, t->col + (uint32_t)n,
				 "provider name '%s' ends in a digit: it would read as a process id",
				 prov);
	err = sdt_next(s);
	if (!err)
		err = sdt_expect(s, DC_TK_LBRACE, '{');
	if (err)
		return err;
	p = sonde_sdt_add_provider(s->defs, prov);
	if (!p)
		return -ENOMEM;
	for (;;) {
		err = sdt_next(s);
		if (err)
			return err;
		if (sdt_is(s, DC_TK_RBRACE))
			break;
		if (!sdt_word(s, "probe"))
			return sdt_error(s, t->line, t->col,
					 "expected 'probe' or '}'");
		err = sdt_probe(s, p);
		if (err)
			return err;
	}
	err = sdt_next(s);
	return err ? err : sdt_expect(s, DC_TK_SEMI, ';');
}

static int sdt_file(struct sdt *s)
{
	int err;

	for (;;) {
		err = sdt_next(s);
		if (err)
			return err;
		if (sdt_is(s, DC_TK_EOF))
			break;
		if (!sdt_word(s, "provider"))
			return sdt_error(s, s->tok.line, s->tok.col,
					 "expected 'provider'");
		err = sdt_provider(s);
		if (err)
			return err;
	}
	if (!s->defs->nprovs)
		return sdt_error(s, s->tok.line, s->tok.col,
				 "no provider definitions");
	return 0;
}

int dc_sdt_parse(const char *src, const char *srcname,
		 struct sonde_sdt_defs *defs, char *err, size_t errlen)
{
	struct sdt *s = calloc(1, sizeof(*s));
	int ret;

	if (!s)
		return -ENOMEM;
	s->cc.dc = &s->dc;
	s->name = srcname;
	s->err = err;
	s->errlen = errlen;
	s->defs = defs;
	dc_lex_init(&s->lx, &s->cc, src, strlen(src));
	s->lx.sdt = true;
	ret = sdt_file(s);
	dc_diags_clear(&s->dc);
	while (s->cc.arena) {
		struct dc_arena *a = s->cc.arena;

		s->cc.arena = a->next;
		free(a);
	}
	free(s);
	return ret;
}
