/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A probe description that matches nothing is D_PDESC_ZERO on every
 * provider, said where the compiler would: here nosuchprov:::.
 */
BEGIN { exit(0); } nosuchprov::: { }
