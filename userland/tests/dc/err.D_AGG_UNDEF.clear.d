/* @line: 4 */
BEGIN
{
	clear(@nosuch);
}
