/* a buffer is never a number */
BEGIN { trace((uintptr_t)copyin(arg0, 4)); }
