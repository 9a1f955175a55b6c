/* @line: 3 */ BEGIN {
	speculate(1);
	speculate(1);
}
