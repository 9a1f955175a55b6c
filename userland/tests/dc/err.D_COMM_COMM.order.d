/* @line: 3 */ BEGIN {
	commit(1);
	commit(2);
}
