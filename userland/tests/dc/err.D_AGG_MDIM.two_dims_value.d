/*
 * A named aggregation indexed twice and assigned a value (it was "not
 * supported yet").
 * @msg: improper attempt to reference @a as a multi-dimensional array
 */
BEGIN
{
	@a[1] = count();
	@a[1][2] = 3;
}
