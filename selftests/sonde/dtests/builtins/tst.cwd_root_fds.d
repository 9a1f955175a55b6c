/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cwd, root and d_path() of the working directory (kmod/env.c's walk,
 * across the /proc mount too), and fds[] (the D library's inline with a
 * tuple signature: fileinfo_t of a struct file) of a file the process
 * writes, of one not open and of a bad descriptor (issue 31).  The
 * kernel keeps no O_CREAT or O_TRUNC in f_flags: ">>" is
 * O_WRONLY|O_APPEND, ">" O_WRONLY.
 *
 * @@runtest-opts: -c 'sh cwd-writer.sh'
 */
#pragma D option quiet

syscall::write:entry
/pid == $target/
{
	printf("cwd %s root %s pwd %s\n", cwd, root,
	    d_path(&curthread->fs->pwd));
	printf("fd %d: %s [%s] [%s] %s oflags %x offset %d\n", arg0,
	    fds[arg0].fi_pathname, fds[arg0].fi_name, fds[arg0].fi_dirname,
	    fds[arg0].fi_mount, fds[arg0].fi_oflags & 0xfff,
	    fds[arg0].fi_offset);
	printf("fd 99: %s %s %d\n", fds[99].fi_pathname, fds[99].fi_fs,
	    fds[99].fi_oflags);
	printf("fd -1: %s\n", fds[-1].fi_name);
}
