/* sched:::off-cpu args[1] is a psinfo_t * in DTrace */
sched:::off-cpu { trace(args[1]); }
