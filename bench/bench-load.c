// SPDX-License-Identifier: GPL-2.0
/*
 * bench-load.c - the workloads of the sonde/bpftrace comparison
 * (bench/job.py runs them in the bench guest; the same binary and the same
 * counts for both tools).
 *
 *   bench-load [-C cpu] [-o file] getppid N     N raw getppid(2) calls
 *   bench-load [-C cpu] [-o file] read N        N 1-byte read(2)s of /dev/zero
 *   bench-load [-C cpu] [-o file] read-for SECS 1-byte reads for SECS seconds
 *   bench-load [-C cpu] [-o file] rate R SECS   getppid at R calls/s for SECS
 *   bench-load [-C cpu] [-o file] tick MS       one getppid every MS ms, forever
 *   bench-load maxrss CMD [ARG...]             run CMD; print its peak RSS
 *   bench-load [-C cpu] rounds FILE N          rounds of N getppid calls made
 *                                              four calls deep, each tagged
 *                                              with the phase FILE names
 *
 * rounds is for the tools that attach to a running process (-p): each
 * round reads FILE's first word when it starts and prints "PHASE
 * NS_PER_CALL" when it ends, so a round is known to have run wholly in
 * one phase (bench/job.py, c12); "stop" ends it.  The calls go main ->
 * round_a -> round_b -> round_c -> round_d -> syscall(), no function
 * inlined, so a user stack has that many frames to walk (built twice,
 * with and without frame pointers: bench-load-fp, bench-load-nofp).
 *
 * maxrss is for a command that lives less than any sampler's period (a
 * static sonde's BEGIN { exit(0); }): fork() (not Python's vfork(), whose
 * child shares the parent's memory until exec and so its peak), exec,
 * wait4()'s ru_maxrss: "maxrss_kb=N rc=R" on stderr, CMD's own output
 * untouched.
 *
 * -C pins the process to one CPU (sched_setaffinity, as taskset -c does).
 * The result is one line, "calls=N ns=T ns_per_call=X per_sec=Y", on
 * stdout or, with -o, in FILE (the tools' -c mode shares our stdout).
 */
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* The chain rounds walks through; noinline: each is a frame. */
static __attribute__((noinline)) void round_d(long n)
{
	for (long i = 0; i < n; i++)
		syscall(SYS_getppid);
	__asm__ volatile("" ::: "memory");	/* not a tail call */
}

static __attribute__((noinline)) void round_c(long n)
{
	round_d(n);
	__asm__ volatile("" ::: "memory");
}

static __attribute__((noinline)) void round_b(long n)
{
	round_c(n);
	__asm__ volatile("" ::: "memory");
}

static __attribute__((noinline)) void round_a(long n)
{
	round_b(n);
	__asm__ volatile("" ::: "memory");
}

/* rounds FILE N: see the top of the file.  0, or 1 on an error. */
static int rounds(const char *file, long n)
{
	char phase[32];
	long long t0;
	FILE *f;

	for (;;) {
		f = fopen(file, "r");
		if (!f || fscanf(f, "%31s", phase) != 1) {
			perror("bench-load: rounds: phase file");
			if (f)
				fclose(f);
			return 1;
		}
		fclose(f);
		if (!strcmp(phase, "stop"))
			return 0;
		t0 = now_ns();
		round_a(n);
		printf("%s %.1f\n", phase, (double)(now_ns() - t0) / n);
		fflush(stdout);
	}
}

static void usage(void)
{
	fprintf(stderr, "usage: bench-load [-C cpu] [-o file] getppid N | read N | read-for SECS | rate R SECS | tick MS | rounds FILE N | maxrss CMD...\n");
	exit(2);
}

static long arg(char **argv, int i, int argc)
{
	char *end;
	long v;

	if (i >= argc)
		usage();
	v = strtol(argv[i], &end, 0);
	if (*argv[i] == '\0' || *end != '\0' || v < 0)
		usage();
	return v;
}

