/*
 * An aggregation indexed twice is not an array of arrays: DTrace's
 * D_AGG_MDIM, before the aggregating function on the right is looked at
 * (it was D_AGG_FUNC).
 * @msg: improper attempt to reference @_ as a multi-dimensional array
 */
BEGIN
{
	@[0][1] = count();
}
