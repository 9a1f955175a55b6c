/* @line: 3 */ BEGIN {
	speculate(1);
	exit(0);
}
