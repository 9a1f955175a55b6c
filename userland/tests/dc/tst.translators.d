/* the D library's translators: args[] of proc, sched and io, and
 * curpsinfo / curlwpsinfo */
proc:::create
{
	printf("%d %d %s\n", args[0]->pr_pid, args[0]->pr_ppid,
	    args[0]->pr_fname);
}

proc:::exec-success
{
	trace(curpsinfo->pr_psargs);
	trace(curpsinfo->pr_uid);
	trace(curlwpsinfo->pr_lwpid);
	trace(curlwpsinfo->pr_sname);
}

sched:::off-cpu
{
	@[args[1]->pr_fname, args[0]->pr_lwpid] = count();
}

io:::start
{
	@io[args[1]->dev_statname, args[0]->b_flags & B_READ ? "R" : "W"] =
	    sum(args[0]->b_bcount);
	trace(args[2]->fi_name);
	trace((*args[0]).b_blkno);
}
