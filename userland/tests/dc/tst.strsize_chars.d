/*
 * strsize counts characters, as Linux dtrace's does (strsize=5 keeps
 * "abcde"; illumos' kept 4): literals, joins and built-ins are cut
 * there, and 2, Linux dtrace's least, is taken.
 */
#pragma D option strsize=5

BEGIN
{
	trace("abcdefgh");
	trace(strjoin("12", "345"));
	trace(probeprov);
}
