// SPDX-License-Identifier: GPL-2.0
/*
 * toolwork.c - the workload of the tools' selftests (dtests/tools/): each
 * subcommand does one known thing a known number of times, so a tool's
 * answer can be checked exactly.  Built dynamically (libc.so.6 is its own
 * object for the pid provider) with frame pointers (for ustack()), and
 * with the work in named functions that stay out of line.
 *
 *   toolwork malloc SIZE N   malloc(SIZE) N times (freed at the end)
 *   toolwork calloc SIZE N   calloc(1, SIZE) N times
 *   toolwork brk N           grow the heap N times by 64 KiB with sbrk()
 *                            (in grow_heap())
 *   toolwork touch PAGES     mmap() PAGES anonymous pages, read-write,
 *                            private, and write one byte in each
 *   toolwork open PATH N     open(PATH, O_RDONLY) N times (closing each)
 *   toolwork stat PATH N     stat(PATH) N times
 *   toolwork write PATH N SIZE   write N blocks of SIZE bytes to PATH
 *                            (created), fsync(2) after each, fdatasync(2)
 *                            once at the end
 *   toolwork spin MS         run on the CPU for MS milliseconds (in spin())
 *   toolwork nap MS N        sleep MS milliseconds N times (nanosleep)
 *   toolwork exit CODE       exit with status CODE
 *   toolwork segv            die of SIGSEGV (no core: RLIMIT_CORE 0)
 *   toolwork kill SIG N      send SIG to itself N times (ignoring it)
 *   toolwork wait FILE       wait (10 ms naps) until FILE exists, then
 *                            run the rest of the arguments as another
 *                            subcommand: toolwork wait go malloc 100 3
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define NOINLINE __attribute__((noinline))

static long num(const char *s)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 0);
	if (errno || !*s || *end || v < 0) {
		fprintf(stderr, "toolwork: bad number '%s'\n", s);
		exit(2);
	}
	return v;
}

static void nap(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

NOINLINE static int do_malloc(long size, long n, int zeroed)
{
	void **p = calloc(n ? n : 1, sizeof(*p));
	long i;

	if (!p)
		return 1;
	for (i = 0; i < n; i++) {
		p[i] = zeroed ? calloc(1, size) : malloc(size);
		if (!p[i])
			return 1;
		memset(p[i], 1, size > 16 ? 16 : size);
	}
	for (i = 0; i < n; i++)
		free(p[i]);
	free(p);
	return 0;
}

NOINLINE static int grow_heap(long n)
{
	long i;

	for (i = 0; i < n; i++)
		if (sbrk(65536) == (void *)-1)
			return 1;
	return 0;
}

NOINLINE static int touch(long pages)
{
	long i, pg = sysconf(_SC_PAGESIZE);
	volatile char *p = mmap(NULL, pages * pg, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return 1;
	for (i = 0; i < pages; i++)
		p[i * pg] = 1;
	return munmap((void *)p, pages * pg) != 0;
}

NOINLINE static int write_sync(const char *path, long n, long size)
{
	char *buf = malloc(size ? size : 1);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	long i;

	if (!buf || fd < 0)
		return 1;
	memset(buf, 'x', size);
	for (i = 0; i < n; i++)
		if (write(fd, buf, size) != size || fsync(fd))
			return 1;
	if (fdatasync(fd))
		return 1;
	free(buf);
	return close(fd) != 0;
}

static volatile unsigned long spins;

NOINLINE static void spin(long ms)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		for (int i = 0; i < 10000; i++)
			spins++;
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while ((t.tv_sec - t0.tv_sec) * 1000 +
		 (t.tv_nsec - t0.tv_nsec) / 1000000 < ms);
}

static int usage(void)
{
	fprintf(stderr, "usage: toolwork malloc|calloc SIZE N | brk N | touch PAGES |\n"
		"  open|stat PATH N | write PATH N SIZE | spin MS | nap MS N |\n"
		"  exit CODE | segv | kill SIG N | wait FILE SUBCOMMAND...\n");
	return 2;
}

static int run(int argc, char **argv)
{
	const char *cmd = argc > 0 ? argv[0] : "";
	struct rlimit nocore = { 0, 0 };
	struct stat st;
	long i;

#define NEED(n) do { if (argc != (n) + 1) return usage(); } while (0)
	if (!strcmp(cmd, "malloc") || !strcmp(cmd, "calloc")) {
		NEED(2);
		return do_malloc(num(argv[1]), num(argv[2]), cmd[0] == 'c');
	} else if (!strcmp(cmd, "brk")) {
		NEED(1);
		return grow_heap(num(argv[1]));
	} else if (!strcmp(cmd, "touch")) {
		NEED(1);
		return touch(num(argv[1]));
	} else if (!strcmp(cmd, "open")) {
		NEED(2);
		for (i = num(argv[2]); i > 0; i--) {
			int fd = open(argv[1], O_RDONLY);

			if (fd >= 0)
				close(fd);
		}
		return 0;
	} else if (!strcmp(cmd, "stat")) {
		NEED(2);
		for (i = num(argv[2]); i > 0; i--)
			stat(argv[1], &st);
		return 0;
	} else if (!strcmp(cmd, "write")) {
		NEED(3);
		return write_sync(argv[1], num(argv[2]), num(argv[3]));
	} else if (!strcmp(cmd, "spin")) {
		NEED(1);
		spin(num(argv[1]));
		return 0;
	} else if (!strcmp(cmd, "nap")) {
		NEED(2);
		for (i = num(argv[2]); i > 0; i--)
			nap(num(argv[1]));
		return 0;
	} else if (!strcmp(cmd, "exit")) {
		NEED(1);
		exit((int)num(argv[1]));
	} else if (!strcmp(cmd, "segv")) {
		NEED(0);
		setrlimit(RLIMIT_CORE, &nocore);
		signal(SIGSEGV, SIG_DFL);
		raise(SIGSEGV);
		return 1;
	} else if (!strcmp(cmd, "kill")) {
		NEED(2);
		signal((int)num(argv[1]), SIG_IGN);
		for (i = num(argv[2]); i > 0; i--)
			kill(getpid(), (int)num(argv[1]));
		return 0;
	} else if (!strcmp(cmd, "wait")) {
		if (argc < 3)
			return usage();
		while (access(argv[1], F_OK))
			nap(10);
		return run(argc - 2, argv + 2);
	}
#undef NEED
	return usage();
}

int main(int argc, char **argv)
{
	return run(argc - 1, argv + 1);
}