static int maxrss(char **cmd)
{
	struct rusage ru;
	int status;
	pid_t pid;

	if (!cmd[0])
		usage();
	pid = fork();
	if (pid < 0) {
		perror("bench-load: fork");
		return 1;
	}
	if (pid == 0) {
		execvp(cmd[0], cmd);
		perror("bench-load: exec");
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("bench-load: wait4");
		return 1;
	}
	fprintf(stderr, "maxrss_kb=%ld rc=%d\n", ru.ru_maxrss,
		WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
	return 0;
}

int main(int argc, char **argv)
{
	const char *out = NULL, *mode;
	long long t0, t1, calls = 0;
	char buf[1];
	FILE *f;
	int c, fd;

	while ((c = getopt(argc, argv, "+C:o:")) != -1) {
		switch (c) {
		case 'C': {
			cpu_set_t set;

			CPU_ZERO(&set);
			CPU_SET(atoi(optarg), &set);
			if (sched_setaffinity(0, sizeof(set), &set)) {
				perror("bench-load: sched_setaffinity");
				return 1;
			}
			break;
		}
		case 'o':
			out = optarg;
			break;
		default:
			usage();
		}
	}
	if (optind >= argc)
		usage();
	mode = argv[optind];
	if (!strcmp(mode, "maxrss"))
		return maxrss(argv + optind + 1);
	if (!strcmp(mode, "rounds")) {
		if (optind + 1 >= argc)
			usage();
		return rounds(argv[optind + 1], arg(argv, optind + 2, argc));
	}

	fd = open("/dev/zero", O_RDONLY);
	if (fd < 0) {
		perror("bench-load: /dev/zero");
		return 1;
	}
	t0 = now_ns();
	if (!strcmp(mode, "getppid")) {
		long n = arg(argv, optind + 1, argc);

		for (calls = 0; calls < n; calls++)
			syscall(SYS_getppid);
	} else if (!strcmp(mode, "read")) {
		long n = arg(argv, optind + 1, argc);

		for (calls = 0; calls < n; calls++)
			if (read(fd, buf, 1) != 1)
				return 1;
	} else if (!strcmp(mode, "read-for")) {
		long long end = t0 + arg(argv, optind + 1, argc) * 1000000000LL;

		/* Check the clock every 256 reads: vDSO, but not free under TCG. */
		do {
			for (int i = 0; i < 256; i++, calls++)
				if (read(fd, buf, 1) != 1)
					return 1;
		} while (now_ns() < end);
	} else if (!strcmp(mode, "rate")) {
		long r = arg(argv, optind + 1, argc);
		long long secs = arg(argv, optind + 2, argc);
		long long due;

		/* Catch up to r * elapsed every millisecond: a steady rate. */
		for (;;) {
			long long el = now_ns() - t0;

			if (el >= secs * 1000000000LL)
				break;
			due = (long long)r * el / 1000000000LL;
			while (calls < due) {
				syscall(SYS_getppid);
				calls++;
			}
			usleep(1000);
		}
		due = (long long)r * secs;
		while (calls < due) {
			syscall(SYS_getppid);
			calls++;
		}
	} else if (!strcmp(mode, "tick")) {
		long ms = arg(argv, optind + 1, argc);

		for (;;) {
			syscall(SYS_getppid);
			usleep(ms * 1000);
		}
	} else {
		usage();
	}
	t1 = now_ns();

	f = out ? fopen(out, "w") : stdout;
	if (!f) {
		perror("bench-load: output");
		return 1;
	}
	fprintf(f, "calls=%lld ns=%lld ns_per_call=%.1f per_sec=%.0f\n", calls,
		t1 - t0, calls ? (double)(t1 - t0) / calls : 0.0,
		t1 > t0 ? calls * 1e9 / (t1 - t0) : 0.0);
	return fclose(f) ? 1 : 0;
}
