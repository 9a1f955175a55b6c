/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tst.copyinstr_page_edges.d with a small strsize: every string is cut
 * to 7 characters (strsize=7), the edge strings too, and the one with
 * no NUL before the page's end is still the one ERROR.
 *
 * @@runtest-opts: -x strsize=7 -c 'uprobe-prog edges'
 * @@timeout: 60
 */
#pragma D option quiet

sonde_test$target:::str
{
	printf("%s|\n", copyinstr(arg0));
}
