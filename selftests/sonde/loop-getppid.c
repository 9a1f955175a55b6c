// SPDX-License-Identifier: GPL-2.0
/*
 * loop-getppid.c - test helper: call getppid(2) N times (argv[1], default
 * 1000) and exit 0, printing nothing.  The raw syscall, so no libc can
 * cache or skip it: a tracer of syscall::getppid:entry sees exactly N.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long i, n = 1000;
	char *end;

	if (argc > 1) {
		n = strtol(argv[1], &end, 0);
		if (*argv[1] == '\0' || *end != '\0' || n < 0) {
			fprintf(stderr, "usage: %s [COUNT]\n", argv[0]);
			return 2;
		}
	}
	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
	return 0;
}
