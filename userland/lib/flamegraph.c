// SPDX-License-Identifier: GPL-2.0
/*
 * flamegraph.c - a flame graph as one self-contained SVG file, from
 * folded stacks (folded.h): each frame a box as wide as the samples that
 * passed through it, callers below callees, the root ("all") at the
 * bottom, siblings in name order so a function's calls from one caller
 * are one box.  Python frames ("function (file:line)") are green, kernel
 * frames orange, other native frames red to yellow, the keys that are
 * not stacks grey; each box's shade comes from its name, so a name keeps
 * its colour from one graph to the next.
 *
 * The boxes, their titles (the tooltips: name, samples, share) and their
 * labels are all in the SVG, so it is a whole picture in any viewer.  A
 * small script of our own adds, in a browser: click a box to zoom into
 * it (its ancestors stay, faded, below), "Reset Zoom" or Escape to come
 * back, "Search" or Ctrl-F for a regular expression whose matching boxes
 * turn magenta with their share of all samples shown, and the box under
 * the pointer described on the bottom line.
 *
 * Consumer thread only.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "folded.h"

#define FG_WIDTH	1200
#define FG_PAD		10	/* left and right */
#define FG_FRAME	16	/* a frame's height */
#define FG_TOP		36	/* the title line */
#define FG_BOTTOM	28	/* the details line */
#define FG_CHARW	7.2	/* a 12px monospace character, about */

struct fg_node {
	const char *name;	/* into the folded line it first came from */
	size_t nlen;
	int64_t count;		/* samples through it */
	struct fg_node *child, *last, *next;
};

struct fg {
	FILE *out;
	int64_t total;
	uint32_t maxdepth;
	bool oom;
};

static struct fg_node *fg_child(struct fg *g, struct fg_node *p,
				const char *name, size_t n)
{
	struct fg_node *c;

	if (p->last && p->last->nlen == n && !memcmp(p->last->name, name, n))
		return p->last;
	for (c = p->child; c; c = c->next)
		if (c->nlen == n && !memcmp(c->name, name, n))
			return c;
	c = calloc(1, sizeof(*c));
	if (!c) {
		g->oom = true;
		return NULL;
	}
	c->name = name;
	c->nlen = n;
	if (p->last)
		p->last->next = c;
	else
		p->child = c;
	p->last = c;
	return c;
}

static void fg_free(struct fg_node *n)
{
	struct fg_node *c, *next;

	for (c = n->child; c; c = next) {
		next = c->next;
		fg_free(c);
		free(c);
	}
}

/* Children in name order (a list merge sort), depth first. */
static int fg_name_cmp(const struct fg_node *a, const struct fg_node *b)
{
	size_t n = a->nlen < b->nlen ? a->nlen : b->nlen;
	int r = memcmp(a->name, b->name, n);

	return r ? r : (a->nlen > b->nlen) - (a->nlen < b->nlen);
}

static struct fg_node *fg_sort_list(struct fg_node *h)
{
	struct fg_node *a = NULL, *b = NULL, **t, *n;
	bool left = true;

	if (!h || !h->next)
		return h;
	while (h) {
		n = h->next;
		if (left) {
			h->next = a;
			a = h;
		} else {
			h->next = b;
			b = h;
		}
		left = !left;
		h = n;
	}
	a = fg_sort_list(a);
	b = fg_sort_list(b);
	t = &h;
	while (a && b) {
		if (fg_name_cmp(a, b) <= 0) {
			*t = a;
			a = a->next;
		} else {
			*t = b;
			b = b->next;
		}
		t = &(*t)->next;
	}
	*t = a ? a : b;
	return h;
}

static void fg_sort(struct fg *g, struct fg_node *n, uint32_t depth)
{
	struct fg_node *c;

	if (depth > g->maxdepth)
		g->maxdepth = depth;
	n->child = fg_sort_list(n->child);
	for (c = n->child; c; c = c->next)
		fg_sort(g, c, depth + 1);
}

/* XML text: the five entities, control characters out, and bytes that
 * are not UTF-8 as '?', so the file stays well-formed. */
