syscall::getppid:entry /pid == $target/ { @calls[execname] = count(); }
