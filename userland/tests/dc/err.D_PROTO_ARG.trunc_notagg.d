/* @line: 4 */
BEGIN
{
	trunc(pid);
}
