/* SPDX-License-Identifier: GPL-2.0 */
/*
 * folded.h - folded stacks ("a;b;c 42", the format flame-graph tools
 * read) and the flame graph drawn from them: the table out_folded.c
 * gathers lines in, and flamegraph.c's SVG.  Consumer thread only.
 */
#ifndef _SONDE_FOLDED_H
#define _SONDE_FOLDED_H

#include <stdint.h>
#include <stdio.h>

/* One folded line: its frames, outermost first, joined by ';'. */
struct sonde_fline {
	char *line;
	int64_t count;
};

/* Lines and their counts, one entry per distinct line (open hashing). */
struct sonde_fold {
	struct sonde_fline *v;
	uint32_t n, cap;
};

/* Add @n to @line's count (a new line starts at @n): 0 or -ENOMEM. */
int sonde_fold_add(struct sonde_fold *f, const char *line, int64_t n);
void sonde_fold_free(struct sonde_fold *f);
/* The lines sorted by text (malloc'd, f->n entries, sharing the table's
 * strings), or NULL. */
struct sonde_fline *sonde_fold_sorted(const struct sonde_fold *f);

/*
 * A self-contained interactive flame graph of @f as SVG: the root at the
 * bottom, each frame as wide as its samples, frames that call the same
 * functions merged; a click zooms into a frame, "Search" (or Ctrl-F)
 * highlights the frames matching a regular expression and says what
 * share of the samples they hold, "Reset Zoom" and Escape undo.  The
 * picture is whole without a script; the script only adds the zoom,
 * search and the details line.  0 or -errno.
 */
int sonde_flamegraph_svg(FILE *out, const struct sonde_fold *f,
			 const char *title);

#endif /* _SONDE_FOLDED_H */
