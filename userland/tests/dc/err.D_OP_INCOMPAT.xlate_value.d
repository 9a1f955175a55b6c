/* io:::start args[0] is a translated bufinfo_t *: its members are read
 * one by one, the pointer is no value of its own */
io:::start { trace(args[0]); }	/* @line: 3 */
