/* @msg: format conversion #2 cannot be combined with other format flags: %% */
BEGIN
{
	printf("%d %-%\n", 1);
}
