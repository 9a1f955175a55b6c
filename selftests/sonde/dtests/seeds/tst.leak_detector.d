/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The object-leak detector: sum(1) where an object is made, sum(-1) where
 * it goes.  python3.11 has no instance-new/instance-delete probes, so the
 * pair is gc-start/gc-done: 0 outstanding at the end, and the collections
 * gc.py asks for counted by generation (start-up's automatic ones are of
 * generation 0, gc.disable() keeps later ones out, exit's are of 2).
 *
 * @@runtest-opts: -c 'python3.11 gc.py'
 * @@timeout: 120
 */
#pragma D option quiet

python$target:::gc-start
{
	@live["gc"] = sum(1);
}

python$target:::gc-done
{
	@live["gc"] = sum(-1);
}

python$target:::gc-start
{
	@gen[arg0] = count();
}

END
{
	printa("live %s %@d\n", @live);
	printa("gen %d %@d\n", @gen);
}
