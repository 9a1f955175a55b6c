/* tcp:::state-change has no packet: args[0], args[2] and args[4] are
 * plain integers (0); args[5] the previous state (tcplsinfo_t) */
tcp:::state-change
{
	trace(args[0]);
	trace(args[2] + args[4]);
	trace(args[5]->tcps_state);
	trace(args[3]->tcps_state == TCP_STATE_ESTABLISHED);
	trace(args[1]->cs_cid);
}
