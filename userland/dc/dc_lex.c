// SPDX-License-Identifier: GPL-2.0
/*
 * dc_lex.c - the D lexer: C tokens plus D's own (@agg, $macro, ^^, probe
 * descriptions), comments, "#pragma" lines (handed to dc_pragma()) and a
 * "#!" first line.  Tokens are produced on demand: the parser decides
 * where a probe description may start (dc_lex_pdesc()), which is the one
 * context-sensitive part of D's lexical grammar.  Userland only.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dc_impl.h"

static const char *const dc_kwnames[DC_NKWS] = {
#define DC_KW_NAME_(k) [DC_KW_##k] = #k,
	DC_KEYWORDS(DC_KW_NAME_)
#undef DC_KW_NAME_
};

/* The keyword @s is (binary search: DC_KEYWORDS is in name order), or
 * 0.  Every identifier asks, so it is the lexer's hot path. */
static int dc_kw_lookup(const char *s)
{
	int lo = 1, hi = DC_NKWS - 1;

	while (lo <= hi) {
		int mid = (lo + hi) / 2, c = strcmp(s, dc_kwnames[mid]);

		if (!c)
			return mid;
		if (c < 0)
			hi = mid - 1;
		else
			lo = mid + 1;
	}
	return 0;
}

const char *dc_kw_name(int kw)
{
	return kw > 0 && kw < DC_NKWS ? dc_kwnames[kw] : "?";
}

static const char *const dc_toknames[DC_TK_NKINDS] = {
	[DC_TK_EOF] = "end of input", [DC_TK_IDENT] = "identifier",
	[DC_TK_INT] = "integer constant", [DC_TK_STR] = "string constant",
	[DC_TK_MACRO] = "macro variable", [DC_TK_AGG] = "aggregation",
	[DC_TK_KEYWORD] = "keyword",
	[DC_TK_LPAR] = "(", [DC_TK_RPAR] = ")", [DC_TK_LBRAC] = "[",
	[DC_TK_RBRAC] = "]", [DC_TK_LBRACE] = "{", [DC_TK_RBRACE] = "}",
	[DC_TK_COMMA] = ",", [DC_TK_SEMI] = ";", [DC_TK_COLON] = ":",
	[DC_TK_QUEST] = "?", [DC_TK_DOT] = ".", [DC_TK_ARROW] = "->",
	[DC_TK_ELLIPSIS] = "...", [DC_TK_PLUS] = "+", [DC_TK_MINUS] = "-",
	[DC_TK_STAR] = "*", [DC_TK_SLASH] = "/", [DC_TK_PERCENT] = "%",
	[DC_TK_AMP] = "&", [DC_TK_BOR] = "|", [DC_TK_XOR] = "^",
	[DC_TK_TILDE] = "~", [DC_TK_LNOT] = "!", [DC_TK_LT] = "<",
	[DC_TK_GT] = ">", [DC_TK_LE] = "<=", [DC_TK_GE] = ">=",
	[DC_TK_EQ] = "==", [DC_TK_NE] = "!=", [DC_TK_LAND] = "&&",
	[DC_TK_LOR] = "||", [DC_TK_LXOR] = "^^", [DC_TK_SHL] = "<<",
	[DC_TK_SHR] = ">>", [DC_TK_INC] = "++", [DC_TK_DEC] = "--",
	[DC_TK_ASSIGN] = "=", [DC_TK_ADD_EQ] = "+=", [DC_TK_SUB_EQ] = "-=",
	[DC_TK_MUL_EQ] = "*=", [DC_TK_DIV_EQ] = "/=", [DC_TK_MOD_EQ] = "%=",
	[DC_TK_AND_EQ] = "&=", [DC_TK_OR_EQ] = "|=", [DC_TK_XOR_EQ] = "^=",
	[DC_TK_SHL_EQ] = "<<=", [DC_TK_SHR_EQ] = ">>=",
	[DC_TK_ERROR] = "invalid token",
};

const char *dc_tok_name(int kind)
{
	return kind >= 0 && kind < DC_TK_NKINDS && dc_toknames[kind] ?
	       dc_toknames[kind] : "?";
}

