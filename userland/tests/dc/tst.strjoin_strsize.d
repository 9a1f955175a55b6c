/*
 * At strsize (15 characters), strjoin() keeps its result whole; one that
 * does not fit is cut there, as Linux dtrace's (it was illumos' "out of
 * scratch space").  substr() stops at strsize.
 */
#pragma D option strsize=15

BEGIN
{
	trace(strjoin("abcdefgh", "1234567"));
	trace(substr("0123456789abcde", 2));
}

BEGIN
{
	trace(strjoin("abcdefgh", "12345678"));
}
