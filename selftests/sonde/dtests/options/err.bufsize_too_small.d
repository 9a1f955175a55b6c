/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A bufsize below the kernel's least that does not hold the program's
 * record is refused as dtrace refuses it (EDT_BUFTOOSMALL), with the
 * sizes said (issue 31).
 *
 * @@runtest-opts: -x bufsize=20
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", 1, 2);
	exit(0);
}