/* Punctuators, longest first within each leading character. */
static const struct {
	const char *s;
	int kind;
} dc_puncts[] = {
	{ "...", DC_TK_ELLIPSIS }, { "<<=", DC_TK_SHL_EQ },
	{ ">>=", DC_TK_SHR_EQ },
	{ "->", DC_TK_ARROW }, { "++", DC_TK_INC }, { "--", DC_TK_DEC },
	{ "<<", DC_TK_SHL }, { ">>", DC_TK_SHR }, { "<=", DC_TK_LE },
	{ ">=", DC_TK_GE }, { "==", DC_TK_EQ }, { "!=", DC_TK_NE },
	{ "&&", DC_TK_LAND }, { "||", DC_TK_LOR }, { "^^", DC_TK_LXOR },
	{ "+=", DC_TK_ADD_EQ }, { "-=", DC_TK_SUB_EQ },
	{ "*=", DC_TK_MUL_EQ }, { "/=", DC_TK_DIV_EQ },
	{ "%=", DC_TK_MOD_EQ }, { "&=", DC_TK_AND_EQ },
	{ "|=", DC_TK_OR_EQ }, { "^=", DC_TK_XOR_EQ },
	{ "(", DC_TK_LPAR }, { ")", DC_TK_RPAR }, { "[", DC_TK_LBRAC },
	{ "]", DC_TK_RBRAC }, { "{", DC_TK_LBRACE }, { "}", DC_TK_RBRACE },
	{ ",", DC_TK_COMMA }, { ";", DC_TK_SEMI }, { ":", DC_TK_COLON },
	{ "?", DC_TK_QUEST }, { ".", DC_TK_DOT }, { "+", DC_TK_PLUS },
	{ "-", DC_TK_MINUS }, { "*", DC_TK_STAR }, { "/", DC_TK_SLASH },
	{ "%", DC_TK_PERCENT }, { "&", DC_TK_AMP }, { "|", DC_TK_BOR },
	{ "^", DC_TK_XOR }, { "~", DC_TK_TILDE }, { "!", DC_TK_LNOT },
	{ "<", DC_TK_LT }, { ">", DC_TK_GT }, { "=", DC_TK_ASSIGN },
};

void dc_lex_init(struct dc_lexer *lx, struct dc_cc *cc, const char *src,
		 size_t len)
{
	memset(lx, 0, sizeof(*lx));
	lx->cc = cc;
	lx->src = lx->p = lx->line_start = src;
	lx->end = src + len;
	lx->line = 1;
	lx->bol = true;
	/* an interpreter line: #!/usr/sbin/sonde -s */
	if (len >= 2 && src[0] == '#' && src[1] == '!') {
		while (lx->p < lx->end && *lx->p != '\n')
			lx->p++;
	}
}

static uint32_t dc_col(const struct dc_lexer *lx, const char *p)
{
	return (uint32_t)(p - lx->line_start) + 1;
}

static void dc_newline(struct dc_lexer *lx, const char *after)
{
	lx->line++;
	lx->line_start = after;
	lx->bol = true;
}

/*
 * The index (DC_LINE_FILE()) of the file a line marker names, from the
 * opening quote's next character @s to the end of the line @e: 0 for the
 * script itself (cpp read it as "<stdin>"), else the file's place in the
 * input's list of files, added if new.
 */
static uint32_t dc_lex_file(struct dc_lexer *lx, const char *s,
			    const char *e)
{
	struct dc_src *src = &lx->cc->srcs[lx->cc->cur_src];
	char name[4096];
	size_t n = 0;
	uint32_t i;
	char **v;

	/* cpp escapes '\\' and '"' in names */
	for (; s < e && *s != '"' && n + 1 < sizeof(name); s++) {
		if (*s == '\\' && s + 1 < e)
			s++;
		name[n++] = *s;
	}
	name[n] = 0;
	if (!strcmp(name, "<stdin>") || !strcmp(name, src->name))
		return 0;
	for (i = 0; i < src->nfiles; i++)
		if (!strcmp(src->files[i], name))
			return i + 1;
	if (src->nfiles == DC_MAX_FILES)
		return DC_MAX_FILES;
	v = realloc(src->files, (src->nfiles + 1) * sizeof(*v));
	if (!v || !(v[src->nfiles] = strdup(name))) {
		if (v)
			src->files = v;
		lx->cc->oom = true;
		return 0;
	}
	src->files = v;
	return ++src->nfiles;
}

/* A '#' line: #pragma goes to dc_pragma(), "# 12 "file"" is cpp's line
 * marker (setting the line and file of what follows), anything else needs
 * a preprocessor. */
