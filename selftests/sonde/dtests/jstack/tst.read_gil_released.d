/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A read() of a pipe, the GIL released: the Python function that called
 * it and its callers, at their lines, in DTrace's layout (under the
 * interpreter's frame, or after the native frames the walk reached).
 * The program has ended when the records are printed: the lines come
 * from its file.
 *
 * @@runtest-opts: -c 'python3.11 jstack_prog.py read'
 * @@timeout: 120
 */
#pragma D option quiet

syscall::read:entry
/pid == $target/
{
	jstack();
}
