/* DTrace guide: read(2) latency, by program */
syscall::read:entry
{
	self->ts = timestamp;
}

syscall::read:return
/self->ts/
{
	@lat[execname] = quantize(timestamp - self->ts);
	self->ts = 0;
}