static void dc_lex_hash(struct dc_lexer *lx)
{
	const char *s = lx->p + 1, *e = s;
	uint32_t line = lx->line, col = dc_col(lx, lx->p);

	while (e < lx->end && *e != '\n')
		e++;
	lx->p = e;
	while (s < e && (*s == ' ' || *s == '\t'))
		s++;
	if (e - s >= 6 && !strncmp(s, "pragma", 6) &&
	    (e - s == 6 || isspace((unsigned char)s[6]))) {
		dc_pragma(lx->cc, s + 6, e - s - 6, line, col);
		return;
	}
	if (s < e && !strncmp(s, "line", 4) && e - s > 4 &&
	    isspace((unsigned char)s[4])) {
		s += 4;
		while (s < e && (*s == ' ' || *s == '\t'))
			s++;
	}
	if (s < e && isdigit((unsigned char)*s)) {
		/* cpp's "# 12 "file" flags" or "#line 12 ["file"]": the next
		 * line is line 12 of that file (of the same file without a
		 * name); a file other than the script is an #include */
		char *q;
		unsigned long n = strtoul(s, &q, 10);
		uint32_t file = DC_LINE_FILE(lx->line);

		while (q < e && (*q == ' ' || *q == '\t'))
			q++;
		if (q < e && *q == '"')
			file = dc_lex_file(lx, q + 1, e);
		if (n >= 1 && n <= DC_LINE_MASK)
			lx->line = (file << DC_LINE_BITS) | ((uint32_t)n - 1);
		return;
	}
	if (s == e)
		return;
	{
		size_t n = 0;

		while (s + n < e && isalpha((unsigned char)s[n]))
			n++;
		dc_error(lx->cc, "D_SYNTAX", line, col,
			 "preprocessor directive #%.*s needs the C preprocessor: use -C",
			 (int)n, s);
	}
}

bool dc_lex_skip(struct dc_lexer *lx)
{
	while (lx->p < lx->end) {
		char c = *lx->p;

		if (c == '\n') {
			lx->p++;
			dc_newline(lx, lx->p);
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' ||
			   c == '\v') {
			lx->p++;
		} else if (c == '/' && lx->p + 1 < lx->end &&
			   lx->p[1] == '*') {
			uint32_t line = lx->line, col = dc_col(lx, lx->p);

			lx->p += 2;
			while (lx->p < lx->end &&
			       !(lx->p[0] == '*' && lx->p + 1 < lx->end &&
				 lx->p[1] == '/')) {
				if (*lx->p == '\n') {
					dc_newline(lx, lx->p + 1);
					lx->bol = false;
				}
				lx->p++;
			}
			if (lx->p >= lx->end) {
				dc_error(lx->cc, "D_SYNTAX", line, col,
					 "end of input encountered before the matching */");
				return false;
			}
			lx->p += 2;
		} else if (c == '/' && lx->p + 1 < lx->end &&
			   lx->p[1] == '/') {
			while (lx->p < lx->end && *lx->p != '\n')
				lx->p++;
		} else if (c == '#' && lx->bol) {
			dc_lex_hash(lx);
		} else {
			lx->bol = false;
			return true;
		}
	}
	return false;
}

static bool dc_isident(int c)
{
	return isalnum(c) || c == '_';
}

bool dc_lex_at_decl(struct dc_lexer *lx)
{
	static const char *const words[] = {
		"int", "char", "short", "long", "signed", "unsigned",
		"string", "self", "this", "typedef", "inline", "struct",
		"union", "enum", "static", "extern", "const", "volatile",
		"translator", "provider", "void", "float", "double",
		"register", "auto",
	};
	const char *p = lx->p;
	size_t n = 0, i;
	char buf[64];

	while (p + n < lx->end && dc_isident((unsigned char)p[n]))
		n++;
	if (!n || n >= sizeof(buf) || (p + n < lx->end &&
	    strchr(":-*?[", p[n])))
		return false;
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strlen(words[i]) == n && !strncmp(words[i], p, n))
			return true;
	memcpy(buf, p, n);
	buf[n] = 0;
	/* a typedef the program or a library declared, or one of D's */
	if (dc_ct_find(lx->cc, DC_CT_TYPEDEF, buf))
		return true;
	/* "name *x" or "name x": a declaration if the D libraries declare
	 * name; a probe description goes on with ':', '-', '{', '/' or ',' */
	for (i = n; p + i < lx->end && (p[i] == ' ' || p[i] == '	'); i++)
		;
	if (p + i < lx->end && (p[i] == '*' || isalpha((unsigned char)p[i]) ||
				p[i] == '_'))
		dc_libs_need(lx->cc);
	return false;
}

