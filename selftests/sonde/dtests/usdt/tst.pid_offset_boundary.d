/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A pid offset probe at an instruction boundary: level3+1, after its
 * one-byte push %rbp, fires once for the one call of level3.
 *
 * @@runtest-opts: -c 'uprobe-prog chain'
 * @@timeout: 60
 */
#pragma D option quiet

pid$target:a.out:level3:1
{
	@ = count();
}

END
{
	printa("hits %@d\n", @);
}
