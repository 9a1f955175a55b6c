#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * killsnoop.d - trace signals sent with kill(2), tkill(2) and
 * tgkill(2): who sent which signal to whom, and whether it was
 * delivered (0) or refused (an errno: 1 EPERM, 3 ESRCH).
 *
 * USAGE: killsnoop.d [NAME]
 *   NAME   only senders whose name (execname) is NAME
 *
 * Traces until ^C, or until the -c command ends.  killsnoop.d(8).
 */

#pragma D option quiet
#pragma D option defaultargs
#pragma D option switchrate=10hz

BEGIN
{
	usage = $$1 == "help";
	start = timestamp;
	signame[0] = "0";	signame[1] = "HUP";	signame[2] = "INT";
	signame[3] = "QUIT";	signame[4] = "ILL";	signame[5] = "TRAP";
	signame[6] = "ABRT";	signame[7] = "BUS";	signame[8] = "FPE";
	signame[9] = "KILL";	signame[10] = "USR1";	signame[11] = "SEGV";
	signame[12] = "USR2";	signame[13] = "PIPE";	signame[14] = "ALRM";
	signame[15] = "TERM";	signame[16] = "STKFLT";	signame[17] = "CHLD";
	signame[18] = "CONT";	signame[19] = "STOP";	signame[20] = "TSTP";
	signame[21] = "TTIN";	signame[22] = "TTOU";	signame[23] = "URG";
	signame[24] = "XCPU";	signame[25] = "XFSZ";	signame[26] = "VTALRM";
	signame[27] = "PROF";	signame[28] = "WINCH";	signame[29] = "IO";
	signame[30] = "PWR";	signame[31] = "SYS";
}

BEGIN
/usage/
{
	printf("USAGE: killsnoop.d [NAME]\n");
	printf("  NAME   only senders whose name (execname) is NAME\n");
	exit(0);
}

BEGIN
/!usage/
{
	printf("%-9s %-7s %-16s %-7s %-7s %s\n", "TIME(ms)", "PID", "COMM",
	    "SIG", "TPID", "RESULT");
}

syscall::kill:entry,
syscall::tkill:entry
/!usage && ($$1 == "" || execname == $$1)/
{
	self->tpid = (int)arg0;
	self->sig = (int)arg1;
	self->in = 1;
}

syscall::tgkill:entry
/!usage && ($$1 == "" || execname == $$1)/
{
	self->tpid = (int)arg1;
	self->sig = (int)arg2;
	self->in = 1;
}

syscall::kill:return,
syscall::tkill:return,
syscall::tgkill:return
/self->in/
{
	this->name = signame[self->sig];
	printf("%-9d %-7d %-16s %-7s %-7d %d\n", (timestamp - start) / 1000000,
	    pid, execname, this->name != "" ? this->name : lltostr(self->sig),
	    self->tpid, (int)arg0 < 0 ? (int)-arg0 : 0);
	self->tpid = 0;
	self->sig = 0;
	self->in = 0;
}
