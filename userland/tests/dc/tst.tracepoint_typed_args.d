/* a tracepoint's args[] typed from its BTF probe type (btf_trace_EVENT:
 * the probe's data, then the tracepoint's arguments) */
tracepoint:sched::sched_process_exec
{
	printf("%d %d %s\n", args[0]->pid, args[1],
	    stringof(args[2]->filename));
}
