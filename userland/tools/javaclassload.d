#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * javaclassload.d - trace the classes a Java virtual machine loads and
 * unloads, with whether the class came from the shared archive (CDS)
 * (the hotspot provider's class-loaded and class-unloaded USDT probes,
 * in libjvm.so).  Class loading late in a run (reflection, proxies,
 * generated code) and classes loaded over and over show up here.
 *
 * USAGE: javaclassload.d -p PID [PREFIX]
 *   PREFIX   only classes whose name starts with PREFIX (java/util/)
 *
 * The hotspot probes live in libjvm.so, which the java launcher loads
 * after it starts: attach to a running JVM with -p.  Traces until ^C or
 * the end of the process.  javaclassload.d(8).
 */

#pragma D option quiet
#pragma D option zdefs
#pragma D option defaultargs
#pragma D option switchrate=10hz

BEGIN
/$target == 0/
{
	printf("USAGE: javaclassload.d -p PID [PREFIX]\n");
	printf("  PREFIX   only classes whose name starts with PREFIX (java/util/)\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/$target/
{
	start = timestamp;
	printf("%-9s %-7s %-6s %-6s %s\n", "TIME(ms)", "TID", "EVENT",
	    "SHARED", "CLASS");
}

/* arg0, arg1: the class name and its length; arg3: from the archive */
hotspot$target:::class-loaded,
hotspot$target:::class-unloaded
/$$1 == "" || index(copyinstr(arg0, arg1), $$1) == 0/
{
	printf("%-9d %-7d %-6s %-6s %s\n", (timestamp - start) / 1000000, tid,
	    probename == "class-loaded" ? "load" : "unload",
	    arg3 ? "yes" : "no", copyinstr(arg0, arg1));
}
