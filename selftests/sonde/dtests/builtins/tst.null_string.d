/* SPDX-License-Identifier: GPL-2.0 */
/*
 * DTrace's NULL string: printing what strstr() did not find is a load
 * from address 0 (an ERROR, the next clause runs); strtok() and index()
 * of what is not there.
 */
#pragma D option quiet

BEGIN
{
	trace(strstr("abc", "z"));
}

BEGIN
{
	printf("%s|%s|%d\n", strtok("a,b", ","), strtok(NULL, ","),
	    index("abc", "z"));
	exit(0);
}