/*
 * Does a path field start at @s (a '/' right after a ':')?  It must run to
 * another ':' before anything that ends a description, so that
 * "syscall:::/pid == 1/" still reads as a predicate.
 */
static bool dc_pdesc_path(const char *start, const char *s,
			  const char *end)
{
	if (s == start || s[-1] != ':' || *s != '/')
		return false;
	for (s++; s < end; s++) {
		if (*s == ':')
			return true;
		if (isspace((unsigned char)*s) || strchr(",{};", *s))
			return false;
	}
	return false;
}

/*
 * A probe description: everything up to blanks, ',', '/', '{' or ';'
 * (and "//" or "/ *" comments).  Globs and dashes are part of it, and so
 * is a module field that is a path ("python:/usr/bin/python3.11::gc-start",
 * user probes of every process running that file).
 */
bool dc_lex_pdesc(struct dc_lexer *lx, struct dc_tok *tok)
{
	const char *s = lx->p;

	memset(tok, 0, sizeof(*tok));
	tok->line = lx->line;
	tok->col = dc_col(lx, s);
	while (lx->p < lx->end) {
		char c = *lx->p;

		if (c == '/' && dc_pdesc_path(s, lx->p, lx->end)) {
			/* the whole path, up to the ':' that ends it */
			while (lx->p < lx->end && *lx->p != ':')
				lx->p++;
			continue;
		}
		if (isspace((unsigned char)c) || c == ',' || c == '/' ||
		    c == '{' || c == ';' || c == '}')
			break;
		lx->p++;
	}
	tok->start = s;
	tok->len = lx->p - s;
	tok->kind = DC_TK_IDENT;
	tok->text = dc_strndup(lx->cc, s, tok->len);
	return tok->len > 0;
}

/* One escape sequence after '\\' at *pp; returns the byte. */
static int dc_escape(struct dc_lexer *lx, const char **pp)
{
	const char *p = *pp;
	int v = 0, n;

	switch (*p) {
	case 'n': v = '\n'; p++; break;
	case 't': v = '\t'; p++; break;
	case 'r': v = '\r'; p++; break;
	case 'a': v = '\a'; p++; break;
	case 'b': v = '\b'; p++; break;
	case 'f': v = '\f'; p++; break;
	case 'v': v = '\v'; p++; break;
	case 'x':
		p++;
		for (n = 0; n < 2 && p < lx->end && isxdigit((unsigned char)*p);
		     n++, p++)
			v = v * 16 + (isdigit((unsigned char)*p) ? *p - '0' :
				      (tolower((unsigned char)*p) - 'a' + 10));
		break;
	case '0': case '1': case '2': case '3':
	case '4': case '5': case '6': case '7':
		for (n = 0; n < 3 && p < lx->end && *p >= '0' && *p <= '7';
		     n++, p++)
			v = v * 8 + (*p - '0');
		break;
	default:	/* \\ \" \' \? and anything else: itself */
		v = (unsigned char)*p++;
	}
	*pp = p;
	return v & 0xff;
}

/*
 * "..." or '...': the bytes into the arena; false on a reported error.
 * The literal's extent is found first (escapes only shorten it), so each
 * takes memory for itself, not for the rest of the input: 10000 literals
 * once took a gigabyte.
 */
static bool dc_lex_quoted(struct dc_lexer *lx, struct dc_tok *tok, char q)
{
	const char *p = lx->p + 1, *e = p;
	size_t n = 0;
	char *buf;

	while (e < lx->end && *e != q && *e != '\n')
		e += *e == '\\' && e + 1 < lx->end ? 2 : 1;
	buf = dc_alloc(lx->cc, e - p + 1);
	if (!buf)
		return false;
	while (p < lx->end && *p != q) {
		if (*p == '\n') {
			dc_error(lx->cc, q == '"' ? "D_STR_NL" : "D_CHR_NL",
				 tok->line, tok->col,
				 q == '"' ? "newline encountered in string literal" :
				 "newline encountered in character constant");
			lx->p = p;
			return false;
		}
		if (*p == '\\' && p + 1 < lx->end) {
			p++;
			if (*p == '\n') {	/* line continuation */
				p++;
				dc_newline(lx, p);
				lx->bol = false;
				continue;
			}
			buf[n++] = (char)dc_escape(lx, &p);
		} else {
			buf[n++] = *p++;
		}
	}
	if (p >= lx->end) {
		dc_error(lx->cc, q == '"' ? "D_STR_NL" : "D_CHR_NL", tok->line,
			 tok->col, q == '"' ?
			 "end of input encountered in string literal" :
			 "end of input encountered in character constant");
		lx->p = p;
		return false;
	}
	lx->p = p + 1;
	buf[n] = 0;
	tok->text = buf;
	tok->tlen = n;
	return true;
}

