/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A copyin() larger than the scratch space: DTrace's "out of scratch
 * space" ERROR, no crash, and the run ends with the traced process.
 *
 * @@runtest-opts: -c 'write-known 1'
 * @@timeout: 60
 */
#pragma D option quiet

syscall::write:entry
/pid == $target/
{
	trace(*(int *)copyin(arg1, 100000000));
}
