/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A site whose argument sonde cannot evaluate (a global variable in a
 * stripped program: no symbol to resolve) is left out, and said so:
 * nothing is dropped silently.  With its only site left out the probe
 * matches nothing, and the run fails.
 *
 * @@runtest-opts: -c 'uprobe-prog-stripped globals 1'
 * @@timeout: 60
 */
#pragma D option quiet

sonde_test$target:::globals
{
	@ = count();
}
