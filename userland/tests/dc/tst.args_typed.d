/* args[]: each probe's argN with the type its provider gives it */
syscall::read:entry { trace(args[0]); trace(args[5]); }
syscall::read:return { trace(args[1]); }
fbt::vfs_read:entry, syscall::write:entry { trace(args[2]); }
fbt::vfs_read:return { trace(args[0]); trace(args[1]); }
proc:::exit { trace(args[0]); }
proc:::signal-send { trace(args[2]); }
proc:::signal-handle { trace(args[0]); trace(args[1]); }
tracepoint:sched::sched_switch { trace(args[3]); }
python$target:::function-entry { trace(args[9]); }
syscall:::entry { @[args[0] > 2 ? "big" : "small"] = count(); }
syscall::write:entry { printf("%d\n", *(int *)copyin(args[1], 4)); }
