/*
 * E1[E2] of an expression is *(E1 + E2), checked as any other element
 * store: a kernel pointer's element is not writable (this was "indexing
 * an expression with [] is not supported yet").
 * @msg: operator = can only be applied to a writable variable
 */
BEGIN
{
	((int *)arg0)[1] = 3;
}
