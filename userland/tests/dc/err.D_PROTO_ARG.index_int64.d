/* a variable's declared type is the argument's
 * @msg: index( ) argument #1 is incompatible with prototype:
 * @msg: \tprototype: const char *
 * @msg: \t argument: int64_t */
int64_t y;
BEGIN { trace(index(y, "a")); }
