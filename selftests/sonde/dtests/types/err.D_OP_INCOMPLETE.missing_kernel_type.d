/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A type the kernel's BTF does not have: D_OP_INCOMPLETE naming it.
 */
BEGIN
{
	trace(((struct no_such_kernel_type *)0)->x);
}
