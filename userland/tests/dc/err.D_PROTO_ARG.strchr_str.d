/* @msg: strchr( ) argument #2 is incompatible with prototype:
 * @msg: \tprototype: char
 * @msg: \t argument: string */
BEGIN { trace(strchr("abc", "b")); }
