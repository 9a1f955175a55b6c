// SPDX-License-Identifier: GPL-2.0
/*
 * cfi-lib-fp.c - the other half of libcfi.so: built with frame pointers
 * and without unwind tables or debug information (no .eh_frame, no
 * .debug_frame), so ustack() crosses it by frame pointers between the
 * tables of cfi-prog and libc.
 */
#include <sys/syscall.h>
#include <unistd.h>

#include "cfi-lib.h"

volatile long cfi_fp_sink;

__attribute__((noinline, noclone)) long fp_inner(long x)
{
	long r = syscall(SYS_getppid);

	cfi_fp_sink += r;
	return x + r;
}

__attribute__((noinline, noclone)) long fp_outer(long x)
{
	long r = fp_inner(x * 7);

	cfi_fp_sink += r;
	return r + 1;
}
