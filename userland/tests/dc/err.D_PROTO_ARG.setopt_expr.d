/* @line: 4 */
BEGIN
{
	setopt(execname);
}
