/*
 * DTrace's NULL string in variables (issue 31): what strchr() and
 * strstr() return when they find nothing, and NULL assigned to a string,
 * is kept by globals, clause-locals, thread-locals and array elements
 * (the NULL mark in their field), loads back as NULL, compares equal to
 * NULL and to another NULL and below every other string; "" is no NULL.
 */
string s;

BEGIN
{
	g = strchr("abcdefghij", 'Z');
	this->l = strstr("ABCDEFGHIJ", "a");
	self->t = g;
	a[1234] = this->l;
	s = NULL;
	e = "";
	trace(g == NULL);
	trace(this->l == NULL);
	trace(self->t == NULL);
	trace(a[1234] == NULL);
	trace(s == NULL);
	trace(NULL == s);
	trace(g == this->l);
	trace(e == NULL);
	trace(e != NULL);
	trace(g < e);
	trace(a[1] == NULL);
}

BEGIN
{
	s = "x";
	trace(s != NULL);
	trace(s);
	trace(g);
}
