// SPDX-License-Identifier: GPL-2.0
/*
 * cfi-lib-nofp.c - half of libcfi.so (cfi-prog's library): built
 * -O2 -fomit-frame-pointer, with unwind tables.
 */
#include <sys/syscall.h>
#include <unistd.h>

#include "cfi-lib.h"

volatile long cfi_lib_sink;

__attribute__((noinline, noclone)) long lib_inner(long x)
{
	long r = syscall(SYS_getppid);

	cfi_lib_sink += r;
	return x + r;
}

__attribute__((noinline, noclone)) long lib_outer(long x)
{
	long r = lib_inner(x * 5);

	cfi_lib_sink += r;
	return r + 1;
}
