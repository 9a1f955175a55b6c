/* SPDX-License-Identifier: GPL-2.0 */
/*
 * curthread's task_struct: tgid, the parent's tgid, comm and the
 * credentials, as the process itself reports them (getpid, getppid,
 * PR_GET_NAME; root).  types-prog prints its line, then calls getppid
 * twice (libc's and the raw one): sonde prints the same line twice.
 *
 * @@runtest-opts: -c 'types-prog ids'
 */
#pragma D option quiet

syscall::getppid:entry
/pid == $target/
{
	printf("%d %d %s\n", curthread->tgid, curthread->real_parent->tgid,
	    curthread->comm);
	printf("uid %d\n", curthread->cred->uid.val);
}
