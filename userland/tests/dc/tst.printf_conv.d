BEGIN
{
	printf("%d %i %u %x %X %o %c %p\n", 1, -2, 3u, 255, 255, 8, 'A', 0);
	printf("%-10s|%5d|%05.2x|%+d|% d|%#x\n", "left", 42, 7, 1, 2, 3);
	printf("%*d %-*.*s\n", 8, 1, 10, 3, "string");
	printf("%lld %ld %hd %hhd %zu %jd %td\n", 1, 2, 3, 4, 5, 6, 7);
	printf("100%% done %s\n", execname);
	printf("no conversions at all\n");
	printf("%s %s\n", $$2, $$0);
	exit(0);
}
