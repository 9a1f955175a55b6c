/* @msg: format conversion #1 has more than one '*' specified for the output precision */
BEGIN
{
	printf("%*.**d\n", 1, 2, 3, 4);
}
