/* DTrace guide: speculative tracing of failing open(2) calls */
syscall::openat:entry
{
	self->spec = speculation();
	speculate(self->spec);
	printf("%s opens %s\n", execname, copyinstr(arg1));
}

syscall::openat:return
/self->spec && errno != 0/
{
	commit(self->spec);
	self->spec = 0;
}

syscall::openat:return
/self->spec/
{
	discard(self->spec);
	self->spec = 0;
}
