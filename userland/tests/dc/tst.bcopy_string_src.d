/*
 * A string is bcopy()'s void * source (the bytes where the VM keeps it,
 * read as kernel memory), as DTrace's tests pass one.
 */
BEGIN
{
	a = "0123";
	s = (char *)alloca(8);
	bcopy(a, s, 3);
	bcopy(probename, &s[3], 5);
	trace((string)s);
}
