/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -O folded: libc's write() from writer(), 200 calls: the lines through
 * writer sum to exactly 200, each outermost first (main, outer, writer
 * at their lines), the count last.
 *
 * @@runtest-opts: -O folded -c 'python3.11 jstack_prog.py write 200'
 * @@timeout: 120
 */
pid$target:libc.so.6:write:entry
{
	@[jstack(20)] = count();
}
