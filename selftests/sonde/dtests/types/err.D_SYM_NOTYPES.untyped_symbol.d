/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A kernel symbol without a type (no extern declaration): D_SYM_NOTYPES.
 */
BEGIN
{
	trace(`jiffies);
	exit(0);
}
