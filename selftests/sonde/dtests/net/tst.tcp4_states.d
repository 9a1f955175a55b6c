/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tcp:::state-change: the states of one loopback connection to port
 * 7014 and of its listener, each socket's changes in order (previous ->
 * new, DTrace's TCP_STATE_* numbers, which are Linux's: 1 ESTABLISHED,
 * 2 SYN_SENT, 3 SYN_RECEIVED, 4 FIN_WAIT_1, 5 FIN_WAIT_2, 6 TIME_WAIT,
 * 7 CLOSED, 8 CLOSE_WAIT, 9 LAST_ACK, 10 LISTEN).  The client closes
 * first: FIN_WAIT_1, FIN_WAIT_2, then TIME_WAIT (the connection moves
 * to a timewait socket) and the socket itself CLOSED; the server goes
 * through CLOSE_WAIT and LAST_ACK.  The server's socket is born in
 * SYN_RECEIVED from the listener (LISTEN), with its ports already.
 * The lines are sorted by socket (the post-processor): the sockets'
 * changes interleave.
 *
 * @@runtest-opts: -c 'net-prog tcp4 1 100'
 */
#pragma D option quiet

int nc, nl, ns;

tcp:::state-change
/args[3]->tcps_rport == 7014/
{
	printf("client %d: %d -> %d\n", ++nc, args[5]->tcps_state,
	    args[3]->tcps_state);
}

tcp:::state-change
/args[3]->tcps_lport == 7014 && args[3]->tcps_rport == 0/
{
	printf("listener %d: %d -> %d %s\n", ++nl, args[5]->tcps_state,
	    args[3]->tcps_state, args[3]->tcps_laddr);
}

tcp:::state-change
/args[3]->tcps_lport == 7014 && args[3]->tcps_rport != 0/
{
	printf("server %d: %d -> %d %s %s\n", ++ns, args[5]->tcps_state,
	    args[3]->tcps_state, args[3]->tcps_laddr, args[3]->tcps_raddr);
}
