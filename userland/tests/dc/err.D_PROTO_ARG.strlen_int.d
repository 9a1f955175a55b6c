/*
 * DTrace's words: the prototype's parameter type, the argument's type.
 * @msg: strlen( ) argument #1 is incompatible with prototype:
 * @msg: \tprototype: const char *
 * @msg: \t argument: int
 */
BEGIN
{
	trace(strlen(1));	/* @line: 9 */
}
