/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A type scoped by a module that is not loaded: an error naming it.
 */
BEGIN
{
	trace(sizeof (struct no_such_mod`file));
}
