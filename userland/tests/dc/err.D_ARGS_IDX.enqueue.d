/* sched:::enqueue has three args[], as Oracle's (dequeue has four) */
sched:::enqueue { trace(args[3]); }
