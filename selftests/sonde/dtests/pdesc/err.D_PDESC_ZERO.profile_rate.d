/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A probe description that matches nothing is D_PDESC_ZERO on every
 * provider, said where the compiler would: here profile-0zz.
 */
BEGIN { exit(0); } profile-0zz { }
