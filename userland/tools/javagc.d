#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * javagc.d - a Java virtual machine's garbage collections: one line per
 * collection with its kind (full or not) and its duration, and at the
 * end a histogram of the durations (the hotspot provider's gc-begin
 * and gc-end USDT probes, in libjvm.so).  GC pauses are where a Java
 * service's latency spikes come from.
 *
 * USAGE: javagc.d -p PID
 *
 * The hotspot probes live in libjvm.so, which the java launcher loads
 * after it starts: attach to a running JVM with -p.  Traces until ^C or
 * the end of the process.  javagc.d(8).
 */

#pragma D option quiet
#pragma D option zdefs
#pragma D option defaultargs
#pragma D option switchrate=10hz

BEGIN
/$target == 0/
{
	printf("USAGE: javagc.d -p PID\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/$target/
{
	start = timestamp;
	printf("%-9s %-7s %-5s %10s\n", "TIME(ms)", "TID", "FULL", "LAT(us)");
}

/* gc-begin: arg0 = a full collection */
hotspot$target:::gc-begin
{
	self->ts = timestamp;
	self->full = arg0;
}

hotspot$target:::gc-end
/self->ts/
{
	this->us = (timestamp - self->ts) / 1000;
	printf("%-9d %-7d %-5s %10d\n", (self->ts - start) / 1000000, tid,
	    self->full ? "yes" : "no", this->us);
	@us[self->full ? "full" : "young"] = quantize(this->us);
	self->ts = 0;
	self->full = 0;
}

END
/$target/
{
	printa("\n  %s collections, duration (us)\n%@d", @us);
}
