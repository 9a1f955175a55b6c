/* @msg: \tprototype: int
 * @line: 5 */
BEGIN
{
	speculate("one");
}
