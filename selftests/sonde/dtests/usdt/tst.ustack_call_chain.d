/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ustack() at a probe three calls deep names the chain, innermost
 * first: level3, level2, level1, main, then libc's start-up frames.
 *
 * @@runtest-opts: -c 'uprobe-prog chain'
 * @@timeout: 60
 */
#pragma D option quiet

sonde_test$target:::chain
{
	ustack();
}
