/* trace() needs the size of the copy at compile time */
BEGIN { trace(copyin(arg0, arg1)); }
