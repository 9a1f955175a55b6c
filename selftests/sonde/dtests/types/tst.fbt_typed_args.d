/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fbt::vfs_read:entry args[] from its BTF prototype: the struct file's
 * name and the count the program asked for.
 *
 * @@runtest-opts: -c 'types-prog read known-file 777'
 */
#pragma D option quiet

fbt::vfs_read:entry
/pid == $target/
{
	printf("%s %d\n", stringof(args[0]->f_path.dentry->d_name.name),
	    args[2]);
}
