/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A string where an integer is wanted is D_PROTO_ARG, in DTrace's words,
 * with the prototype and the argument's type.
 */
BEGIN { trace(strchr("abc", "b")); }
