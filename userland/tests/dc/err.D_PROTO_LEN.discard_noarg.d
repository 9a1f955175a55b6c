/* @line: 4 */
BEGIN
{
	discard();
}