static void dc_int_type(struct dc_type *t, int size, int uns)
{
	*t = (struct dc_type){ .kind = DC_T_INT, .size = (uint8_t)size,
			       .uns = (uint8_t)uns };
}

/* An integer constant: C's rules for its type. */
static void dc_lex_number(struct dc_lexer *lx, struct dc_tok *tok)
{
	const char *p = lx->p, *s, *e;
	int base = 10, nu = 0, nl = 0;
	uint64_t v = 0;
	bool oflow = false;

	if (p[0] == '0' && p + 1 < lx->end && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
	} else if (p[0] == '0') {
		base = 8;
	}
	s = p;
	while (p < lx->end && (dc_isident((unsigned char)*p) || *p == '.'))
		p++;
	e = p;
	lx->p = p;
	tok->kind = DC_TK_INT;
	/* the suffix: u, l, ll in either order and case */
	while (e > s && strchr("uUlL", e[-1]))
		e--;
	for (p = e; p < lx->p; p++) {
		if (*p == 'u' || *p == 'U')
			nu++;
		else
			nl++;
	}
	if (nu > 1 || nl > 2) {
		dc_error(lx->cc, "D_INT_DIGIT", tok->line, tok->col,
			 "invalid integer constant suffix in %.*s",
			 (int)(lx->p - tok->start), tok->start);
		tok->kind = DC_TK_ERROR;
		return;
	}
	if (base == 16 && e == s) {
		dc_error(lx->cc, "D_INT_DIGIT", tok->line, tok->col,
			 "invalid digit in integer constant %.*s",
			 (int)(lx->p - tok->start), tok->start);
		tok->kind = DC_TK_ERROR;
		return;
	}
	for (p = s; p < e; p++) {
		int d;

		if (isdigit((unsigned char)*p))
			d = *p - '0';
		else if (isxdigit((unsigned char)*p))
			d = tolower((unsigned char)*p) - 'a' + 10;
		else
			d = 99;
		if (*p == '.') {
			dc_error(lx->cc, "D_SYNTAX", tok->line, tok->col,
				 "floating-point constants are not supported");
			tok->kind = DC_TK_ERROR;
			return;
		}
		if (d >= base) {
			dc_error(lx->cc, "D_INT_DIGIT", tok->line, tok->col,
				 "invalid digit '%c' in %s integer constant %.*s",
				 *p, base == 8 ? "octal" : base == 16 ?
				 "hexadecimal" : "decimal",
				 (int)(lx->p - tok->start), tok->start);
			tok->kind = DC_TK_ERROR;
			return;
		}
		if (v > (UINT64_MAX - d) / base)
			oflow = true;
		v = v * base + d;
	}
	if (oflow) {
		dc_error(lx->cc, "D_INT_OFLOW", tok->line, tok->col,
			 "integer constant %.*s is too large",
			 (int)(lx->p - tok->start), tok->start);
		tok->kind = DC_TK_ERROR;
		return;
	}
	tok->ival = v;
	/* C99 6.4.4.1: the first type of the list that holds the value */
	if (!nu && !nl && v <= INT32_MAX)
		dc_int_type(&tok->ityp, 4, 0);
	else if (!nl && base != 10 && v <= UINT32_MAX)
		dc_int_type(&tok->ityp, 4, 1);
	else if (nu && !nl && v <= UINT32_MAX)
		dc_int_type(&tok->ityp, 4, 1);
	else if (!nu && v <= INT64_MAX)
		dc_int_type(&tok->ityp, 8, 0);
	else
		dc_int_type(&tok->ityp, 8, 1);
}

