syscall:::entry
/execname == "bash" || probefunc != "read"/
{
	trace("a\tb\\c\"d\x41\101\n");
	trace(execname == "sh" ? "shell" : "other");
	printf("%s\n", "hello");
	printf("%s\n", "hello");
}
