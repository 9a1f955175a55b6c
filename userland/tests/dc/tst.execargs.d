/* execargs: Oracle's built-in, from the D library (procfs.d) */
syscall::execve:return { trace(execargs); @[execargs] = count(); }
