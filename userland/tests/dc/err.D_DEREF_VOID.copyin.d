/* copyin() returns void *: cast it before dereferencing */
BEGIN { trace(*copyin(arg0, 4)); }
