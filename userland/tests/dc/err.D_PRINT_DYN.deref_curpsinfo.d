/*
 * A translated object lives nowhere: print() of one is refused, as
 * dt_action_trace() refuses it.
 * @msg: print( ) may not be applied to a translated pointer
 */
BEGIN
{
	print(*curpsinfo);	/* @line: 8 */
}
