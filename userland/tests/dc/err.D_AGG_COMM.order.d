/* @line: 3 */ BEGIN {
	commit(1);
	@a = count();
}
