// SPDX-License-Identifier: GPL-2.0
/*
 * sym-strip-prog.c - a program shipped stripped, as Debian ships its
 * binaries, with its symbols in a separate debug file (dtests/ustack/):
 * main() calls strip_mid(), which calls strip_leaf() N times (argv[1],
 * default 1); strip_leaf makes the getppid system call itself.  Both are
 * static: once stripped, only the debug file names them.  The build
 * makes sym-strip-prog (stripped; its debug file under
 * symdebug/.build-id/) and sym-link-prog (stripped, a .gnu_debuglink to
 * sym-link-prog.debug beside it).
 */
#include <stdlib.h>
#include <sys/syscall.h>

static __attribute__((noipa)) long strip_leaf(long i)
{
	long r;

	asm volatile("syscall" : "=a"(r) : "0"((long)SYS_getppid)
		     : "rcx", "r11", "memory");
	return r + i;
}

static __attribute__((noipa)) long strip_mid(long n)
{
	long s = 0, i;

	for (i = 0; i < n; i++)
		s += strip_leaf(i & 7);
	return s;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;

	return strip_mid(n) == -1;
}
