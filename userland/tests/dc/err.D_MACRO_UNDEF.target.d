/* @notarget */
syscall::getppid:entry /pid == $target/ { trace(1); }
