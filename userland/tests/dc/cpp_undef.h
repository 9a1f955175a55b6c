/* included by err.D_IDENT_UNDEF.cpp_include.d */
#define	TRACE_IT(x)	trace(x)

syscall::read:entry
{
	self->n++;
	trace(nosuchvar);
}
