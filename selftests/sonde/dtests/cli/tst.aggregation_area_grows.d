/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An aggregation's second area is made small by the first snapshot (of
 * BEGIN's one key, at 1 s) and grown as records come: the 60000 keys of
 * the next interval outgrow it several times over, and every key is kept,
 * each counted once (no aggregation drops); keys seen in every interval
 * keep exact counts, so each snapshot emptied its table and nothing more.
 * later.sh waits 1.5 s, then runs loop-getppid.
 *
 * @@runtest-opts: -x aggrate=1s -c 'sh later.sh'
 * @@timeout: 300
 */
#pragma D option quiet

self int n;

BEGIN
{
	@u[-1] = count();
}

syscall::getppid:entry
/pid == $target && execname == "loop-getppid"/
{
	@u[self->n] = count();
	@r[self->n % 100] = count();
	self->n++;
}

END
{
	printa("u %d %@d\n", @u);
	printa("r %d %@d\n", @r);
}
