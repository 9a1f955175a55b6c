/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A probe description that matches nothing is D_PDESC_ZERO on every
 * provider, said where the compiler would: here fbt::sonde_no_such_function:entry.
 */
BEGIN { exit(0); } fbt::sonde_no_such_function:entry { }
