/* @msg: format conversion #1 has more than one '.' specified */
BEGIN
{
	printf("%5.2.1d\n", 1);
}
