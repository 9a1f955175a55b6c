/* '@' is a flag (dt_printf.c): %@ needs a conversion after it */
BEGIN
{
	@a = count();
	printa("%@\n", @a);
}
