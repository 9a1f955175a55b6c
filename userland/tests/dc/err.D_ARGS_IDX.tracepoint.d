/* past a tracepoint's arguments */
tracepoint:sched::sched_process_exec { trace(args[3]); }
/* @msg: index 3 is out of range for tracepoint sched_process_exec's args[ ]: it has 3 arguments */
