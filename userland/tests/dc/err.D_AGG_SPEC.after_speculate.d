/* @msg: aggregating actions may not follow speculate( ) */
BEGIN
{
	speculate(speculation());
	@a = count();
}
