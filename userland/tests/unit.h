/* SPDX-License-Identifier: GPL-2.0 */
/*
 * unit.h - the userland unit tests' harness: one TAP line a result,
 * counted, and the summary.
 *
 *	ok 1 - what was checked
 *	not ok 2 - what was checked
 *	ok 3 - what # SKIP why
 *	1..3				unit_plan(), where a test states it
 *	2 passed, 1 failed		unit_summary("") (or "# " before it)
 *
 * A skipped check counts as passed.  Diagnostics a test prints after a
 * failed check start with "# ".  The format is read by `make unit` (the
 * exit status) and by people; keep it.
 *
 * Context: a test program's main thread; no allocation.
 */
#ifndef SONDE_UNIT_H
#define SONDE_UNIT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

static int unit_npass, unit_nfail;

/* One result: "ok N - <fmt>" or "not ok N - <fmt>".  Returns @pass. */
static inline bool check(bool pass, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static inline bool check(bool pass, const char *fmt, ...)
{
	va_list ap;

	printf("%s %d - ", pass ? "ok" : "not ok",
	       unit_npass + unit_nfail + 1);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (pass)
		unit_npass++;
	else
		unit_nfail++;
	return pass;
}

/* A check that cannot run here: "ok N - @what # SKIP @why". */
static inline void unit_skip(const char *what, const char *why)
{
	printf("ok %d - %s # SKIP %s\n", unit_npass + unit_nfail + 1, what,
	       why);
	unit_npass++;
}

/* The plan, "1..N", for a test that states it after its results. */
static inline void unit_plan(void)
{
	printf("1..%d\n", unit_npass + unit_nfail);
}

/*
 * "@lead<P> passed, <F> failed", the last line.  Returns the exit status:
 * 1 if any check failed, else 0.
 */
static inline int unit_summary(const char *lead)
{
	printf("%s%d passed, %d failed\n", lead, unit_npass, unit_nfail);
	return unit_nfail ? 1 : 0;
}

#endif /* SONDE_UNIT_H */
