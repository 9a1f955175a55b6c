/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An option that is accepted and ignored still has its value checked:
 * -x stdc=z is refused.
 *
 * @@runtest-opts: -x stdc=z
 */
#pragma D option quiet

BEGIN
{
	exit(0);
}
