/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A pid offset probe inside an instruction (level3+2, in the mov
 * %rsp,%rbp after the one-byte push %rbp) is refused before anything is
 * patched.
 *
 * @@runtest-opts: -c 'uprobe-prog chain'
 * @@timeout: 60
 */
pid$target:a.out:level3:2
{
}
