/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bcopy() from strings (a global's and a built-in's: their bytes where
 * the VM keeps them) into an alloca() buffer kept in a global, at &s[i];
 * (string)s is the string in the buffer.
 */
#pragma D option quiet

BEGIN
{
	a = "0123";
	s = (char *)alloca(8);
	bcopy(a, s, 2);
	bcopy(probename, &s[2], 5);
	printf("%s\n", (string)s);
	exit(0);
}
