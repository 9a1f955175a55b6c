/* if / else: only the taken branch's actions run; statements before and
 * after stay with the clause's predicate, evaluated once */
BEGIN
/pid > 0/
{
	trace("before");
	x = 5;
	if (x > 3) {
		trace("then");
		x++;
	} else {
		trace("else");
	}
	trace(x);
}

BEGIN
{
	if (x == 0)
		trace("not taken");
	else
		printf("%s %d\n", "else taken", x);
}

/* a false predicate: nothing of the clause runs, not even the else */
BEGIN
/pid == 0/
{
	if (1)
		trace("never");
	else
		trace("never either");
	trace("nor this");
}

/* else-if chain */
BEGIN
{
	y = 7;
	if (y < 5) {
		trace("small");
	} else if (y < 10) {
		trace("medium");
	} else {
		trace("large");
	}
}

/* nested, with statements after the inner if */
BEGIN
{
	if (y > 0) {
		if (y > 100)
			trace("huge");
		else
			trace("positive");
		trace("after inner");
	}
	trace("done");
}

/* the condition is evaluated once: its side effect happens once */
BEGIN
{
	if (z++ == 0) {
		z += 10;
	}
	trace(z);
}

/* empty branches make no clause */
BEGIN
{
	if (y) {
	} else {
		trace("no");
	}
}
