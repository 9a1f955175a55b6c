// SPDX-License-Identifier: GPL-2.0
/*
 * dlopen-prog - a program that loads a library after it has started
 * (dtests/usdt/tst.dlopen*): the probes of objects mapped later.
 *
 *   dlopen-prog N [GOFILE]
 *
 * waits until GOFILE exists (when given: a tracer attaches with -p
 * meanwhile), then dlopen()s libdlo.so from its own folder, calls its
 * dlo_work() N times (each fires dlo:::work and the pid probes of
 * dlo_work) and exits 0 when their results add up to N * N, 1 if
 * not; it prints nothing, so a test's output is the tracer's alone.
 * With DLOPEN_PROG_TIME set in its environment it says on stderr how
 * long the dlopen() took (what a tracer's rendezvous adds to it).
 */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char path[PATH_MAX];
	struct timespec t0, t1;
	int (*work)(int);
	ssize_t len;
	void *h;
	int i, n, sum = 0;
	char *slash;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: dlopen-prog N [GOFILE]\n");
		return 2;
	}
	n = atoi(argv[1]);
	while (argc == 3 && access(argv[2], F_OK))
		usleep(10000);
	len = readlink("/proc/self/exe", path, sizeof(path) - 16);
	if (len < 0) {
		perror("dlopen-prog: /proc/self/exe");
		return 1;
	}
	path[len] = '\0';
	slash = strrchr(path, '/');
	strcpy(slash ? slash + 1 : path, "libdlo.so");
	clock_gettime(CLOCK_MONOTONIC, &t0);
	h = dlopen(path, RTLD_NOW);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (getenv("DLOPEN_PROG_TIME"))
		fprintf(stderr, "dlopen %ld us\n",
			(long)((t1.tv_sec - t0.tv_sec) * 1000000 +
			       (t1.tv_nsec - t0.tv_nsec) / 1000));
	if (!h) {
		fprintf(stderr, "dlopen-prog: %s\n", dlerror());
		return 1;
	}
	*(void **)&work = dlsym(h, "dlo_work");
	if (!work) {
		fprintf(stderr, "dlopen-prog: %s\n", dlerror());
		return 1;
	}
	for (i = 0; i < n; i++)
		sum += work(i);
	return sum == n * n ? 0 : 1;
}
