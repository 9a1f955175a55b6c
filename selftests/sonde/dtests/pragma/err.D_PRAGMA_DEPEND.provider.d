/* SPDX-License-Identifier: GPL-2.0 */
/*
 * #pragma D depends_on provider of a provider the kernel has not: DTrace's
 * D_PRAGMA_DEPEND, at the pragma's line, and nothing runs (issue 31).
 */
#pragma D depends_on provider nosuchprov

BEGIN
{
	printf("ran\n");
	exit(0);
}
