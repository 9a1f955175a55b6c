/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -L: a probe clause in a library file is refused, naming its file.
 *
 * @@runtest-opts: -L badlib
 */
BEGIN
{
	trace(MY_LIMIT);
	exit(0);
}
