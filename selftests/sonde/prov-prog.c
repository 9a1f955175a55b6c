// SPDX-License-Identifier: GPL-2.0
/*
 * prov-prog.c - test helper: workloads of known counts for the sched,
 * proc, io, lockstat and cpc providers (selftests/sonde/dtests/).  One
 * command, then its count or time:
 *
 *   yield N       sched_yield() N times, pinned to CPU 1 (or 0)
 *   nice N        setpriority() of itself to nice 1, 2 ... N (N <= 19)
 *   sleep N       N sleeps of 10 ms
 *   spin MS       a busy loop in user mode for MS ms of its CPU time
 *   exec N        N children, one after the other, each exec'ing
 *                 "prov-prog noop" (this program, by its absolute path)
 *   execfail N    N execve()s of /nonexistent/sonde-exec (ENOENT)
 *   threads N     N threads, one after the other, each returning at once
 *   forks N       N children, one after the other, each _exit(0)ing
 *   sigwait N     N times: SIGUSR1 to itself (blocked), sigwait() for it
 *   sigign N      N SIGUSR2s to itself, which it ignores
 *   sigmask N     N rt_sigprocmask() calls, each changing the mask (each
 *                 takes its sighand's siglock once)
 *   pipe N        N one-byte write()s to a pipe, each read back
 *   setpgid N     N setpgid(0, 0) (each write-locks tasklist_lock)
 *   fsync N       N fsync()s of /dev/vda (a flush: submit_bio_wait())
 *   contend T MS  T threads changing their signal mask for MS ms: they
 *                 share the process's siglock, a contended spinlock
 *   mcontend T MS T threads writing one pipe, one reading it, for MS
 *                 ms: its mutex, contended
 *   noop          nothing
 *
 * Prints nothing; exits 0 when every call did what was expected.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *self;
static volatile int stop;
static int pfd[2];

static double cpu_ms(clockid_t clk)
{
	struct timespec ts;

	clock_gettime(clk, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

static int child_wait(pid_t p)
{
	int status;

	if (p < 0 || waitpid(p, &status, 0) != p)
		return 1;
	return !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static void *thread_nop(void *arg)
{
	return arg;
}

/* flip the signal mask until told to stop: the siglock, over and over */
static void *thread_mask(void *arg)
{
	sigset_t a, b;

	sigemptyset(&a);
	sigemptyset(&b);
	sigaddset(&b, SIGURG);
	while (!stop) {
		syscall(SYS_rt_sigprocmask, SIG_SETMASK, &b, NULL, 8);
		syscall(SYS_rt_sigprocmask, SIG_SETMASK, &a, NULL, 8);
	}
	return NULL;
}

static void *thread_write(void *arg)
{
	char c = 'x';

	while (!stop)
		if (write(pfd[1], &c, 1) != 1)
			return (void *)1;
	return NULL;
}

static void *thread_read(void *arg)
{
	char buf[256];

	while (read(pfd[0], buf, sizeof(buf)) > 0)
		;
	return NULL;
}

