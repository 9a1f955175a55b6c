/* @msg: format conversion #1 is undefined: %l */
/* a length modifier is not a conversion (dt_printf.c looks "l" up) */
BEGIN
{
	printf("%l", 1);
}
