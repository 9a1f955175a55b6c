/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -O json: every line one JSON object, a record and an aggregation.
 *
 * @@runtest-opts: -O json
 */
BEGIN
{
	printf("hi\n");
	@a["x"] = count();
	exit(0);
}
