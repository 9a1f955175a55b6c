#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * javacalls.d - count a Java program's method calls by class and
 * method, most frequent last (the hotspot provider's method-entry USDT
 * probe, in libjvm.so).  Which methods a service spends its calls on.
 *
 * USAGE: javacalls.d -p PID [SECONDS]
 *   SECONDS   stop after SECONDS seconds
 *
 * The JVM fires method-entry only when started with
 * -XX:+DTraceMethodProbes (or -XX:+ExtendedDTraceProbes), which slows
 * every call, traced or not.  The hotspot probes live in libjvm.so,
 * which the java launcher loads after it starts: attach to a running
 * JVM with -p.  Prints at ^C, at the end of the process or after
 * SECONDS.  javacalls.d(8).
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
	printf("USAGE: javacalls.d -p PID [SECONDS]\n");
	printf("  SECONDS   stop after SECONDS seconds\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/!usage/
{
	printf("Counting Java method calls of pid %d... Hit Ctrl-C to end.\n",
	    $target);
}

/*
 * arg0: the Java thread id; arg1, arg2: the class name and its length;
 * arg3, arg4: the method's; arg5, arg6: its signature's
 */
hotspot$target:::method-entry
/!usage/
{
	@calls[copyinstr(arg1, arg2), copyinstr(arg3, arg4)] = count();
}

tick-1s
/!usage && secs && ++ticks == secs/
{
	exit(0);
}

END
/!usage/
{
	printf("%10s  %s\n", "CALLS", "CLASS.METHOD");
	printa("%@10d  %s.%s\n", @calls);
}
