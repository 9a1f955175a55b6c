BEGIN
{
	if (pid) {
		trace(1);
		/* @line: 6 */
		trace(nosuch);
	}
}
