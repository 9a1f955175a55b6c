/*
 * print() of a pointer to each of D's typedefs: one print action each.
 * print() keeps its type's id in the call node, where code generation
 * once looked for a subroutine's: the types numbered like raise() to
 * breakpoint() (id_t, dev_t, ...) became those destructive subroutines.
 */
BEGIN
{
	print((id_t *)0);
	print((dev_t *)0);
	print((uchar_t *)0);
	print((ushort_t *)0);
	print((uint_t *)0);
	print((ulong_t *)0);
	print((longlong_t *)0);
	print((u_longlong_t *)0);
	print((processorid_t *)0);
	print((psetid_t *)0);
	print((zoneid_t *)0);
	print((hrtime_t *)0);
	print((major_t *)0);
	print((minor_t *)0);
}
