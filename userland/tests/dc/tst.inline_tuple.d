/* an inline with a tuple signature: each parameter bound to its
 * argument, converted to the parameter's type */
inline int64_t sq[int x] = (int64_t)x * x;
inline string pick[int i, string a, string b] = i ? a : b;
BEGIN
{
	trace(sq[3]);
	trace(sq[pid] + sq[1]);
	trace(pick[1, "one", "two"]);
	@[pick[0, execname, "x"]] = sum(sq[2]);
}
