/* @line: 5 */
BEGIN
{
	@a = count();
	normalize(@a);
}
