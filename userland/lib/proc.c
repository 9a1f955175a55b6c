// SPDX-License-Identifier: GPL-2.0
/*
 * proc.c - the processes a trace follows, as libdtrace's dt_proc.c does
 * for dtrace -c and -p: a created process runs up to its exec and waits
 * there, under ptrace, until tracing has begun (so its user probes exist
 * before one of its instructions runs); a grabbed one is only watched.
 * The run loop (work.c) lets them go, notices their end and refreshes
 * their maps.  Consumer thread only; fork() is the one thing done outside
 * the caller's control, and the child only calls ptrace() and exec.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <elf.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>

#include "libsonde.h"

struct sonde_proc {
	pid_t pid;
	bool created;		/* -c: our child */
	bool live;
	bool stopped;		/* -c: held at its exec under ptrace */
	bool reaped;		/* -c: it ended while run to its entry */
	int status;		/* then its wait status */
	char *cmd;		/* its program, for messages */
};

/* dtrace's make_argv(): @s split at white space, in place. */
static char **sonde_proc_argv(char *s)
{
	const char *ws = "\f\n\r\t\v ";
	char **argv = calloc(strlen(s) / 2 + 2, sizeof(char *));
	int argc = 0;
	char *p;

	if (!argv)
		return NULL;
	for (p = strtok(s, ws); p; p = strtok(NULL, ws))
		argv[argc++] = p;
	if (argc == 0)
		argv[argc++] = s;
	argv[argc] = NULL;
	return argv;
}

/* Does @file name something execvp() would run? */
static bool sonde_proc_findexec(const char *file)
{
	const char *path = getenv("PATH"), *p, *e;
	char buf[4096];

	if (strchr(file, '/'))
		return access(file, X_OK) == 0;
	if (!path)
		path = "/usr/local/bin:/usr/bin:/bin";
	for (p = path; ; p = e + 1) {
		e = strchr(p, ':');
		if (!e)
			e = p + strlen(p);
		snprintf(buf, sizeof(buf), "%.*s/%s", (int)(e - p),
			 e == p ? "." : p, file);
		if (access(buf, X_OK) == 0)
			return true;
		if (!*e)
			return false;
	}
}

/*
 * Fork and exec @argv, the child stopping at its exec (PTRACE_TRACEME:
 * the exec's SIGTRAP stop).  0, or -errno with @err said.
 */
static int sonde_proc_spawn(struct sonde_proc *t, char **argv, char *err,
			    size_t errlen)
{
	int ep[2], e, status;
	ssize_t n;

	if (pipe2(ep, O_CLOEXEC)) {
		e = errno;
		sonde_errf(err, errlen, "failed to create pipe: %s",
			       strerror(e));
		return -e;
	}
	fflush(NULL);
	t->pid = fork();
	if (t->pid < 0) {
		e = errno;
		close(ep[0]);
		close(ep[1]);
		sonde_errf(err, errlen, "failed to fork: %s", strerror(e));
		return -e;
	}
	if (t->pid == 0) {
		close(ep[0]);
		if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) == 0)
			execvp(argv[0], argv);
		e = errno;
		if (write(ep[1], &e, sizeof(e)) < 0)
			_exit(127);
		_exit(127);
	}
	close(ep[1]);
	do {
		n = read(ep[0], &e, sizeof(e));
	} while (n < 0 && errno == EINTR);
	close(ep[0]);
	t->created = true;
	if (n == sizeof(e)) {
		waitpid(t->pid, NULL, 0);
		sonde_errf(err, errlen, "failed to execute %s: %s", argv[0],
			       strerror(e));
		return -e;
	}
	/* the exec succeeded: wait for its ptrace stop */
	while (waitpid(t->pid, &status, 0) < 0) {
		if (errno != EINTR) {
			e = errno;
			sonde_errf(err, errlen,
				       "failed to wait for %s: %s", argv[0],
				       strerror(e));
			return -e;
		}
	}
	if (!WIFSTOPPED(status)) {
		sonde_errf(err, errlen,
			       "failed to execute %s: it ended before tracing began",
			       argv[0]);
		return -ESRCH;
	}
	t->live = true;
	t->stopped = true;
	return 0;
}

