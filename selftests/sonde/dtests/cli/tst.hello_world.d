/* SPDX-License-Identifier: GPL-2.0 */
/*
 * BEGIN + printf + exit, in DTrace's default format: the column header,
 * the record prefixed "CPU ID FUNCTION:NAME" ("%3d %6d %32s "), the
 * record's own newline (not quiet), and the newline dtrace prints after
 * its main loop.
 */
BEGIN
{
	printf("hello, %s\n", "world");
	exit(0);
}
