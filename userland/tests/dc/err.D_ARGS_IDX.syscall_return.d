/* a syscall return probe has two arguments */
syscall::read:return { trace(args[2]); }
