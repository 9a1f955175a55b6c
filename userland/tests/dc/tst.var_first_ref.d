/*
 * Variables come into being by their first assignment, and a clause's
 * actions are checked before its predicate (DTrace's dt_cook_clause()):
 * a predicate may read what its own actions assign, and reads 0 (or "")
 * until they have.  ++ makes a new variable an int64_t.
 */
BEGIN
/self->count == 0/
{
	self->count++;
	trace(self->count);
}

BEGIN
/self->count == 1 && this->seen == 0 && self->name == ""/
{
	this->seen = 1;
	self->name = probename;
	trace(this->seen);
	trace(self->name);
}

/* the actions name x, which only the predicate creates: the predicate
 * is checked first */
BEGIN
/x++ == 0/
{
	trace(x);
}

/* a global read in the predicate, created by the actions' ++ */
BEGIN
/i % 2 == 0/
{
	i++;
	trace(i);
}

BEGIN
/a[1, "one"] == 0/
{
	a[1, "one"] = 11;
	trace(a[1, "one"]);
}
