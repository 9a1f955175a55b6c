/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The sizes Linux dtrace takes below the kernel's least (issue 31):
 * strsize=5 keeps five characters (Linux dtrace counts characters),
 * dynvarsize=80 holds the array's elements and a thread-local, deleting
 * one makes room, bufsize=100 and aggsize=64 hold this program's records
 * and entries (the kernel gets its least, 4096 bytes, as Linux dtrace's
 * buffers are whole pages).
 *
 * @@runtest-opts: -x bufsize=100
 */
#pragma D option quiet
#pragma D option strsize=5
#pragma D option dynvarsize=80
#pragma D option aggsize=64

BEGIN
{
	a[1] = 1;
	a[2] = 2;
	a[3] = 3;
	a[1] = 0;
	a[4] = 4;
	self->t = 5;
	@c = count();
	printf("[%s] [%s] %d %d %d %d %d\n", "abcdefgh",
	       strjoin(probeprov, "x"), a[1], a[2], a[3], a[4], self->t);
	exit(0);
}

END
{
	printa("%@d\n", @c);
}
