/* @line: 3 */ BEGIN {
	trace(1);
	speculate(1);
}
