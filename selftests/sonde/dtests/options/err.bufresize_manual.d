/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bufresize=manual: buffers that do not fit are refused.
 *
 * @@runtest-opts: -x bufsize=1g -x bufresize=manual
 * @@timeout: 60
 */
#pragma D option quiet

BEGIN
{
	exit(0);
}
