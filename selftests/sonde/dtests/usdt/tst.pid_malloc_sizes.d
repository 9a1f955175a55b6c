/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pid provider: malloc's size argument for the program's known mallocs
 * (uprobe-prog malloc 20: 100000 + i for i < 20, each printed "SIZE
 * ADDRESS" by the program): 20 rows, each counted once.
 *
 * @@runtest-opts: -c 'uprobe-prog malloc 20'
 * @@timeout: 60
 */
#pragma D option quiet

pid$target:libc.so.6:malloc:entry
/arg0 >= 100000 && arg0 < 100020/
{
	@[arg0] = count();
}
