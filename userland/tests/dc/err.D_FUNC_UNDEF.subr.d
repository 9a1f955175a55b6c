syscall::open:entry { trace(cleanpath(arg0)); }
