/* SPDX-License-Identifier: GPL-2.0 */
/*
 * system() runs the command after what was printed before it.
 *
 * @@runtest-opts: -w
 */
#pragma D option quiet

BEGIN
{
	printf("first\n");
	system("echo hello %d %s", 42, "there");
	exit(0);
}
