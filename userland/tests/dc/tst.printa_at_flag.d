/* printa: '@' among the flags, any order; %k for a stack key */
profile-97
{
	@s[stack()] = count();
	@n[execname] = sum(arg0);
}

tick-1s
{
	printa("%k %@d\n", @s);
	printa("%-16s %@-8u|\n", @n);
	printa("%-16s %-@8x|\n", @n);
	exit(0);
}
