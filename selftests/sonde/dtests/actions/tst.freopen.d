/* SPDX-License-Identifier: GPL-2.0 */
/*
 * freopen(file) sends the output there, freopen("") brings it back; its
 * file name is a printf() format.  $$1 is "$T/f.%s": the post-processor
 * shows the file after the output.
 *
 * @@runtest-opts: -w "$T/f.%s"
 */
#pragma D option quiet

BEGIN
{
	printf("before\n");
	freopen($$1, "out");
	printf("to file\n");
	freopen("");
	printf("back\n");
	exit(0);
}
