/* SPDX-License-Identifier: GPL-2.0 */
/*
 * printa(): a width before the '@' ("%5@d") as dt_printf_create() reads it.
 */
#pragma D option quiet

BEGIN
{
	@a["x"] = count();
	@a["x"] = count();
	printa("%s[%5@d]", @a);
	printa("[%-4@d]\n", @a);
	exit(0);
}
