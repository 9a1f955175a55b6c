syscall::read:entry { @bytes[execname] = sum(arg2); }
syscall::write:entry { @bytes[probefunc] = sum(arg2); }
