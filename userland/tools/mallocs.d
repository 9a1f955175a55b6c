#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mallocs.d - the sizes a process asks the C library's allocator for:
 * histograms of the bytes requested from malloc(3), calloc(3) and
 * realloc(3), by function (pid provider probes on libc.so.6), and the
 * total.  Many small allocations, or a few huge ones, are different
 * problems.
 *
 * USAGE: mallocs.d -p PID | -c CMD
 *
 * Prints at ^C, or when the process ends.  mallocs.d(8).
 */

#pragma D option quiet
#pragma D option zdefs
#pragma D option defaultargs

BEGIN
/$target == 0/
{
	printf("USAGE: mallocs.d -p PID | -c CMD\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/$target/
{
	printf("Tracing malloc() of pid %d... Hit Ctrl-C to end.\n", $target);
}

pid$target:libc.so.6:malloc:entry
{
	@bytes["malloc"] = quantize(arg0);
	@total["malloc"] = sum(arg0);
	@calls["malloc"] = count();
}

pid$target:libc.so.6:calloc:entry
{
	@bytes["calloc"] = quantize(arg0 * arg1);
	@total["calloc"] = sum(arg0 * arg1);
	@calls["calloc"] = count();
}

pid$target:libc.so.6:realloc:entry
{
	@bytes["realloc"] = quantize(arg1);
	@total["realloc"] = sum(arg1);
	@calls["realloc"] = count();
}

END
/$target/
{
	printa("\n  %s, bytes requested\n%@d", @bytes);
	printf("\n%-10s %10s %14s\n", "FUNCTION", "CALLS", "BYTES");
	printa("%-10s %@10d %@14d\n", @calls, @total);
}
