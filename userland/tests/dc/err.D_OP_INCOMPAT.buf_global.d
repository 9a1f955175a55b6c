/* a buffer only lives in a clause-local */
BEGIN { x = alloca(8); }	/* @line: 2 */
