/* SPDX-License-Identifier: GPL-2.0 */
/*
 * copyin() of write(2)'s buffer: write-known writes the int 0x00c0ffee
 * (12648430) then the text "sonde-copyin", 16 bytes, three times: the
 * int through a cast, the text through stringof(), the size through
 * typed args[2]; one line per write, no error.
 *
 * @@runtest-opts: -c 'write-known 3'
 * @@timeout: 60
 */
#pragma D option quiet

syscall::write:entry
/pid == $target/
{
	printf("%d %s %d\n", *(int *)copyin(arg1, 4),
	    stringof(copyin(arg1 + 4, 12)), args[2]);
}
