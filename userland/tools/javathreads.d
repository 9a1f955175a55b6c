#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * javathreads.d - trace a Java virtual machine's threads as they start
 * and stop: the thread's Java name, its Java and kernel thread ids and
 * whether it is a daemon (the hotspot provider's thread-start and
 * thread-stop USDT probes, in libjvm.so).  Thread pools that churn
 * threads, or leak them, show up here.
 *
 * USAGE: javathreads.d -p PID
 *
 * The hotspot probes live in libjvm.so, which the java launcher loads
 * after it starts: attach to a running JVM with -p.  Traces until ^C or
 * the end of the process.  javathreads.d(8).
 */

#pragma D option quiet
#pragma D option zdefs
#pragma D option defaultargs
#pragma D option switchrate=10hz

BEGIN
/$target == 0/
{
	printf("USAGE: javathreads.d -p PID\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/$target/
{
	start = timestamp;
	printf("%-9s %-6s %-7s %-7s %-6s %s\n", "TIME(ms)", "EVENT", "JTID",
	    "TID", "DAEMON", "NAME");
}

/*
 * arg0, arg1: the name (not NUL-terminated) and its length; arg2: the
 * Java thread id; arg3: the kernel's thread id; arg4: a daemon thread
 */
hotspot$target:::thread-start,
hotspot$target:::thread-stop
{
	printf("%-9d %-6s %-7d %-7d %-6s %s\n", (timestamp - start) / 1000000,
	    probename == "thread-start" ? "start" : "stop", arg2, arg3,
	    arg4 ? "yes" : "no", copyinstr(arg0, arg1));
}
