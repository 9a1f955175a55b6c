/* @line: 3 */
BEGIN {
	trace(1) trace(2);
}
