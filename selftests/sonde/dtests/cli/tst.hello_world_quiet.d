/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The same quietly: just the printf output and dtrace's final newline.
 */
#pragma D option quiet

BEGIN
{
	printf("hello, %s\n", "world");
	exit(0);
}
