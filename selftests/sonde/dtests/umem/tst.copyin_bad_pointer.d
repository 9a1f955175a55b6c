/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A bad pointer: write-known's fifth write, in the middle, passes the
 * address 1.  copyin() faults in the kernel's VM with DTrace's ERROR
 * naming the address; the four good writes are still traced and the
 * traced process finishes normally (sonde exits 0 when it does).
 *
 * @@runtest-opts: -c 'write-known 4 bad'
 * @@timeout: 60
 */
#pragma D option quiet

syscall::write:entry
/pid == $target/
{
	printf("%d\n", *(int *)copyin(arg1, 4));
}
