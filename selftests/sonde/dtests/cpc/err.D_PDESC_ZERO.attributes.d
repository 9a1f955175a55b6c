/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cpc's <event>-<mode>-<attributes>-<count> form: Oracle's provider does
 * not implement attributes, and neither does sonde: no such probe.
 */
cpc:::cpu_clock-all-nouser-100000
{
}
