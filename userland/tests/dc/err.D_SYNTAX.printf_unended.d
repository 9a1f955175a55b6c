/* @msg: format conversion #1 name expected before end of format string */
BEGIN
{
	printf("%08", 1);
}
