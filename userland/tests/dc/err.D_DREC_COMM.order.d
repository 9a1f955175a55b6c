/* @line: 3 */ BEGIN {
	commit(1);
	trace(1);
}
