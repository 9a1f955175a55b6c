// SPDX-License-Identifier: GPL-2.0
/*
 * uprobe-prog.c - a target for the user-probe tests (dtests/usdt/):
 * SDT probes (<sys/sdt.h>) with known arguments, a known call chain, a
 * bad string pointer, and known mallocs.  Built dynamically, with frame
 * pointers, so libc.so.6 is a separate object and ustack() can walk.
 *
 *   uprobe-prog args N     fire sonde_test:args N times: (char)-5,
 *                          (unsigned char)200, (short)-300, (int)i,
 *                          (long)1234567890123, "hello"
 *   uprobe-prog chain      main -> level1 -> level2 -> level3 -> probe
 *                          sonde_test:chain
 *   uprobe-prog badptr     sonde_test:str with 0x10, then with "good"
 *   uprobe-prog edges      sonde_test:str with strings at the edge of an
 *                          unmapped page: "k" + L letters ending at the
 *                          page's last byte for L = 0..17 (each starts at
 *                          a different alignment), then 4 letters with no
 *                          NUL before the page ends, then 300 letters
 *                          whose NUL is far from any edge
 *   uprobe-prog malloc N   malloc(100000 + i) for i < N, printing each
 *                          "SIZE ADDRESS" (address in hex, no 0x)
 *   uprobe-prog wait FILE  fire sonde_test:tick every 10 ms until FILE
 *                          exists, then print "done" and exit 0
 *   uprobe-prog globals N  fire sonde_test:globals N times with two
 *                          global variables read in place ("sym(%rip)"
 *                          specs): g_count = i - 2 (int) and g_hist[1]
 *                          (long), which grows by i when i % 4 == 1
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/sdt.h>

static volatile int depth;
static int g_count;
static long g_hist[4];

void level1(int x);
void level2(int x);
void level3(int x);
void bump(void);
void edge_str(const char *s);

/* not a leaf, so it has a frame of its own when the probe fires */
__attribute__((noinline, noclone)) void bump(void)
{
	depth++;
}

/* one site for every string of "edges" */
__attribute__((noinline, noclone)) void edge_str(const char *s)
{
	STAP_PROBE1(sonde_test, str, s);
}

__attribute__((noinline, noclone)) void level3(int x)
{
	bump();
	STAP_PROBE1(sonde_test, chain, x);
	bump();
}

__attribute__((noinline, noclone)) void level2(int x)
{
	level3(x + 1);
	depth++;
}

__attribute__((noinline, noclone)) void level1(int x)
{
	level2(x + 1);
	depth++;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	long n = argc > 2 ? atol(argv[2]) : 1, i;

	if (!strcmp(mode, "args")) {
		for (i = 0; i < n; i++) {
			char c = -5;
			unsigned char uc = 200;
			short s = -300;
			int k = (int)i;
			long l = 1234567890123L;
			const char *str = "hello";

			STAP_PROBE6(sonde_test, args, c, uc, s, k, l, str);
		}
		return 0;
	}
	if (!strcmp(mode, "chain")) {
		level1(1);
		return depth == 4 ? 0 : 1;
	}
	if (!strcmp(mode, "badptr")) {
		STAP_PROBE1(sonde_test, str, (const char *)0x10);
		STAP_PROBE1(sonde_test, str, "good");
		return 0;
	}
	if (!strcmp(mode, "edges")) {
		long pg = sysconf(_SC_PAGESIZE);
		char *m = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), *e;
		static char big[301];

		if (m == MAP_FAILED || munmap(m + pg, pg))
			return 1;
		e = m + pg;		/* the first unmapped byte */
		for (i = 0; i <= 17; i++) {
			char *s = e - i - 2;

			s[0] = 'k';
			memset(s + 1, 'a' + i % 26, i);
			s[i + 1] = 0;
			edge_str(s);
		}
		memset(e - 4, 'z', 4);
		edge_str(e - 4);
		memset(big, 'b', 300);
		edge_str(big);
		return 0;
	}
	if (!strcmp(mode, "malloc")) {
		for (i = 0; i < n; i++) {
			void *p = malloc(100000 + i);

			printf("%ld %lx\n", 100000 + i, (unsigned long)p);
			free(p);
		}
		return 0;
	}
	if (!strcmp(mode, "globals")) {
		for (i = 0; i < n; i++) {
			g_count = (int)i - 2;
			g_hist[i & 3] += i;
/* "m" for this probe only: the variables in memory, as GCC emits globals */
#undef STAP_SDT_ARG_CONSTRAINT
#define STAP_SDT_ARG_CONSTRAINT m
			STAP_PROBE2(sonde_test, globals, g_count, g_hist[1]);
#undef STAP_SDT_ARG_CONSTRAINT
#define STAP_SDT_ARG_CONSTRAINT nor
		}
		return 0;
	}
	if (!strcmp(mode, "wait") && argc > 2) {
		for (i = 0; access(argv[2], F_OK) != 0; i++) {
			STAP_PROBE1(sonde_test, tick, i);
			usleep(10000);
		}
		printf("done\n");
		return 0;
	}
	fprintf(stderr, "usage: uprobe-prog args N | chain | badptr | edges | malloc N | wait FILE | globals N\n");
	return 2;
}
