/* SPDX-License-Identifier: GPL-2.0 */
/*
 * proc:::exec-success and curpsinfo: the arguments the program was
 * started with (a shell's exec: -c's own exec happens before tracing, as
 * with dtrace), its name, pid and lwp.
 *
 * @@runtest-opts: -c 'sh exec.sh'
 */
#pragma D option quiet

proc:::exec-success
/pid == $target/
{
	printf("[%s] [%s] %d\n", curpsinfo->pr_psargs, curpsinfo->pr_fname,
	    curpsinfo->pr_pid == pid);
	printf("lwp %d %c\n", curlwpsinfo->pr_lwpid == tid,
	    curlwpsinfo->pr_sname);
}
