/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracemem(buf, N, dynsize): the fewer of N and dynsize bytes, as DTrace
 * prints them: 6 of write-known's 16 (its int 0x00c0ffee and "so"), all
 * 16 when dynsize is larger, nothing at all when it is negative (an int
 * -1, sign extended from its 4 bytes) (issue 31).
 *
 * @@runtest-opts: -c 'write-known 1'
 */
#pragma D option quiet

syscall::write:entry
/pid == $target/
{
	tracemem(copyin(arg1, 16), 16, 6);
	tracemem(copyin(arg1, 16), 16, 100);
}

syscall::write:entry
/pid == $target/
{
	/* a negative size of a narrower type: nothing dumped */
	this->n = (int)-1;
	tracemem(copyin(arg1, 16), 16, this->n);
}
