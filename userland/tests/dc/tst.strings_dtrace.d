/*
 * String subroutines at their edges, as dtrace_dif_subr() computes them:
 * index()/rindex() positions, empty strings, substr() with negative and
 * out-of-range arguments, lltostr() prefixes, strtok(), s[i], sizeof.
 */
BEGIN
{
	s = "hello world";
	printf("%d %d %d %d %d %d %d %d %d\n", index(s, "o"), rindex(s, "o"),
	    index(s, "o", 5), index(s, "o", -3), index(s, "o", 11),
	    index(s, "", 11), index(s, "", 20), index(s, "", 3),
	    index(s, "world!"));
	printf("%d %d %d %d %d %d %d %d %d\n", rindex(s, "o", 6),
	    rindex(s, "o", -1), rindex(s, "", -1), rindex(s, "", 99),
	    rindex(s, ""), index("", ""), rindex("", ""), index("abc", "abcd"),
	    rindex(s, "l"));
}

BEGIN
{
	printf("%s|%s|%s|%s|%s|%s\n", strchr(s, 'o'), strrchr(s, 'o'),
	    strchr(s, '\0'), strstr(s, "wor"), strstr(s, ""), strstr("", ""));
}

BEGIN
{
	printf("%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s\n", substr(s, 6),
	    substr(s, 0, 5), substr(s, -5), substr(s, -5, 2),
	    substr(s, -20, 8), substr(s, -15, 8), substr(s, 3, -2),
	    substr(s, 3, -9), substr(s, 11), substr(s, 20, 3),
	    substr(s, 2, 0));
}

BEGIN
{
	printf("%s %s %s %s %s %s %s\n", lltostr(8, 8), lltostr(0, 8),
	    lltostr(0, 16), lltostr(255, 16), lltostr(-5), lltostr(5, 2),
	    lltostr(-1, 16));
}

BEGIN
{
	t = "  a,b;;c ";
	printf("%s %s %s\n", strtok(t, " ,;"), strtok(NULL, " ,;"),
	    strtok(NULL, " ,;"));
}

BEGIN
{
	self->str = "xyz";
	printf("%d %d %d %d %d %d %d %d\n", s[0], s[4], s[11], s[12], s[-1],
	    "abc"[1], self->str[2], execname[0]);
	printf("%d %d %d\n", sizeof("abc"), sizeof(s), sizeof(""));
}
