/* @nolib: sched:::enqueue's args[2] is the D library's cpuinfo_t */
sched:::enqueue { trace(args[2]->cpu_id); }
