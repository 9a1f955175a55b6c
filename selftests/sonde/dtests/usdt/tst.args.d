/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SDT argument specs of every size and sign, a string, an exact count:
 * uprobe-prog fires sonde_test:args 25 times with (char)-5,
 * (unsigned char)200, (short)-300, (int)i, (long)1234567890123, "hello".
 * Arguments are read at their first use in a firing: clauses on the same
 * probe read them in different orders, some twice, some not at all.
 *
 * @@runtest-opts: -c 'uprobe-prog args 25'
 * @@timeout: 60
 */
#pragma D option quiet

sonde_test$target:::args
/arg3 == 1/
{
	printf("first %d\n", arg4);
}

sonde_test$target:::args
/arg3 == 0/
{
	printf("args %d %d %d %d %s\n", arg0, arg1, arg2, arg4,
	    copyinstr(arg5));
}

sonde_test$target:::args
{
	@n = count();
}

sonde_test$target:::args
/arg3 == 2/
{
	printf("again %d %d %d %d\n", arg2, arg2, arg0, arg3);
}

END
{
	printa("count %@d\n", @n);
}