/* @t threads of @fn for @ms ms (wall), then stop and join them */
static int run_threads(long t, long ms, void *(*fn)(void *))
{
	pthread_t th[16];
	void *ret;
	long i;
	int err = 0;

	if (t < 1 || t > 16)
		return 1;
	for (i = 0; i < t; i++)
		if (pthread_create(&th[i], NULL, fn, NULL))
			return 1;
	usleep(ms * 1000);
	stop = 1;
	for (i = 0; i < t; i++) {
		pthread_join(th[i], &ret);
		err |= ret != NULL;
	}
	return err;
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : "";
	long n = argc > 2 ? strtol(argv[2], NULL, 0) : 0;
	long m = argc > 3 ? strtol(argv[3], NULL, 0) : 0;
	sigset_t set;
	long i;
	int sig;

	/* the absolute path: exec must not search PATH (each miss would be
	 * an exec and an exec-failure) */
	static char path[4096];
	ssize_t l = readlink("/proc/self/exe", path, sizeof(path) - 1);

	if (l <= 0)
		return 1;
	path[l] = '\0';
	self = path;
	if (!strcmp(cmd, "noop"))
		return 0;
	if (!strcmp(cmd, "yield")) {
		if (pin(1) && pin(0))
			return 1;
		for (i = 0; i < n; i++)
			sched_yield();
		return 0;
	}
	if (!strcmp(cmd, "nice")) {
		for (i = 1; i <= n; i++)
			if (setpriority(PRIO_PROCESS, 0, i))
				return 1;
		return 0;
	}
	if (!strcmp(cmd, "sleep")) {
		for (i = 0; i < n; i++)
			usleep(10000);
		return 0;
	}
	if (!strcmp(cmd, "spin")) {
		double end = cpu_ms(CLOCK_THREAD_CPUTIME_ID) + n;
		volatile unsigned long x = 0;

		while (cpu_ms(CLOCK_THREAD_CPUTIME_ID) < end)
			for (i = 0; i < 100000; i++)
				x += i;
		return 0;
	}
	if (!strcmp(cmd, "exec")) {
		for (i = 0; i < n; i++) {
			pid_t p = fork();

			if (!p) {
				execl(self, self, "noop", (char *)NULL);
				_exit(1);
			}
			if (child_wait(p))
				return 1;
		}
		return 0;
	}
	if (!strcmp(cmd, "execfail")) {
		char *const av[] = { "sonde-exec", NULL };

		for (i = 0; i < n; i++)
			if (execv("/nonexistent/sonde-exec", av) != -1 ||
			    errno != ENOENT)
				return 1;
		return 0;
	}
	if (!strcmp(cmd, "threads")) {
		for (i = 0; i < n; i++) {
			pthread_t t;

			if (pthread_create(&t, NULL, thread_nop, NULL) ||
			    pthread_join(t, NULL))
				return 1;
		}
		return 0;
	}
	if (!strcmp(cmd, "forks")) {
		for (i = 0; i < n; i++) {
			pid_t p = fork();

			if (!p)
				_exit(0);
			if (child_wait(p))
				return 1;
		}
		return 0;
	}
	if (!strcmp(cmd, "sigwait")) {
		sigemptyset(&set);
		sigaddset(&set, SIGUSR1);
		if (sigprocmask(SIG_BLOCK, &set, NULL))
			return 1;
		for (i = 0; i < n; i++)
			if (kill(getpid(), SIGUSR1) || sigwait(&set, &sig) ||
			    sig != SIGUSR1)
				return 1;
		return 0;
	}
	if (!strcmp(cmd, "sigign")) {
		signal(SIGUSR2, SIG_IGN);
		for (i = 0; i < n; i++)
			if (kill(getpid(), SIGUSR2))
				return 1;
		return 0;
	}
	if (!strcmp(cmd, "sigmask")) {
		sigset_t a, b;

		sigemptyset(&a);
		sigemptyset(&b);
		sigaddset(&b, SIGURG);
		for (i = 0; i < n; i++)
			if (syscall(SYS_rt_sigprocmask, SIG_SETMASK,
				    i & 1 ? &a : &b, NULL, 8))
				return 1;
		return 0;
	}
	if (!strcmp(cmd, "pipe")) {
		char c = 'x';

		if (pipe(pfd))
			return 1;
		for (i = 0; i < n; i++)
			if (write(pfd[1], &c, 1) != 1 ||
			    read(pfd[0], &c, 1) != 1)
				return 1;
		return 0;
	}
	if (!strcmp(cmd, "setpgid")) {
		for (i = 0; i < n; i++)
			if (setpgid(0, 0))
				return 1;
		return 0;
	}
	if (!strcmp(cmd, "fsync")) {
		int fd = open("/dev/vda", O_WRONLY);

		if (fd < 0)
			return 1;
		for (i = 0; i < n; i++)
			if (fsync(fd))
				return 1;
		return close(fd) != 0;
	}
	if (!strcmp(cmd, "contend"))
		return run_threads(n, m, thread_mask);
	if (!strcmp(cmd, "mcontend")) {
		pthread_t r;
		int err;

		if (pipe(pfd) || pthread_create(&r, NULL, thread_read, NULL))
			return 1;
		err = run_threads(n, m, thread_write);
		close(pfd[1]);
		pthread_join(r, NULL);
		return err;
	}
	fprintf(stderr, "usage: %s COMMAND [N [MS]]\n", argv[0]);
	return 2;
}
