/* associative arrays: global and thread-local, int and string keys,
 * missing elements read as 0 and "" */
BEGIN
{
	a[pid, execname] = 1;
	a[pid, execname] += 41;
	n["x"] = "ex";
	self->c[1] = 7;
	self->c[2] = self->c[1] * 3;
	printf("%d %d %s|%s| %d %d", a[pid, execname], a[0, "no"], n["x"],
	    n["y"], self->c[2], self->c[3]);
	a[pid, execname] = 0;
	trace(a[pid, execname]);
}
