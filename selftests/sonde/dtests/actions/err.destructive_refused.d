/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Without -w: dtrace's "could not enable tracing: Destructive actions not
 * allowed", then a line naming -w, and nothing runs.
 */
BEGIN
{
	system("echo ran");
	exit(0);
}
