#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pyflow.d - the flow of a Python program: each function call and
 * return, indented by call depth, per thread, with the time since the
 * previous event of that thread (the python provider's function-entry
 * and function-return USDT probes).
 *
 * USAGE: pyflow.d -p PID | -c CMD [NAME]
 *   NAME   only calls into functions named NAME (and what they call)
 *
 * A call shows when its entry was seen, with its return.  CPython 3.11
 * fires function-entry only while a profile or trace hook is set
 * (CPython issue gh-98894): run the program under one
 * (sys.setprofile(lambda *a: None)), or nothing shows; pycalls.d counts
 * calls without one.  Traces until ^C or the end of the process.
 * pyflow.d(8).
 */

#pragma D option quiet
#pragma D option zdefs
#pragma D option defaultargs
#pragma D option switchrate=10hz

self int depth;		/* calls open, for the indent */
self int inside;	/* calls open inside a NAME call */
self uint64_t last;	/* the thread's previous event */
self string fn[int];	/* the function open at each depth */

BEGIN
/$target == 0/
{
	printf("USAGE: pyflow.d -p PID | -c CMD [NAME]\n");
	printf("  NAME   only calls into functions named NAME (and what they call)\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/$target/
{
	printf("%-7s %9s  %s\n", "TID", "DELTA(us)", "FUNCTION");
}

/* arg0: the file, arg1: the function, arg2: the line */
python$target:::function-entry
/$$1 == "" || self->inside || copyinstr(arg1) == $$1/
{
	this->delta = self->last ? (timestamp - self->last) / 1000 : 0;
	printf("%-7d %9d  %*s-> %s:%s:%d\n", tid, this->delta,
	    self->depth * 2, "", basename(copyinstr(arg0)),
	    copyinstr(arg1), (int)arg2);
	self->fn[self->depth] = copyinstr(arg1);
	self->depth++;
	self->inside++;
	self->last = timestamp;
}

/*
 * Only the return of the call open at this depth: not those of calls
 * entered before tracing, nor those of a Python profile hook (it runs
 * on every call, and its own entries do not fire).
 */
python$target:::function-return
/self->depth > 0 && self->fn[self->depth - 1] == copyinstr(arg1)/
{
	self->depth--;
	self->inside--;
	this->delta = self->last ? (timestamp - self->last) / 1000 : 0;
	printf("%-7d %9d  %*s<- %s:%s:%d\n", tid, this->delta,
	    self->depth * 2, "", basename(copyinstr(arg0)),
	    copyinstr(arg1), (int)arg2);
	self->last = timestamp;
}
