/* SPDX-License-Identifier: GPL-2.0 */
/*
 * quietresize: buffers lowered without a word.
 *
 * @@runtest-opts: -x bufsize=1g -x quietresize
 * @@timeout: 60
 */
#pragma D option quiet

BEGIN
{
	exit(0);
}
