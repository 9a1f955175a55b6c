// SPDX-License-Identifier: GPL-2.0
/*
 * cswitch-prog.c - test helper for user reads inside a context switch:
 * a parent and a forked child, both pinned to CPU 0, hand one byte back
 * and forth over two pipes ROUNDS times (argv[1], default 2000), so the
 * CPU switches between the two address spaces at every hand-over.  The
 * global `secret` is at the same address in both and holds
 * "sonde-parent" in the parent, "sonde-child" in the child.  The parent
 * sends its byte from `secret`: a tracer sees that address as
 * syscall::write:entry's arg1 in the parent.  A user read of it made
 * for the parent while the child's page tables are loaded (the
 * tlb:tlb_flush tracepoint of switch_mm_irqs_off()) must fault, never
 * return "sonde-child".  Prints nothing; exits 0 when all rounds ran.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

char secret[32] = "sonde-parent";

int main(int argc, char **argv)
{
	int ping[2], pong[2], status;
	long i, n = argc > 1 ? strtol(argv[1], NULL, 0) : 2000;
	cpu_set_t set;
	char c;
	pid_t pid;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	if (sched_setaffinity(0, sizeof(set), &set) || pipe(ping) ||
	    pipe(pong))
		return 1;
	pid = fork();
	if (pid < 0)
		return 1;
	if (!pid) {
		strcpy(secret, "sonde-child");	/* its own copy of the page */
		close(ping[1]);		/* so the parent's close ends it */
		close(pong[0]);
		for (;;) {
			if (read(ping[0], &c, 1) != 1)
				_exit(0);
			if (write(pong[1], secret, 1) != 1)
				_exit(1);
		}
	}
	close(ping[0]);
	close(pong[1]);
	for (i = 0; i < n; i++)
		if (write(ping[1], secret, 1) != 1 ||
		    read(pong[0], &c, 1) != 1)
			return 1;
	close(ping[1]);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		return 1;
	return 0;
}
