/* @line: 4 */
BEGIN
{
	speculate("one");
}
