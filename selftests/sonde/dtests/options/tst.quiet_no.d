/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -x quiet=no undoes -q (the last word wins, as in DTrace): the default
 * output's heading and record prefix.
 *
 * @@runtest-opts: -q -x quiet=no
 */
BEGIN
{
	exit(0);
}
