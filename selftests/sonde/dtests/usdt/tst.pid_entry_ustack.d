/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The chain of tst.ustack_call_chain.d from a pid entry probe, where the
 * frame pointer is still the caller's: the caller comes from the top of
 * the stack, and the first frame is level3 at offset 0 (no "+0x").
 *
 * @@runtest-opts: -c 'uprobe-prog chain'
 * @@timeout: 60
 */
#pragma D option quiet

pid$target:a.out:level3:entry
{
	ustack();
}
