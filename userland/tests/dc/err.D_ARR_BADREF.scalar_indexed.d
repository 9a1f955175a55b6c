/*
 * A scalar variable indexed: DTrace's words (the message printed a stray
 * key count, "scalar variable1").
 * @msg: cannot access scalar x as an associative array
 */
BEGIN
{
	x = 1;
	trace(x[0]);
}
