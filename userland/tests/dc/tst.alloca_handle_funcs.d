/*
 * An alloca() pointer kept in a global: &s[i] is s + i (copyinto()'s
 * destination), (string)s the string in the buffer, as Linux DTrace
 * casts one.  The test world's user memory at 0x2000 holds "hello...".
 */
BEGIN
{
	s = (char *)alloca(8);
	s[0] = 'x';
	s[1] = 'y';
	copyinto(0x2000, 3, &s[2]);
	trace((string)s);
	this->b = alloca(4);
	copyinto(0x2000, 2, this->b);
	trace((string)this->b);
}
