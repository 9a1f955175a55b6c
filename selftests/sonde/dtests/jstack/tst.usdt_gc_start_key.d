/* SPDX-License-Identifier: GPL-2.0 */
/*
 * USDT: python's own gc-start probe, from collector()'s 50
 * gc.collect() calls, an aggregation key: 50 in stacks with collector,
 * outer, main.
 *
 * @@runtest-opts: -O json -c 'python3.11 jstack_prog.py gc 50'
 * @@timeout: 120
 */
python$target:::gc-start
{
	@[jstack(20)] = count();
}
