/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A mode other than user, kernel or all names no cpc probe.
 */
cpc:::cpu_clock-sometimes-100000
{
}
