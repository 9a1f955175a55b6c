// SPDX-License-Identifier: GPL-2.0
/*
 * dlopen-lib.c - libdlo.so, the library dlopen-prog loads after it has
 * started (dtests/usdt/tst.dlopen*): a USDT probe dlo:::work and a
 * function for the pid provider, each reached once a call.
 */
#include <sys/sdt.h>

int dlo_work(int i);

__attribute__((noinline)) int dlo_work(int i)
{
	DTRACE_PROBE1(dlo, work, i);
	return i * 2 + 1;
}
