#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pycalls.d - count a Python program's function calls, by file and
 * function, most frequent last (the python provider's function-return
 * USDT probe: one per call that returns, normally or by an exception).
 * Where an interpreter's time may go, at the cost of a probe per call.
 *
 * USAGE: pycalls.d -p PID | -c CMD [SECONDS]
 *   SECONDS   stop after SECONDS seconds
 *
 * Prints at ^C, at the end of the process or after SECONDS.
 * pycalls.d(8).
 */

#pragma D option quiet
#pragma D option zdefs
#pragma D option defaultargs

BEGIN
{
	secs = strtoll($$1);
	usage = $target == 0 || ($$1 != "" && secs <= 0);
}

BEGIN
/usage/
{
	printf("USAGE: pycalls.d -p PID | -c CMD [SECONDS]\n");
	printf("  SECONDS   stop after SECONDS seconds\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/!usage/
{
	printf("Counting Python calls of pid %d... Hit Ctrl-C to end.\n",
	    $target);
}

/* arg0: the file, arg1: the function, arg2: the line */
python$target:::function-return
/!usage/
{
	@calls[basename(copyinstr(arg0)), copyinstr(arg1)] = count();
}

tick-1s
/!usage && secs && ++ticks == secs/
{
	exit(0);
}

END
/!usage/
{
	printf("%10s  %s\n", "CALLS", "FILE:FUNCTION");
	printa("%@10d  %s:%s\n", @calls);
}
