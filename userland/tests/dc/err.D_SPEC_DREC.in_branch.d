/* the speculation rules apply to each clause the split makes */
BEGIN
{
	if (pid) {
		trace(1);
		/* @line: 7 */
		speculate(1);
	}
}
