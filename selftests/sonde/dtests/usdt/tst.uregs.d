/* SPDX-License-Identifier: GPL-2.0 */
/*
 * uregs[] in a user probe: the probe's own registers (arg5, the string,
 * is 8@%rdx at this site) and a program counter.
 *
 * @@runtest-opts: -c 'uprobe-prog args 3'
 * @@timeout: 60
 */
#pragma D option quiet

sonde_test$target:::args
/arg3 == 0/
{
	printf("rdx %d pc %d\n", uregs[R_RDX] == arg5, uregs[R_PC] != 0);
}
