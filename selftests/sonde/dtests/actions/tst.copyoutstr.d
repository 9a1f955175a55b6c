/* SPDX-License-Identifier: GPL-2.0 */
/*
 * copyoutstr() writes the traced process's buffer: write-known's next
 * writes carry the new string.
 *
 * @@runtest-opts: -w -c 'write-known 3'
 */
#pragma D option quiet

syscall::write:entry
/pid == $target/
{
	printf("%s\n", stringof(copyin(arg1 + 4, 12)));
}

syscall::write:entry
/pid == $target && !done/
{
	copyoutstr("HACKED", arg1 + 4, 7);
	done = 1;
}
