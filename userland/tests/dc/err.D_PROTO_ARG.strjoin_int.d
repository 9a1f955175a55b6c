/*
 * @msg: strjoin( ) argument #2 is incompatible with prototype:
 * @msg: \tprototype: const char *
 */
BEGIN
{
	trace(strjoin("a", 1));	/* @line: 7 */
}
