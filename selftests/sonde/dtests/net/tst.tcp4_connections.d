/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tcp:::connect-request, connect-established, accept-established, send
 * and receive: 5 loopback connections to port 7014, each carrying 1000
 * bytes from the client to the server in one write().  Each connection
 * is one SYN (connect-request), one SYN-ACK the client receives
 * (connect-established) and one ACK that completes it on the server
 * (accept-established); the data is one segment (1000 bytes: less than
 * loopback's MSS) sent by the client and received by the server.  The
 * ports and addresses through the translators: the client's remote end
 * and the server's local end are 127.0.0.1:7014.
 *
 * @@runtest-opts: -c 'net-prog tcp4 5 1000'
 */
#pragma D option quiet

tcp:::connect-request
/args[3]->tcps_rport == 7014/
{
	@n["connect-request"] = count();
	@req[args[3]->tcps_raddr, args[3]->tcps_rport, args[4]->tcp_dport,
	    args[4]->tcp_flags == TH_SYN] = count();
}

tcp:::connect-established
/args[3]->tcps_rport == 7014/
{
	@n["connect-established"] = count();
	@est[args[2]->ip_saddr, args[4]->tcp_sport,
	    args[4]->tcp_flags == (TH_SYN | TH_ACK),
	    args[3]->tcps_state == TCP_STATE_SYN_SENT] = count();
}

tcp:::accept-established
/args[3]->tcps_lport == 7014/
{
	@n["accept-established"] = count();
	@acc[args[3]->tcps_laddr, args[3]->tcps_lport, args[3]->tcps_raddr,
	    args[3]->tcps_rport != 0 && args[3]->tcps_rport != 7014,
	    args[3]->tcps_local] = count();
}

tcp:::send
/args[3]->tcps_rport == 7014 && args[2]->ip_plength > args[4]->tcp_offset/
{
	@n["client data segments sent"] = count();
	@bytes["client bytes sent"] = sum(args[2]->ip_plength -
	    args[4]->tcp_offset);
	@sent[args[2]->ip_ver, args[2]->ip_saddr, args[2]->ip_daddr,
	    args[3]->tcps_state == TCP_STATE_ESTABLISHED] = count();
}

tcp:::receive
/args[3]->tcps_lport == 7014 && args[2]->ip_plength > args[4]->tcp_offset/
{
	@n["server data segments received"] = count();
	@bytes["server bytes received"] = sum(args[2]->ip_plength -
	    args[4]->tcp_offset);
}

END
{
	printa("%s: %@d\n", @n);
	printa("%s: %@d\n", @bytes);
	printa("request to %s:%d, dport %d, SYN %d: %@d\n", @req);
	printa("established by %s:%d, SYN|ACK %d, in SYN_SENT %d: %@d\n",
	    @est);
	printa("accepted on %s:%d from %s:ephemeral %d, local %d: %@d\n",
	    @acc);
	printa("sent: IPv%d %s -> %s, established %d: %@d\n", @sent);
}
