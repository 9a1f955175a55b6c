/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Without -Z a description that matches nothing yet is an error, as
 * DTrace says it, even though the library that has the probe would be
 * loaded later: -Z (or zdefs) asks for it to be enabled when it is.
 *
 * @@runtest-opts: -c 'dlopen-prog 5'
 * @@timeout: 60
 */
dlo$target:::work
{
}
