/* SPDX-License-Identifier: GPL-2.0 */
/*
 * panic() needs the module's kernel_destructive parameter, off by
 * default, even with -w: refused, naming the parameter.
 *
 * @@runtest-opts: -w
 */
BEGIN
{
	panic();
}
