BEGIN
{
	trace(counts[pid]);	/* @line: 3 */
}
