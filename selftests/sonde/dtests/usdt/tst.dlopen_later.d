/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Probes of a library the process loads after tracing began, as DTrace
 * enables them: dlopen-prog dlopen()s libdlo.so once it runs and calls
 * its dlo_work() 5 times.  Neither description matches anything when
 * the program starts (-Z); the USDT probe dlo:::work and the pid
 * provider's entry and return probes of dlo_work fire 5 times each,
 * every firing of them, the first one included, since the rendezvous at
 * the dynamic linker holds the loading thread until they are enabled.
 *
 * @@runtest-opts: -Z -c 'dlopen-prog 5'
 * @@timeout: 60
 */
#pragma D option quiet

dlo$target:::work
{
	printf("work %d %s:%s:%s\n", arg0, probemod, probefunc, probename);
	@n["usdt"] = count();
}

pid$target:libdlo.so:dlo_work:entry
{
	@n["entry"] = count();
	@a["arg0 sum"] = sum(arg0);
}

pid$target::dlo_work:return
{
	@n["return"] = count();
	@a["return value sum"] = sum(arg1);
}

END
{
	printa("%-8s %@d\n", @n);
	printa("%-16s %@d\n", @a);
}
