/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -l with the pid provider lists malloc's entry and return probes in
 * the process -c started, without enabling them.
 *
 * @@runtest-opts: -l -c 'uprobe-prog args 1'
 * @@timeout: 60
 */
pid$target:libc.so.6:malloc:
{
}
