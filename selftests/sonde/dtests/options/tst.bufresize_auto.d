/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bufresize=auto (the default): buffers that do not fit are lowered, and
 * dtrace(1) says so for a size the script set; the program runs.
 *
 * @@runtest-opts: -x bufsize=1g
 * @@timeout: 120
 */
#pragma D option quiet

BEGIN
{
	printf("up\n");
	exit(0);
}
