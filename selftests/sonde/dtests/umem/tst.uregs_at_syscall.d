/* SPDX-License-Identifier: GPL-2.0 */
/*
 * uregs[] at write(2)'s entry: the registers the thread entered the
 * kernel with: the system call's number (R_ERR, orig_ax: __NR_write 1),
 * its first two arguments in rdi and rsi, the user code segment
 * (__USER_CS 51); one line for each of write-known's two writes.
 *
 * @@runtest-opts: -c 'write-known 2'
 * @@timeout: 60
 */
#pragma D option quiet

syscall::write:entry
/pid == $target/
{
	printf("%d %d %d %d\n", uregs[R_ERR], uregs[R_RDI] == arg0,
	    uregs[R_RSI] == arg1, uregs[R_CS]);
}
