/* tracemem()'s dynamic size is an integer */
BEGIN { tracemem(copyin(0, 8), 8, "a"); }
/* @msg: tracemem() argument #3 must be an integral expression, not string */
