/* the actions fail on a name the predicate does not create either: the
 * predicate's error is reported, as DTrace's second try does */
BEGIN
/nosuch > 1/	/* @line: 4 */
{
	trace(other);
}
