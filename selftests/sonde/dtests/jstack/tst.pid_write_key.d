/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pid provider: libc's write() as called by writer() (200 times), an
 * aggregation key: all 200 in stacks with writer, outer, main.
 *
 * @@runtest-opts: -O json -c 'python3.11 jstack_prog.py write 200'
 * @@timeout: 120
 */
pid$target:libc.so.6:write:entry
{
	@[jstack(20)] = count();
}
