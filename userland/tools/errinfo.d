#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * errinfo.d - failed system calls: which processes get which errors
 * from which system calls, counted, with the errno's name.  A program
 * that retries a failing call in a loop, looks for files that are not
 * there or is refused permission shows up here at once.
 *
 * USAGE: errinfo.d [NAME]
 *   NAME   only processes whose name (execname) is NAME
 *
 * With -p PID or -c CMD, only that process.  Prints at ^C (or at the
 * end of the -c command), the most frequent last.  sonde's own calls
 * are left out.  errinfo.d(8).
 */

#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	usage = $$1 == "help";
	e[1] = "EPERM";		e[2] = "ENOENT";	e[3] = "ESRCH";
	e[4] = "EINTR";		e[5] = "EIO";		e[6] = "ENXIO";
	e[7] = "E2BIG";		e[8] = "ENOEXEC";	e[9] = "EBADF";
	e[10] = "ECHILD";	e[11] = "EAGAIN";	e[12] = "ENOMEM";
	e[13] = "EACCES";	e[14] = "EFAULT";	e[16] = "EBUSY";
	e[17] = "EEXIST";	e[18] = "EXDEV";	e[19] = "ENODEV";
	e[20] = "ENOTDIR";	e[21] = "EISDIR";	e[22] = "EINVAL";
	e[23] = "ENFILE";	e[24] = "EMFILE";	e[25] = "ENOTTY";
	e[26] = "ETXTBSY";	e[27] = "EFBIG";	e[28] = "ENOSPC";
	e[29] = "ESPIPE";	e[30] = "EROFS";	e[31] = "EMLINK";
	e[32] = "EPIPE";	e[34] = "ERANGE";	e[35] = "EDEADLK";
	e[36] = "ENAMETOOLONG";	e[38] = "ENOSYS";	e[39] = "ENOTEMPTY";
	e[40] = "ELOOP";	e[61] = "ENODATA";	e[62] = "ETIME";
	e[75] = "EOVERFLOW";	e[88] = "ENOTSOCK";	e[95] = "EOPNOTSUPP";
	e[97] = "EAFNOSUPPORT";	e[98] = "EADDRINUSE";	e[104] = "ECONNRESET";
	e[110] = "ETIMEDOUT";	e[111] = "ECONNREFUSED"; e[115] = "EINPROGRESS";
	e[512] = "ERESTARTSYS"; e[514] = "ERESTARTNOHAND";
	e[516] = "ERESTART_RESTARTBLOCK";
}

BEGIN
/usage/
{
	printf("USAGE: errinfo.d [NAME]\n");
	printf("  NAME   only processes whose name (execname) is NAME\n");
	exit(0);
}

BEGIN
/!usage/
{
	printf("Tracing failed system calls... Hit Ctrl-C to end.\n");
}

/* arg1: the return value; -4095..-1 is an error, -errno */
syscall:::return
/!usage && (int64_t)arg1 < 0 && (int64_t)arg1 >= -4095 && pid != $pid &&
    ($target == 0 || pid == $target) && ($$1 == "" || execname == $$1)/
{
	this->err = -(int64_t)arg1;
	this->name = e[this->err];
	@errs[execname, probefunc, this->err,
	    this->name != "" ? this->name : "?"] = count();
}

END
/!usage/
{
	printf("%-16s %-22s %5s %-14s %8s\n", "COMM", "SYSCALL", "ERR",
	    "NAME", "COUNT");
	printa("%-16s %-22s %5d %-14s %@8d\n", @errs);
}
