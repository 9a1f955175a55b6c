/* @line: 3 */ BEGIN {
	speculate(1);
	@a = count();
}
