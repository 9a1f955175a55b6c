/* @line: 4 */
BEGIN
{
	x = commit(1);
}
