/* SPDX-License-Identifier: GPL-2.0 */
/*
 * copyinstr() of a bad pointer (0x10): an ERROR, then the next firing
 * ("good") is normal and the traced program is unharmed (it exits 0,
 * sonde says nothing of its status).
 *
 * @@runtest-opts: -c 'uprobe-prog badptr'
 * @@timeout: 60
 */
#pragma D option quiet

sonde_test$target:::str
{
	printf("str %s\n", copyinstr(arg0));
}
