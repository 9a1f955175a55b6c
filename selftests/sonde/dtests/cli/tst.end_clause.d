/* SPDX-License-Identifier: GPL-2.0 */
/*
 * END runs after exit(), and a printf of a constant string still prints.
 */
#pragma D option quiet

BEGIN
{
	printf("begin\n");
	exit(0);
}

END
{
	printf("end\n");
}
