#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cpuwalk.d - which CPUs each process runs on: a histogram of the CPU
 * numbers its threads were switched onto (sched:::on-cpu), by process
 * name.  A process pinned by taskset(1) or a cpuset stays on its CPUs;
 * one that wanders pays in cold caches.
 *
 * USAGE: cpuwalk.d [SECONDS]
 *   SECONDS   stop after SECONDS seconds
 *
 * With -p PID or -c CMD, only that process.  Without SECONDS, prints
 * at ^C (or at the end of the -c command).  cpuwalk.d(8).
 */

#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	secs = strtoll($$1);
	usage = $$1 == "help" || ($$1 != "" && secs <= 0);
}

BEGIN
/usage/
{
	printf("USAGE: cpuwalk.d [SECONDS]\n");
	printf("  SECONDS   stop after SECONDS seconds\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/!usage/
{
	printf("Tracing CPUs... Hit Ctrl-C to end.\n");
}

sched:::on-cpu
/!usage && pid != 0 && ($target == 0 || pid == $target)/
{
	@cpus[execname, pid] = lquantize(cpu, 0, 256, 1);
}

tick-1s
/!usage && secs && ++ticks == secs/
{
	exit(0);
}

END
/!usage/
{
	printa("\n  %s (pid %d), CPU\n%@d", @cpus);
}
