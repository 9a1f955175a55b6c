#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * signals.d - count the signals sent on the system, by sender, target
 * and signal, whatever sent them: kill(2) and its kin, the kernel (a
 * SIGCHLD to a parent, a SIGSEGV for a bad access, a SIGPIPE), timers.
 *
 * USAGE: signals.d [INTERVAL [COUNT]]
 *   INTERVAL   print and reset the counts every INTERVAL seconds
 *   COUNT      stop after COUNT intervals
 *
 * Without INTERVAL, prints the counts at ^C (or at the end of the -c
 * command).  signals.d(8).
 */

#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	interval = strtoll($$1);
	limit = strtoll($$2);
	usage = $$1 == "help" || ($$1 != "" && interval <= 0) ||
	    ($$2 != "" && limit <= 0);
	signame[1] = "SIGHUP";	signame[2] = "SIGINT";	signame[3] = "SIGQUIT";
	signame[4] = "SIGILL";	signame[5] = "SIGTRAP";	signame[6] = "SIGABRT";
	signame[7] = "SIGBUS";	signame[8] = "SIGFPE";	signame[9] = "SIGKILL";
	signame[10] = "SIGUSR1"; signame[11] = "SIGSEGV"; signame[12] = "SIGUSR2";
	signame[13] = "SIGPIPE"; signame[14] = "SIGALRM"; signame[15] = "SIGTERM";
	signame[16] = "SIGSTKFLT"; signame[17] = "SIGCHLD"; signame[18] = "SIGCONT";
	signame[19] = "SIGSTOP"; signame[20] = "SIGTSTP"; signame[21] = "SIGTTIN";
	signame[22] = "SIGTTOU"; signame[23] = "SIGURG"; signame[24] = "SIGXCPU";
	signame[25] = "SIGXFSZ"; signame[26] = "SIGVTALRM"; signame[27] = "SIGPROF";
	signame[28] = "SIGWINCH"; signame[29] = "SIGIO"; signame[30] = "SIGPWR";
	signame[31] = "SIGSYS";
}

BEGIN
/usage/
{
	printf("USAGE: signals.d [INTERVAL [COUNT]]\n");
	printf("  INTERVAL   print and reset the counts every INTERVAL seconds\n");
	printf("  COUNT      stop after COUNT intervals\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/!usage/
{
	printf("Tracing signals... Hit Ctrl-C to end.\n");
}

proc:::signal-send
/!usage/
{
	this->sig = signame[args[2]];
	@sigs[execname, pid, args[1]->pr_fname, args[1]->pr_pid,
	    this->sig != "" ? this->sig : lltostr(args[2])] = count();
}

tick-1s
/!usage && interval && ++ticks == interval/
{
	printf("\n%Y\n", walltimestamp);
	printf("%-16s %-7s %-16s %-7s %-10s %s\n", "FROM", "PID", "TO",
	    "TPID", "SIGNAL", "COUNT");
	printa("%-16s %-7d %-16s %-7d %-10s %@d\n", @sigs);
	trunc(@sigs);
	ticks = 0;
	intervals++;
}

tick-1s
/!usage && limit && intervals == limit/
{
	exit(0);
}

END
/!usage && !interval/
{
	printf("%-16s %-7s %-16s %-7s %-10s %s\n", "FROM", "PID", "TO",
	    "TPID", "SIGNAL", "COUNT");
	printa("%-16s %-7d %-16s %-7d %-10s %@d\n", @sigs);
}
