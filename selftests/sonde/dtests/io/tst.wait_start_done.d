/* SPDX-License-Identifier: GPL-2.0 */
/*
 * io:::wait-start and wait-done around the synchronous I/O of
 * submit_bio_wait(): five fsync()s of /dev/vda are five cache flushes,
 * each an empty write (B_WRITE, no bytes) to vda, completed without an
 * error (arg5 0); fileinfo_t says "<none>", as for any block I/O.
 *
 * @@runtest-opts: -c 'prov-prog fsync 5'
 */
#pragma D option quiet

io:::wait-start
/pid == $target/
{
	@start[args[1]->dev_statname, args[1]->dev_pathname,
	    args[0]->b_flags & B_WRITE ? "write" : "read",
	    args[0]->b_bcount, args[2]->fi_name] = count();
}

io:::wait-done
/pid == $target/
{
	@done[args[1]->dev_statname, arg5] = count();
}

END
{
	printa("wait-start %s %s %s %d bytes %s: %@d\n", @start);
	printa("wait-done %s error %d: %@d\n", @done);
}
