#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * filelife.d - short-lived files: for each file created and deleted
 * while tracing, who deleted it and how long it lived.  Temporary files
 * that a program writes and removes within a second (lock files, spool
 * files, caches) show up here; ls(1) never sees them.
 *
 * A file is born at security_inode_create() (every create, whatever the
 * file system: open(O_CREAT), creat(2), mknod of a regular file) and
 * dies at vfs_unlink(); both through fbt, with the kernel's types.
 *
 * USAGE: filelife.d [NAME]
 *   NAME   only files deleted by processes named NAME
 *
 * Traces until ^C, or until the -c command ends.  filelife.d(8).
 */

#pragma D option quiet
#pragma D option defaultargs
#pragma D option switchrate=10hz

BEGIN
{
	usage = $$1 == "help";
	start = timestamp;
}

BEGIN
/usage/
{
	printf("USAGE: filelife.d [NAME]\n");
	printf("  NAME   only files deleted by processes named NAME\n");
	exit(0);
}

BEGIN
/!usage/
{
	printf("%-9s %-7s %-16s %9s %s\n", "TIME(ms)", "PID", "COMM",
	    "AGE(ms)", "FILE");
}

/* args[1]: the new file's dentry, keyed by its address */
fbt::security_inode_create:entry
/!usage/
{
	born[(uint64_t)args[1]] = timestamp;
}

/* args[2]: the dentry being unlinked */
fbt::vfs_unlink:entry
/!usage && born[(uint64_t)args[2]] && ($$1 == "" || execname == $$1)/
{
	printf("%-9d %-7d %-16s %9d %s\n", (timestamp - start) / 1000000, pid,
	    execname, (timestamp - born[(uint64_t)args[2]]) / 1000000,
	    stringof(args[2]->d_name.name));
}

fbt::vfs_unlink:entry
/!usage/
{
	born[(uint64_t)args[2]] = 0;
}
