// SPDX-License-Identifier: GPL-2.0
/*
 * cfi-prog.c - test helper for ustack() without frame pointers: built
 * -O2 -fomit-frame-pointer (selftests/build.mk), it calls getppid(2)
 * through syscall() at the end of a known chain of calls, so a tracer of
 * syscall::getppid:entry sees each chain whole, innermost first:
 *
 *   cfi-prog chain   main -> alpha -> beta -> gamma -> syscall
 *   cfi-prog lib     main -> lib_outer -> lib_inner -> syscall, in
 *                    libcfi.so built without frame pointers
 *   cfi-prog mixed   main -> fp_outer -> fp_inner -> syscall, in
 *                    libcfi.so with frame pointers and no unwind tables
 *                    (walked by frame pointers between two tables)
 *   cfi-prog qsort   main -> sort_two -> qsort (libc) -> by_value ->
 *                    syscall
 *   cfi-prog spin    main -> alpha_spin -> beta_spin -> spin, a loop of
 *                    COUNT million steps (default 3) for profile-N
 *                    probes to land in, at any of its instructions
 *
 * Each chain runs COUNT times (argv[2], default 3); with no argument,
 * `chain` (the guide's ./prog, docs/guide.md).  The functions are
 * noinline and use what their callee returns, so none is inlined and
 * no call is a tail call.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cfi-lib.h"

#define KEEP	__attribute__((noinline, noclone))

/* what the calls return, so the compiler must keep each call a call */
volatile long cfi_sink;

KEEP long gamma(long x)
{
	long r = syscall(SYS_getppid);

	cfi_sink += r;
	return x + r;
}

KEEP long beta(long x)
{
	long r = gamma(x * 3);

	cfi_sink += r;
	return r + 1;
}

KEEP long alpha(long x)
{
	long r = beta(x + 2);

	cfi_sink += r;
	return r + 1;
}

/* a loop with a frame of its own: RBX saved, so a sample in its
 * prologue, body or epilogue each has another CFA */
KEEP long spin(long n)
{
	register long i asm("rbx");

	for (i = 0; i < n; i++)
		cfi_sink += i;
	asm volatile("" : : "r"(i));
	return i;
}

KEEP long beta_spin(long n)
{
	long r = spin(n);

	cfi_sink += r;
	return r + 1;
}

KEEP long alpha_spin(long n)
{
	long r = beta_spin(n);

	cfi_sink += r;
	return r + 1;
}

static int by_value_calls;

KEEP int by_value(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	/* once a sort: the one getppid() the tracer sees */
	if (!by_value_calls++)
		cfi_sink += syscall(SYS_getppid);
	return (x > y) - (x < y);
}

KEEP long sort_two(long x)
{
	long v[2] = { x + 1, x };

	by_value_calls = 0;
	qsort(v, 2, sizeof(v[0]), by_value);
	cfi_sink += v[0];
	return v[0] + 1;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "chain";
	long i, n = 3;

	if (strcmp(mode, "chain") && strcmp(mode, "lib") && strcmp(mode, "mixed") &&
	    strcmp(mode, "qsort") && strcmp(mode, "spin")) {
		fprintf(stderr, "usage: %s [chain|lib|mixed|qsort|spin [COUNT]]\n",
			argv[0]);
		return 2;
	}
	if (argc > 2)
		n = strtol(argv[2], NULL, 0);
	if (!strcmp(mode, "spin")) {
		cfi_sink += alpha_spin(n * 1000000);
		return 0;
	}
	for (i = 0; i < n; i++) {
		if (!strcmp(mode, "chain"))
			cfi_sink += alpha(i);
		else if (!strcmp(mode, "lib"))
			cfi_sink += lib_outer(i);
		else if (!strcmp(mode, "mixed"))
			cfi_sink += fp_outer(i);
		else
			cfi_sink += sort_two(i);
	}
	return 0;
}
