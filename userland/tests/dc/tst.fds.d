/* fds[]: the D library's inline with a tuple signature, the fileinfo_t of
 * the current process's descriptor, as a key and in printf() */
syscall::write:entry
{
	@[fds[arg0].fi_pathname] = count();
	printf("%s %s %s %s %d %d %s\n", fds[arg0].fi_name,
	    fds[arg0].fi_dirname, fds[arg0].fi_pathname, fds[arg0].fi_fs,
	    fds[arg0].fi_oflags, fds[arg0].fi_offset, fds[arg0].fi_mount);
}
