/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ustack() at libc's malloc in Debian's python3.11 (built without frame
 * pointers) running nothing (-c pass: its start-up and its end), started
 * by -c: every stack walked by the unwind tables from malloc down to the
 * process's start, those of the interpreter's run through
 * python3.11`Py_BytesMain (main's one call, exported), or to ld.so's
 * start-up; none cut short (stacks.awk).  The interpreter's C stack is
 * deep (imports run the evaluation loop within itself): 200 frames.
 *
 * @@runtest-opts: -c 'python3.11 -c pass'
 * @@timeout: 120
 */
#pragma D option quiet

pid$target:libc.so.6:malloc:entry
{
	@[ustack(200)] = count();
}
