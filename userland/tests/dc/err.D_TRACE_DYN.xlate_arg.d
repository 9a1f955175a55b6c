/* io:::start args[0] is a translated bufinfo_t *: its members are read
 * one by one, the pointer is no value of its own (dt_action_trace()'s
 * D_TRACE_DYN)
 * @msg: trace( ) may not be applied to a translated pointer */
io:::start { trace(args[0]); }	/* @line: 5 */
