/* zonename: Linux has no zones; unknown, as in Oracle's DTrace for Linux,
 * with what to use instead */
BEGIN { trace(zonename); }
/* @msg: failed to resolve zonename: Unknown variable name (Linux has no zones */
