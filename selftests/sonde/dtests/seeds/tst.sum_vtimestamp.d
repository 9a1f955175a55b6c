/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The sum(vtimestamp) one-liner: on-CPU time per system call.  A 300 ms
 * sleep is 300 ms of timestamp but little on-CPU time (vtimestamp stops
 * while the thread is off the CPU).
 *
 * @@runtest-opts: -c 'sleep 0.3'
 */
#pragma D option quiet

syscall:::entry
/pid == $target/
{
	self->vts = vtimestamp;
	self->ts = timestamp;
}

syscall:::return
/self->vts/
{
	@cpu[probefunc] = sum(vtimestamp - self->vts);
	@wall[probefunc] = sum(timestamp - self->ts);
	self->vts = 0;
	self->ts = 0;
}

END
{
	printa("cpu %s %@d\n", @cpu);
	printa("wall %s %@d\n", @wall);
}
