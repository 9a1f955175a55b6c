/*
 * @msg: htons( ) argument #1 is incompatible with prototype:
 * @msg: \tprototype: uint16_t
 * @msg: \t argument: string
 */
BEGIN
{
	trace(htons("x"));	/* @line: 8 */
}
