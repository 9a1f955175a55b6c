/* a syscall entry has six arguments */
syscall::read:entry
{
	/* @line: 5 */
	trace(args[6]);
}
