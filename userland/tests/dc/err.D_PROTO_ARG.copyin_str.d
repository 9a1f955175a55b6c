/* @msg: copyin( ) argument #1 is incompatible with prototype:
 * @msg: \tprototype: uintptr_t */
BEGIN { trace(copyin("x", 4)); }
