/* @line: 3 */ BEGIN {
	commit(1);
	speculate(1);
}
