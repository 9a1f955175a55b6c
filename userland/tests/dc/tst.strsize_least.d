/*
 * strsize=2, the least Linux dtrace takes (sizeof (DT_NULL_STRING)),
 * keeps two characters.
 */
#pragma D option strsize=2

BEGIN
{
	trace("abc");
}
