/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A tracepoint's args[] typed from the kernel's BTF (btf_trace_EVENT, the
 * type TP_PROTO gives its probes): sched_process_exec's task, old pid and
 * linux_binprm, read by member, of a shell that execs loop-getppid
 * (issue 31).
 *
 * @@runtest-opts: -c 'sh exec-loop.sh'
 */
#pragma D option quiet

tracepoint:sched::sched_process_exec
/pid == $target/
{
	printf("%s task is curthread %d, old pid is pid %d, comm %s\n",
	    basename(stringof(args[2]->filename)), args[0] == curthread,
	    args[1] == pid, stringof(args[0]->comm));
}
