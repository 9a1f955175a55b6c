/* args[] of the probes Oracle's DTrace for Linux has (issue 31): the
 * CPU's cpuinfo_t a kernel pointer (sched.d), the kernel's flags and
 * priorities as ints, exec's path a user string, the lock times as
 * uint64_t */
sched:::enqueue { trace(args[2]->cpu_id); trace(args[2]->cpu_lgrp); }
sched:::dequeue { trace(args[3]); }
sched:::change-pri { trace(args[2]); }
proc:::exec { trace(args[0]); }
proc:::exec-failure, proc:::signal-clear { trace(args[0]); }
proc:::signal-discard { trace(args[2]); }
lockstat:::rw-spin { trace(args[1]); trace(args[2]); trace(RW_READER); }
lockstat:::adaptive-acquire-error { trace(args[1]); }
io:::wait-done { trace(arg5); }
