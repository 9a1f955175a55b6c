/* string subroutines, run on the userland VM */
BEGIN
{
	s = strjoin("/usr/", "lib/libc.so.6");
	printf("%d %s %s %s %s\n", strlen(s), basename(s), dirname(s),
	    toupper("abC"), tolower("XyZ"));
	printf("%s|%s|%s\n", substr(s, 5), substr(s, 5, 3), substr(s, -4));
	printf("%d %d %d %d\n", index(s, "l"), rindex(s, "l"), index(s, "l", 6),
	    index(s, "zz"));
	printf("%s|%s|%s\n", strchr(s, '.'), strrchr(s, '.'),
	    strstr(s, "lib"));
	printf("%s %s %d %d\n", lltostr(-42), lltostr(255, 16), strtoll("123"),
	    strtoll("ff", 16));
	printf("%s\n", execname == "dc_test" ? "yes" : "no");
}
