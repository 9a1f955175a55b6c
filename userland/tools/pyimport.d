#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pyimport.d - trace a Python program's imports: one line for each
 * module it finds and loads, with the time it took, whether it was
 * found, and the thread (the python provider's import-find-load-start
 * and import-find-load-done USDT probes).  Slow start-ups are often
 * imports.  A module already imported is not loaded again, so it does
 * not show.
 *
 * USAGE: pyimport.d -p PID | -c CMD
 *
 * Traces until ^C or the end of the process.  pyimport.d(8).
 */

#pragma D option quiet
#pragma D option zdefs
#pragma D option defaultargs
#pragma D option switchrate=10hz

BEGIN
/$target == 0/
{
	printf("USAGE: pyimport.d -p PID | -c CMD\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/$target/
{
	start = timestamp;
	printf("%-9s %-7s %-5s %10s  %s\n", "TIME(ms)", "TID", "FOUND",
	    "LAT(us)", "MODULE");
}

/* arg0: the module's name; done: arg1, whether it was found */
python$target:::import-find-load-start
{
	self->ts[copyinstr(arg0)] = timestamp;
}

python$target:::import-find-load-done
/self->ts[copyinstr(arg0)]/
{
	this->name = copyinstr(arg0);
	printf("%-9d %-7d %-5s %10d  %s\n", (timestamp - start) / 1000000,
	    tid, arg1 ? "yes" : "no", (timestamp - self->ts[this->name]) / 1000,
	    this->name);
	self->ts[this->name] = 0;
}
