/* two probes that give args[0] different types */
syscall::read:entry, proc:::exit { trace(args[0]); }
