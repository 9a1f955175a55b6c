/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D_PDESC_ZERO's position: the description's own line and column, here
 * a later line indented by two.
 */
BEGIN
{
}

  tick-1zz
{
}
