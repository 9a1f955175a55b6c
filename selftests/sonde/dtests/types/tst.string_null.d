/* SPDX-License-Identifier: GPL-2.0 */
/*
 * DTrace's NULL string (issue 31): strchr() and strstr() finding nothing
 * give NULL, which globals, clause-locals, thread-locals and array
 * elements keep; it compares equal to NULL and to another NULL, "" is
 * no NULL, and NULL assigned to a declared string is kept too.
 */
#pragma D option quiet

string s;

BEGIN
{
	g1 = strchr("abcdefghij", 'Z');
	g2 = strstr("ABCDEFGHIJ", "a");
	g3 = g1;
	this->l1 = strchr("abcdefghij", 'Z');
	self->t1 = strchr("abcdefghij", 'Z');
	a1[1234] = strchr("abcdefghij", 'Z');
	s = NULL;
	e = "";
}

BEGIN
/g1 != g2 || g1 != g3 || self->t1 != NULL || a1[1234] != NULL ||
 s != NULL/
{
	printf("FAIL A\n");
}

BEGIN
/e == NULL || strchr("abc", 'b') == NULL/
{
	printf("FAIL B\n");
}

BEGIN
{
	s = "x";
	printf("done %s %s %d\n", s, strchr("abc", 'b'), g1 < e);
	exit(0);
}
