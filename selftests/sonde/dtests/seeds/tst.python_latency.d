/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The latency-by-function script against calls.py: a depth counter
 * self->count that the first clause's predicate reads before its actions
 * assign it (0, as in DTrace, which cooks a clause's actions before its
 * predicate), each return timed against its own call's entry, the counts
 * printed by tick-5sec while the program runs and at the end.
 *
 * @@runtest-opts: -c 'python3.11 calls.py'
 * @@timeout: 180
 */
#pragma D option quiet

python$target:::function-entry
/self->count == 0/
{
	@outer[copyinstr(arg1)] = count();
	self->count = 0;
}

python$target:::function-entry
{
	ts[tid, self->count] = timestamp;
	self->count++;
}

python$target:::function-return
/self->count > 0/
{
	self->count--;
	@lat[copyinstr(arg1)] = quantize(timestamp - ts[tid, self->count]);
	@calls[copyinstr(arg1)] = count();
	@depth[copyinstr(arg1)] = max(self->count);
	ts[tid, self->count] = 0;
}

tick-5sec
{
	printf("tick\n");
	printa("tick %s %@d\n", @calls);
}

END
{
	printa("calls %s %@d\n", @calls);
	printa("depth %s %@d\n", @depth);
	printa("outer %s %@d\n", @outer);
}
