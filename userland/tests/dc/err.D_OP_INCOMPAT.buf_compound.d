/* a buffer is no number: x += alloca(8) */
/* @msg: operator +=: the value is a copyin() or alloca() buffer, not a number */
BEGIN { x = 1; x += alloca(8); }
