/* the index of args[] must be a constant */
syscall::read:entry { trace(args[arg0]); }
