/* args must be indexed */
syscall::read:entry { trace(args); }