struct sonde_proc *sonde_proc_create(const char *cmd, char *err,
				     size_t errlen)
{
	struct sonde_proc *t = calloc(1, sizeof(*t));
	char **argv = NULL, *copy = strdup(cmd);
	int ret = -ENOMEM;

	argv = copy ? sonde_proc_argv(copy) : NULL;
	if (t && argv)
		t->cmd = strdup(argv[0]);
	if (!t || !argv || !t->cmd) {
		sonde_errf(err, errlen, "failed to allocate memory");
		goto out;
	}
	if (!sonde_proc_findexec(argv[0])) {
		ret = -errno;
		sonde_errf(err, errlen, "failed to execute %s: %s", argv[0],
			       strerror(errno));
		goto out;
	}
	ret = sonde_proc_spawn(t, argv, err, errlen);
out:
	free(argv);
	free(copy);
	if (ret) {
		sonde_proc_release(t);
		errno = -ret;
		return NULL;
	}
	return t;
}

/* The kernel's PF_KTHREAD (include/linux/sched.h), in /proc/PID/stat's
 * flags: a kernel thread. */
#define SONDE_PF_KTHREAD	0x00200000UL

/*
 * Is @pid a kernel thread?  Its name to @comm.  /proc/PID/stat's ninth
 * field is the task's flags; the name (second, in parentheses) may hold
 * spaces and ')', so the fields are counted after its last ')'.
 */
static bool sonde_proc_kthread(pid_t pid, char *comm, size_t size)
{
	char fn[64], buf[1024], *open, *close;
	unsigned long flags;
	size_t n;
	FILE *f;

	snprintf(fn, sizeof(fn), "/proc/%ld/stat", (long)pid);
	f = fopen(fn, "re");
	if (!f)
		return false;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	open = strchr(buf, '(');
	close = strrchr(buf, ')');
	if (!open || !close || close < open)
		return false;
	/* after ") ": state ppid pgrp session tty_nr tpgid flags */
	if (sscanf(close + 1, " %*c %*d %*d %*d %*d %*d %lu", &flags) != 1)
		return false;
	snprintf(comm, size, "%.*s", (int)(close - open - 1), open + 1);
	return flags & SONDE_PF_KTHREAD;
}

struct sonde_proc *sonde_proc_grab(pid_t pid, char *err, size_t errlen)
{
	struct sonde_proc *t;
	char comm[64];

	if (pid <= 0 || (kill(pid, 0) && errno == ESRCH)) {
		sonde_errf(err, errlen,
			       "failed to grab pid %ld: no such process",
			       (long)pid);
		errno = ESRCH;
		return NULL;
	}
	if (sonde_proc_kthread(pid, comm, sizeof(comm))) {
		sonde_errf(err, errlen,
			   "failed to grab pid %ld: %s is a kernel thread, which has no user address space to trace: use kernel probes with a predicate such as /pid == %ld/",
			   (long)pid, comm, (long)pid);
		errno = EINVAL;
		return NULL;
	}
	t = calloc(1, sizeof(*t));
	if (!t) {
		sonde_errf(err, errlen, "failed to allocate memory");
		errno = ENOMEM;
		return NULL;
	}
	t->pid = pid;
	t->live = true;
	return t;
}

pid_t sonde_proc_pid(const struct sonde_proc *t)
{
	return t->pid;
}

bool sonde_proc_live(const struct sonde_proc *t)
{
	return t->live;
}

bool sonde_proc_created(const struct sonde_proc *t)
{
	return t->created;
}

int sonde_proc_continue(struct sonde_proc *t, char *err, size_t errlen)
{
	int e;

	if (!t->created || !t->stopped)
		return 0;
	t->stopped = false;
	if (ptrace(PTRACE_DETACH, t->pid, NULL, NULL)) {
		e = errno;
		sonde_errf(err, errlen, "failed to resume %s: %s", t->cmd,
			       strerror(e));
		return -e;
	}
	return 0;
}

/* The process's entry point (AT_ENTRY), or 0. */
static uint64_t sonde_proc_entry(pid_t pid)
{
	char path[64];
	Elf64_auxv_t a;
	uint64_t entry = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/auxv", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	while (fread(&a, sizeof(a), 1, f) == 1 && a.a_type != AT_NULL)
		if (a.a_type == AT_ENTRY)
			entry = a.a_un.a_val;
	fclose(f);
	return entry;
}

