/* sched:::off-cpu args[1] is a translated psinfo_t * */
sched:::off-cpu { x = args[1]; }
