/* @line: 3 */ BEGIN {
	printf("x");
	commit(1);
}
