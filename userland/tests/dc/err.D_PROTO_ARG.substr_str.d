/* an optional parameter: [int] in the prototype, int in the message
 * @msg: substr( ) argument #3 is incompatible with prototype:
 * @msg: \tprototype: int
 * @msg: \t argument: string */
BEGIN { trace(substr("abc", 1, "2")); }
