/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pid provider return probes: arg1 is the pointer malloc returned, the
 * one the program prints after each of its 10 known mallocs.
 *
 * @@runtest-opts: -c 'uprobe-prog malloc 10'
 * @@timeout: 60
 */
#pragma D option quiet

pid$target:libc.so.6:malloc:entry
/arg0 >= 100000 && arg0 < 100010/
{
	self->in = 1;
}

pid$target:libc.so.6:malloc:return
/self->in/
{
	printf("ret %x\n", arg1);
	self->in = 0;
}