void dc_lex_next(struct dc_lexer *lx, struct dc_tok *tok)
{
	const char *p;
	size_t i;
	char c;

	memset(tok, 0, sizeof(*tok));
	if (!dc_lex_skip(lx)) {
		tok->kind = DC_TK_EOF;
		tok->line = lx->line;
		tok->col = dc_col(lx, lx->p);
		tok->start = lx->p;
		return;
	}
	p = lx->p;
	c = *p;
	tok->line = lx->line;
	tok->col = dc_col(lx, p);
	tok->start = p;

	if (isalpha((unsigned char)c) || c == '_' ||
	    (c == '`' && lx->p + 1 < lx->end &&
	     (isalpha((unsigned char)p[1]) || p[1] == '_'))) {
		bool scoped = false;

		/* D's scoping operator makes one identifier of `sym,
		 * mod`sym and mod`type */
		while (lx->p < lx->end && (dc_isident((unsigned char)*lx->p) ||
					   (*lx->p == '`' && lx->p + 1 < lx->end &&
					    (isalpha((unsigned char)lx->p[1]) ||
					     lx->p[1] == '_')))) {
			scoped |= *lx->p == '`';
			lx->p++;
		}
		tok->len = lx->p - p;
		tok->text = dc_strndup(lx->cc, p, tok->len);
		tok->kind = DC_TK_IDENT;
		if (!scoped && tok->text && (tok->kw = dc_kw_lookup(tok->text)))
			tok->kind = DC_TK_KEYWORD;
		return;
	}
	if (isdigit((unsigned char)c)) {
		dc_lex_number(lx, tok);
		tok->len = lx->p - p;
		return;
	}
	if (c == '"' || c == '\'') {
		if (!dc_lex_quoted(lx, tok, c)) {
			tok->kind = DC_TK_ERROR;
		} else if (c == '"') {
			tok->kind = DC_TK_STR;
		} else if (tok->tlen == 0) {
			dc_error(lx->cc, "D_CHR_NULL", tok->line, tok->col,
				 "empty character constant");
			tok->kind = DC_TK_ERROR;
		} else if (tok->tlen > 4) {
			dc_error(lx->cc, "D_CHR_OFLOW", tok->line, tok->col,
				 "character constant is too long");
			tok->kind = DC_TK_ERROR;
		} else {
			tok->kind = DC_TK_INT;
			for (i = 0; i < tok->tlen; i++)
				tok->ival = (tok->ival << 8) |
					    (unsigned char)tok->text[i];
			if (tok->tlen == 1)	/* char is signed */
				tok->ival = (uint64_t)(int64_t)(signed char)
					    tok->text[0];
			dc_int_type(&tok->ityp, 4, 0);
		}
		tok->len = lx->p - p;
		return;
	}
	if (c == '$') {
		const char *s = p + 1;

		if (s < lx->end && *s == '$')
			s++;
		lx->p = s;
		while (lx->p < lx->end && dc_isident((unsigned char)*lx->p))
			lx->p++;
		tok->len = lx->p - p;
		if (lx->p == s) {
			dc_error(lx->cc, "D_SYNTAX", tok->line, tok->col,
				 "invalid macro variable: '$' must be followed by a name or a number");
			tok->kind = DC_TK_ERROR;
			return;
		}
		tok->kind = DC_TK_MACRO;
		tok->text = dc_strndup(lx->cc, p + 1, tok->len - 1);
		return;
	}
	if (c == '@') {
		lx->p++;
		while (lx->p < lx->end && dc_isident((unsigned char)*lx->p))
			lx->p++;
		tok->len = lx->p - p;
		tok->kind = DC_TK_AGG;
		tok->text = tok->len == 1 ? dc_strndup(lx->cc, "_", 1) :
			    dc_strndup(lx->cc, p + 1, tok->len - 1);
		return;
	}
	for (i = 0; i < sizeof(dc_puncts) / sizeof(dc_puncts[0]); i++) {
		size_t n;

		if (dc_puncts[i].s[0] != c)
			continue;
		n = strlen(dc_puncts[i].s);
		if ((size_t)(lx->end - p) >= n &&
		    !strncmp(p, dc_puncts[i].s, n)) {
			lx->p += n;
			tok->len = n;
			tok->kind = dc_puncts[i].kind;
			return;
		}
	}
	lx->p++;
	tok->len = 1;
	tok->kind = DC_TK_ERROR;
	dc_error(lx->cc, "D_SYNTAX", tok->line, tok->col,
		 "invalid character '%c' (0x%02x)",
		 isprint((unsigned char)c) ? c : '?', (unsigned char)c);
}
