#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * profile.d - a CPU profile: sample what every CPU is running 99 times
 * a second (profile-99) and count the samples by process name, kernel
 * stack and user stack, most frequent last.  Idle CPUs are left out.
 *
 * USAGE: profile.d [SECONDS]
 *   SECONDS   stop after SECONDS seconds
 *
 * With -p PID or -c CMD, only that process.  Without SECONDS, prints
 * at ^C (or at the end of the -c command).  For a flame graph:
 * sonde -O flamegraph -o cpu.svg -s profile.d 10.  User stacks are
 * walked by frame pointers (see sonde(8)); for Python code, jstack()
 * names the Python functions.  profile.d(8).
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
	printf("USAGE: profile.d [SECONDS]\n");
	printf("  SECONDS   stop after SECONDS seconds\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/!usage/
{
	printf("Sampling CPU stacks at 99 Hertz... Hit Ctrl-C to end.\n");
}

profile-99
/!usage && pid != 0 && ($target == 0 || pid == $target)/
{
	@samples[execname, stack(), ustack()] = count();
}

tick-1s
/!usage && secs && ++ticks == secs/
{
	exit(0);
}

END
/!usage/
{
	printa("%s%k%k  %@d\n\n", @samples);
}
