// SPDX-License-Identifier: GPL-2.0
/*
 * dc_diag.c - the compiler's diagnostics: collected in the handle (never
 * longjmp), each with a DTrace-style tag and a position, printed as
 *	file:line:col: error: [D_TAG] message
 * followed by the source line and a caret.  Called from every compiler
 * stage; userland only.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dc_impl.h"

/* The source line @line of input @src, malloc'd, or NULL. */
static char *dc_srcline(struct dc_cc *cc, uint32_t line)
{
	const struct dc_src *s;
	const char *p, *e;
	uint32_t l = 1;

	if (cc->cur_src >= cc->nsrcs || !line)
		return NULL;
	s = &cc->srcs[cc->cur_src];
	for (p = s->orig ? s->orig : s->text; l < line && *p; p++)
		if (*p == '\n')
			l++;
	if (l != line)
		return NULL;
	e = strchr(p, '\n');
	if (!e)
		e = p + strlen(p);
	return strndup(p, e - p);
}

/* Line @line of file @path (an #include), malloc'd, or NULL. */
static char *dc_fileline(const char *path, uint32_t line)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t cap = 0;
	ssize_t n = -1;
	uint32_t l;

	if (!f)
		return NULL;
	for (l = 1; l <= line; l++) {
		n = getline(&buf, &cap, f);
		if (n < 0)
			break;
	}
	fclose(f);
	if (n < 0) {
		free(buf);
		return NULL;
	}
	if (n && buf[n - 1] == '\n')
		buf[n - 1] = 0;
	return buf;
}

void dc_error(struct dc_cc *cc, const char *tag, uint32_t line, uint32_t col,
	      const char *fmt, ...)
{
	struct dc_diagv *dv = &cc->dc->diags;
	struct dc_diag *d;
	va_list ap;
	char *msg;
	int n;

	cc->nerrors++;
	if (dv->n == dv->cap) {
		unsigned int cap = dv->cap ? dv->cap * 2 : 16;
		struct dc_diag *v = realloc(dv->v, cap * sizeof(*v));

		if (!v) {
			cc->oom = true;
			return;
		}
		dv->v = v;
		dv->cap = cap;
	}
	va_start(ap, fmt);
	n = vasprintf(&msg, fmt, ap);
	va_end(ap);
	if (n < 0) {
		cc->oom = true;
		return;
	}
	d = &dv->v[dv->n++];
	d->dtmsg = NULL;
	d->dtline = 0;
	d->tag = tag;
	d->msg = msg;
	d->line = DC_LINE(line);
	d->col = col;
	if (cc->cur_src < cc->nsrcs && DC_LINE_FILE(line) &&
	    DC_LINE_FILE(line) <= cc->srcs[cc->cur_src].nfiles) {
		/* in a file the script included (-C) */
		const char *f = cc->srcs[cc->cur_src].files[DC_LINE_FILE(line) - 1];

		d->file = strdup(f);
		d->srcline = dc_fileline(f, d->line);
		return;
	}
	d->file = cc->cur_src < cc->nsrcs ? strdup(cc->srcs[cc->cur_src].name) :
		  strdup("<unknown>");
	d->srcline = dc_srcline(cc, d->line);
}

void dc_error_dtmsg(struct dc_cc *cc, uint32_t line, const char *fmt, ...)
{
	struct dc_diagv *dv = &cc->dc->diags;
	struct dc_diag *d;
	va_list ap;
	char *msg;

	if (!dv->n)
		return;
	d = &dv->v[dv->n - 1];
	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0) {
		cc->oom = true;
		msg = NULL;
	}
	va_end(ap);
	free((char *)d->dtmsg);
	d->dtmsg = msg;
	d->dtline = DC_LINE(line);
}

void dc_diags_clear(struct dc *dc)
{
	unsigned int i;

	for (i = 0; i < dc->diags.n; i++) {
		free((char *)dc->diags.v[i].msg);
		free((char *)dc->diags.v[i].file);
		free((char *)dc->diags.v[i].srcline);
		free((char *)dc->diags.v[i].dtmsg);
	}
	free(dc->diags.v);
	memset(&dc->diags, 0, sizeof(dc->diags));
}

void dc_diags_truncate(struct dc *dc, unsigned int n)
{
	while (dc->diags.n > n) {
		struct dc_diag *d = &dc->diags.v[--dc->diags.n];

		free((char *)d->msg);
		free((char *)d->file);
		free((char *)d->srcline);
		free((char *)d->dtmsg);
	}
}

unsigned int dc_ndiags(const struct dc *dc)
{
	return dc->diags.n;
}

const struct dc_diag *dc_diag_get(const struct dc *dc, unsigned int i)
{
	return i < dc->diags.n ? &dc->diags.v[i] : NULL;
}

void dc_diags_print(const struct dc *dc, FILE *fp, const char *prefix)
{
	unsigned int i;
	uint32_t c;

	for (i = 0; i < dc->diags.n; i++) {
		const struct dc_diag *d = &dc->diags.v[i];

		fprintf(fp, "%s", prefix ? prefix : "");
		if (d->line)
			fprintf(fp, "%s:%u:%u: ", d->file ? d->file : "",
				d->line, d->col);
		else
			fprintf(fp, "%s: ", d->file ? d->file : "");
		fprintf(fp, "error: [%s] %s\n", d->tag, d->msg);
		if (!d->srcline || !d->col)
			continue;
		fprintf(fp, "%s\n", d->srcline);
		/* keep tabs so the caret lines up under tabbed source */
		for (c = 1; c < d->col && d->srcline[c - 1]; c++)
			fputc(d->srcline[c - 1] == '\t' ? '\t' : ' ', fp);
		fputs("^\n", fp);
	}
}
