/* destructive actions may not follow speculate(), the consumer's too */
BEGIN
{
	speculate(1);
	system("date");	/* @line: 5 */
}