static void fg_xml(FILE *out, const char *s, size_t n)
{
	size_t i, k, len;
	unsigned char c;

	for (i = 0; i < n; i++) {
		c = (unsigned char)s[i];
		switch (c) {
		case '&': fputs("&amp;", out); continue;
		case '<': fputs("&lt;", out); continue;
		case '>': fputs("&gt;", out); continue;
		case '"': fputs("&quot;", out); continue;
		case '\'': fputs("&apos;", out); continue;
		}
		if (c < 0x20 || c == 0x7f) {
			fputc('?', out);
			continue;
		}
		if (c < 0x80) {
			fputc(c, out);
			continue;
		}
		len = c >= 0xf0 && c < 0xf5 ? 4 : c >= 0xe0 ? 3 :
		      c >= 0xc2 && c < 0xe0 ? 2 : 0;
		if (c >= 0xf5)
			len = 0;
		for (k = 1; len && k < len; k++)
			if (i + k >= n || ((unsigned char)s[i + k] & 0xc0) != 0x80)
				len = 0;
		if (!len) {
			fputc('?', out);
			continue;
		}
		fwrite(s + i, 1, len, out);
		i += len - 1;
	}
}

static uint32_t fg_hash(const char *s, size_t n)
{
	uint32_t h = 2166136261u;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

/* A box's colour from what kind of frame it is and its name. */
static void fg_colour(char *buf, size_t size, const char *name, size_t n,
		      bool key)
{
	uint32_t h = fg_hash(name, n);
	double v = (h & 0xffff) / 65535.0, w = (h >> 16) / 65535.0;
	const char *tick = memchr(name, '`', n);
	bool py = !tick && n > 2 && name[n - 1] == ')' && memchr(name, '(', n);

	if (py)
		snprintf(buf, size, "rgb(%d,%d,%d)", (int)(60 + 70 * v),
			 (int)(175 + 55 * w), (int)(60 + 50 * v));
	else if (tick && tick - name == 7 && !memcmp(name, "vmlinux", 7))
		snprintf(buf, size, "rgb(%d,%d,%d)", (int)(230 + 25 * v),
			 (int)(160 + 40 * w), (int)(20 + 30 * v));
	else if (key || !tick)
		snprintf(buf, size, "rgb(%d,%d,%d)", (int)(170 + 40 * v),
			 (int)(170 + 40 * v), (int)(180 + 40 * v));
	else
		snprintf(buf, size, "rgb(%d,%d,%d)", 200 + (int)(55 * v),
			 (int)(50 + 100 * w), (int)(30 + 30 * v));
}

/* One box, then its children; @x is its first sample. */
static void fg_emit(struct fg *g, const struct fg_node *n, int64_t x,
		    uint32_t depth, uint32_t height, bool key)
{
	const double span = FG_WIDTH - 2 * FG_PAD;
	double bx = FG_PAD + span * (double)x / (double)g->total;
	double bw = span * (double)n->count / (double)g->total;
	int y = (int)height - FG_BOTTOM - (int)(depth + 1) * FG_FRAME;
	size_t chars = bw > 6 ? (size_t)((bw - 6) / FG_CHARW) : 0;
	const struct fg_node *c;
	char fill[32];

	fg_colour(fill, sizeof(fill), n->name, n->nlen, key || !depth);
	fprintf(g->out, "<g class=\"f\" data-s=\"%lld\" data-n=\"%lld\" "
		"data-d=\"%u\"><title>", (long long)x, (long long)n->count,
		depth);
	fg_xml(g->out, n->name, n->nlen);
	fprintf(g->out, " (%lld sample%s, %.2f%%)</title>", (long long)n->count,
		n->count == 1 ? "" : "s",
		100.0 * (double)n->count / (double)g->total);
	fprintf(g->out, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
		"height=\"%d\" rx=\"2\" fill=\"%s\"/><text x=\"%.1f\" "
		"y=\"%d\">", bx, y, bw, FG_FRAME - 1, fill, bx + 3,
		y + FG_FRAME - 4);
	if (chars >= 3 && chars >= n->nlen) {
		fg_xml(g->out, n->name, n->nlen);
	} else if (chars >= 3) {
		/* cut at a character, not inside one */
		size_t k = chars - 2;

		while (k && ((unsigned char)n->name[k] & 0xc0) == 0x80)
			k--;
		fg_xml(g->out, n->name, k);
		fputs("..", g->out);
	}
	fputs("</text></g>\n", g->out);
	for (c = n->child; c; c = c->next) {
		fg_emit(g, c, x, depth + 1, height, false);
		x += c->count;
	}
}

/* The script: zoom, search, details.  Written for this file alone. */
static const char fg_script[] =
"var W = 1200, PAD = 10, CHARW = 7.2, boxes = [], total = 0, zoomed = null;\n"
"var details, matched, reset, term = null;\n"
"function num(g, k) { return +g.getAttribute('data-' + k); }\n"
"function label(g) {\n"
"  var t = g.firstChild.textContent, i = t.lastIndexOf(' (');\n"
"  return i < 0 ? t : t.substring(0, i);\n"
"}\n"
"function init(evt) {\n"
"  var fs = document.getElementById('frames'), i;\n"
"  details = document.getElementById('details');\n"
"  matched = document.getElementById('matched');\n"
"  reset = document.getElementById('reset');\n"
"  total = num(fs, 'total');\n"
"  for (i = 0; i < fs.children.length; i++) {\n"
"    var g = fs.children[i];\n"
"    g.fgname = label(g);\n"
"    boxes.push(g);\n"
"    g.addEventListener('click', function (e) { zoom(this); });\n"
"    g.addEventListener('mouseover', function (e) {\n"
"      details.textContent = this.firstChild.textContent; });\n"
"    g.addEventListener('mouseout', function (e) {\n"
"      details.textContent = ' '; });\n"
"  }\n"
"  reset.addEventListener('click', unzoom);\n"
"  document.getElementById('search').addEventListener('click', ask);\n"
"  window.addEventListener('keydown', function (e) {\n"
"    if ((e.ctrlKey || e.metaKey) && e.key == 'f') { e.preventDefault(); ask(); }\n"
"    else if (e.key == 'Escape') { unzoom(); unsearch(); }\n"
"  });\n"
"}\n"
"function fit(g, w) {\n"
"  var t = g.lastChild, n = Math.floor((w - 6) / CHARW), s = g.fgname;\n"
"  t.textContent = n < 3 ? '' : s.length <= n ? s : s.substring(0, n - 2) + '..';\n"
"}\n"
"function place(g, x0, span) {\n"
"  var r = g.children[1], x = PAD + (W - 2 * PAD) * (num(g, 's') - x0) / span;\n"
"  var w = (W - 2 * PAD) * num(g, 'n') / span;\n"
"  r.setAttribute('x', x); r.setAttribute('width', w);\n"
"  g.lastChild.setAttribute('x', x + 3);\n"
"  fit(g, w);\n"
"}\n"
"function zoom(z) {\n"
"  var x0 = num(z, 's'), n = num(z, 'n'), d = num(z, 'd'), i;\n"
"  zoomed = z;\n"
"  reset.setAttribute('class', 'button');\n"
"  for (i = 0; i < boxes.length; i++) {\n"
"    var g = boxes[i], s = num(g, 's'), m = num(g, 'n'), gd = num(g, 'd');\n"
"    if (gd < d && s <= x0 && s + m >= x0 + n) {\n"
"      g.setAttribute('class', 'f parent'); g.style.display = '';\n"
"      place(g, s, m);\n"
"    } else if (gd >= d && s >= x0 && s + m <= x0 + n) {\n"
"      g.setAttribute('class', 'f'); g.style.display = '';\n"
"      place(g, x0, n);\n"
"    } else {\n"
"      g.style.display = 'none';\n"
"    }\n"
"  }\n"
"  if (term) search(term);\n"
"}\n"
"function unzoom() {\n"
"  var i;\n"
"  zoomed = null;\n"
"  reset.setAttribute('class', 'button hide');\n"
"  for (i = 0; i < boxes.length; i++) {\n"
"    boxes[i].setAttribute('class', 'f'); boxes[i].style.display = '';\n"
"    place(boxes[i], 0, total);\n"
"  }\n"
"  if (term) search(term);\n"
"}\n"
"function ask() {\n"
"  var t = prompt('Search for (a regular expression):', term || '');\n"
"  if (t) search(t); else unsearch();\n"
"}\n"
"function unsearch() {\n"
"  var i;\n"
"  term = null;\n"
"  for (i = 0; i < boxes.length; i++)\n"
"    boxes[i].classList.remove('match');\n"
"  matched.textContent = ' ';\n"
"}\n"
"function search(t) {\n"
"  var re, i, spans = [], sum = 0, end = -1;\n"
"  try { re = new RegExp(t); } catch (e) { return; }\n"
"  term = t;\n"
"  for (i = 0; i < boxes.length; i++) {\n"
"    var g = boxes[i];\n"
"    if (re.test(g.fgname)) {\n"
"      g.classList.add('match');\n"
"      spans.push([num(g, 's'), num(g, 's') + num(g, 'n')]);\n"
"    } else {\n"
"      g.classList.remove('match');\n"
"    }\n"
"  }\n"
"  /* the samples under any match, each counted once */\n"
"  spans.sort(function (a, b) { return a[0] - b[0]; });\n"
"  for (i = 0; i < spans.length; i++) {\n"
"    var s = Math.max(spans[i][0], end);\n"
"    if (spans[i][1] > s) sum += spans[i][1] - s;\n"
"    end = Math.max(end, spans[i][1]);\n"
"  }\n"
"  matched.textContent = 'Matched: ' + (100 * sum / total).toFixed(1) + '%';\n"
"}\n";

int sonde_flamegraph_svg(FILE *out, const struct sonde_fold *f,
			 const char *title)
{
	struct fg g = { .out = out };
	struct fg_node root = { .name = "all", .nlen = 3 };
	struct fg_node *n;
	const char *p, *e;
	uint32_t i, height;

	for (i = 0; i < f->cap && !g.oom; i++) {
		if (!f->v[i].line || f->v[i].count <= 0)
			continue;
		root.count += f->v[i].count;
		n = &root;
		for (p = f->v[i].line; *p && n; p = *e ? e + 1 : e) {
			e = strchr(p, ';');
			if (!e)
				e = p + strlen(p);
			n = fg_child(&g, n, p, (size_t)(e - p));
			if (n)
				n->count += f->v[i].count;
		}
	}
	if (g.oom) {
		fg_free(&root);
		return -ENOMEM;
	}
	g.total = root.count ? root.count : 1;
	fg_sort(&g, &root, 0);
	height = FG_TOP + (g.maxdepth + 1) * FG_FRAME + FG_BOTTOM;

	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
		"<svg version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\" "
		"width=\"%d\" height=\"%u\" viewBox=\"0 0 %d %u\" "
		"onload=\"init(evt)\">\n", FG_WIDTH, height, FG_WIDTH, height);
	fputs("<style type=\"text/css\">\n"
	      "text { font-family: monospace; font-size: 12px; fill: #000; }\n"
	      "#title { font-size: 17px; }\n"
	      ".f:hover rect { stroke: #000; stroke-width: 0.5; cursor: pointer; }\n"
	      ".f text { pointer-events: none; }\n"
	      ".parent { opacity: 0.5; }\n"
	      ".match rect { fill: rgb(230,0,230); }\n"
	      ".button { cursor: pointer; fill: #333; }\n"
	      ".button:hover { fill: #000; text-decoration: underline; }\n"
	      ".hide { display: none; }\n"
	      "</style>\n<script type=\"text/ecmascript\"><![CDATA[\n", out);
	fputs(fg_script, out);
	fputs("]]></script>\n", out);
	fprintf(out, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%u\" "
		"fill=\"#f4f4f0\"/>\n", FG_WIDTH, height);
	fprintf(out, "<text id=\"title\" x=\"%d\" y=\"24\" "
		"text-anchor=\"middle\">", FG_WIDTH / 2);
	fg_xml(out, title, strlen(title));
	fprintf(out, "</text>\n<text id=\"reset\" class=\"button hide\" "
		"x=\"%d\" y=\"24\">Reset Zoom</text>\n<text id=\"search\" "
		"class=\"button\" x=\"%d\" y=\"24\">Search</text>\n"
		"<text id=\"details\" x=\"%d\" y=\"%u\"> </text>\n"
		"<text id=\"matched\" x=\"%d\" y=\"%u\"> </text>\n",
		FG_PAD, FG_WIDTH - FG_PAD - 60, FG_PAD, height - 10,
		FG_WIDTH - FG_PAD - 120, height - 10);
	fprintf(out, "<g id=\"frames\" data-total=\"%lld\">\n",
		(long long)g.total);
	if (root.count)
		fg_emit(&g, &root, 0, 0, height, true);
	fputs("</g>\n</svg>\n", out);
	fg_free(&root);
	return ferror(out) ? -EIO : 0;
}
