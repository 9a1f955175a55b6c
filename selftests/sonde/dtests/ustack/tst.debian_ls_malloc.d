/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ustack() at libc's malloc in Debian's own /bin/ls (coreutils: stripped,
 * built without frame pointers, like every Debian binary), started by
 * -c, from its start (libc's __libc_start_main, which ls's _start calls)
 * on: every stack walked by the unwind tables (.eh_frame) of ls and libc
 * from malloc down to main's caller, __libc_start_main and ls's _start;
 * none cut short (stacks.awk).
 *
 * Not before: the mallocs of the libraries' constructors, which ld.so
 * runs before the program's entry point, where sonde gives the kernel
 * the libraries' tables (work.c); until then a walk through libc ends at
 * its first libc caller.
 *
 * @@runtest-opts: -c '/bin/ls /dev/null'
 * @@timeout: 60
 */
#pragma D option quiet

pid$target:libc.so.6:__libc_start_main:entry
{
	self->started = 1;
}

pid$target:libc.so.6:malloc:entry
/self->started/
{
	@[ustack(200)] = count();
}
