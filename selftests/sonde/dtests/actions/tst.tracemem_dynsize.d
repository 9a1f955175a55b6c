/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracemem(buf, N, dynsize): the fewer of N and dynsize bytes, as DTrace
 * prints them: 6 of write-known's 16 (its int 0x00c0ffee and "so"), all
 * 16 when dynsize is larger (issue 31).
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
