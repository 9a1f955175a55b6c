// SPDX-License-Identifier: GPL-2.0
/*
 * sym-jit-prog.c - a tiny JIT for ustack()'s perf-map names
 * (dtests/ustack/): copies a function into anonymous executable memory,
 * writes /tmp/perf-PID.map naming it jit_getppid (as a JIT does for perf),
 * then calls it N times (argv[1], default 1) from call_jit().  The
 * function keeps a frame pointer and makes the getppid system call, so
 * the syscall probe's stack is jit_getppid, call_jit, main.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* push %rbp; mov %rsp,%rbp; mov $110,%eax (getppid); syscall; pop %rbp;
 * ret */
static const unsigned char jit_code[] = {
	0x55, 0x48, 0x89, 0xe5, 0xb8, 0x6e, 0x00, 0x00, 0x00, 0x0f, 0x05,
	0x5d, 0xc3,
};

typedef long (*jit_fn)(void);

static __attribute__((noipa)) long call_jit(jit_fn f, long n)
{
	long s = 0, i;

	for (i = 0; i < n; i++)
		s += f();
	return s;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;
	char path[64];
	void *mem;
	FILE *m;

	mem = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED) {
		perror("sym-jit-prog: mmap");
		return 1;
	}
	memcpy((char *)mem + 0x100, jit_code, sizeof(jit_code));
	if (mprotect(mem, 4096, PROT_READ | PROT_EXEC)) {
		perror("sym-jit-prog: mprotect");
		return 1;
	}
	snprintf(path, sizeof(path), "/tmp/perf-%d.map", (int)getpid());
	m = fopen(path, "w");
	if (!m) {
		perror(path);
		return 1;
	}
	fprintf(m, "%lx %zx jit_getppid\n",
		(unsigned long)mem + 0x100, sizeof(jit_code));
	fclose(m);
	n = call_jit((jit_fn)((char *)mem + 0x100), n);
	unlink(path);
	return n == -1;
}