int sonde_proc_to_entry(struct sonde_proc *t, char *err, size_t errlen)
{
	struct user_regs_struct regs;
	uint64_t entry;
	long word;
	int status, e;

	if (!t->created || !t->stopped)
		return 0;
	entry = sonde_proc_entry(t->pid);
	if (!entry) {
		sonde_errf(err, errlen, "failed to find the entry point of %s",
			   t->cmd);
		return -ENOEXEC;
	}
	errno = 0;
	word = ptrace(PTRACE_PEEKTEXT, t->pid, (void *)entry, NULL);
	if (errno)
		goto fail;
	if (ptrace(PTRACE_POKETEXT, t->pid, (void *)entry,
		   (void *)((word & ~0xffL) | 0xcc)))
		goto fail;
	if (ptrace(PTRACE_CONT, t->pid, NULL, NULL))
		goto fail;
	for (;;) {
		if (waitpid(t->pid, &status, 0) < 0) {
			if (errno == EINTR)
				continue;
			goto fail;
		}
		if (!WIFSTOPPED(status)) {
			/* it ended in the dynamic linker */
			t->stopped = false;
			t->reaped = true;
			t->status = status;
			return 0;
		}
		if (WSTOPSIG(status) == SIGTRAP &&
		    !ptrace(PTRACE_GETREGS, t->pid, NULL, &regs) &&
		    regs.rip == entry + 1)
			break;
		/* another signal: delivered as it would have been */
		if (ptrace(PTRACE_CONT, t->pid, NULL,
			   (void *)(long)(WSTOPSIG(status) == SIGTRAP ? 0 :
					  WSTOPSIG(status))))
			goto fail;
	}
	regs.rip = entry;
	if (ptrace(PTRACE_POKETEXT, t->pid, (void *)entry, (void *)word) ||
	    ptrace(PTRACE_SETREGS, t->pid, NULL, &regs))
		goto fail;
	return 0;
fail:
	e = errno ? errno : EIO;
	sonde_errf(err, errlen, "failed to run %s to its entry point: %s",
		   t->cmd, strerror(e));
	return -e;
}

/* dtrace.c's prochandler(): the end of the process, once. */
bool sonde_proc_check(struct sonde_proc *t, char *msg, size_t len)
{
	const char *sig;
	int status;
	pid_t r;

	if (!t->live)
		return false;
	if (!t->created) {
		if (!kill(t->pid, 0) || errno != ESRCH)
			return false;
		t->live = false;
		sonde_errf(msg, len, "pid %d has exited", (int)t->pid);
		return true;
	}
	if (t->reaped) {
		r = t->pid;
		status = t->status;
	} else {
		r = waitpid(t->pid, &status, WNOHANG);
	}
	if (r == 0 || (r < 0 && errno == EINTR))
		return false;
	t->live = false;
	if (r < 0)
		return false;
	sig = WIFSIGNALED(status) ? sigabbrev_np(WTERMSIG(status)) : NULL;
	/* dtrace's prochandler(): proc_signame()'s "SIGKILL" */
	if (WIFSIGNALED(status) && sig)
		sonde_errf(msg, len, "pid %d terminated by SIG%s",
			       (int)t->pid, sig);
	else if (WIFSIGNALED(status))
		sonde_errf(msg, len, "pid %d terminated by signal %d",
			       (int)t->pid, WTERMSIG(status));
	else if (WEXITSTATUS(status) != 0)
		sonde_errf(msg, len, "pid %d exited with status %d",
			       (int)t->pid, WEXITSTATUS(status));
	else
		sonde_errf(msg, len, "pid %d has exited", (int)t->pid);
	return true;
}

void sonde_proc_release(struct sonde_proc *t)
{
	if (!t)
		return;
	/* a created process still there is killed, as dtrace's
	 * kill-on-last-close (dt_proc_destroy()): whether tracing never
	 * began, the script exit()ed first or stop() stopped it */
	if (t->created && t->live && !t->reaped) {
		kill(t->pid, SIGKILL);
		waitpid(t->pid, NULL, 0);
	}
	free(t->cmd);
	free(t);
}
