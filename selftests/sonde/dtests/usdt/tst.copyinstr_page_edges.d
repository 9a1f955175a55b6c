/* SPDX-License-Identifier: GPL-2.0 */
/*
 * copyinstr() at the edge of an unmapped page (uprobe-prog edges): a
 * string whose NUL is the page's last byte reads whole at every
 * alignment ("k" and 0..17 letters: a word that would cross the edge is
 * read byte by byte); one with no NUL before the edge is an ERROR
 * (strsize bytes are read, as DTrace's copyinstr() does), the only one;
 * one longer than strsize (300 letters) is cut to strsize characters
 * (256: D's strsize counts characters, as Linux dtrace's).
 *
 * @@runtest-opts: -c 'uprobe-prog edges'
 * @@timeout: 60
 */
#pragma D option quiet

sonde_test$target:::str
{
	printf("%d %s|\n", strlen(copyinstr(arg0)), copyinstr(arg0));
}
