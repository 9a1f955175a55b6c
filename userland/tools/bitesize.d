#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bitesize.d - block I/O sizes as a histogram per process: the bytes of
 * each request issued to a disk (io:::start), by the name of the
 * process that issued it.  Small random I/O and large streaming I/O
 * look different to a disk; this shows which each process does.
 *
 * USAGE: bitesize.d [NAME]
 *   NAME   only requests issued by processes named NAME
 *
 * Prints at ^C, or at the end of the -c command.  bitesize.d(8).
 */

#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	usage = $$1 == "help";
}

BEGIN
/usage/
{
	printf("USAGE: bitesize.d [NAME]\n");
	printf("  NAME   only requests issued by processes named NAME\n");
	exit(0);
}

BEGIN
/!usage/
{
	printf("Tracing block I/O sizes... Hit Ctrl-C to end.\n");
}

io:::start
/!usage && ($$1 == "" || execname == $$1)/
{
	@bytes[execname, pid] = quantize(args[0]->b_bcount);
}

END
/!usage/
{
	printa("\n  %s (pid %d), I/O size (bytes)\n%@d", @bytes);
}
