/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A connect() to 127.0.0.1 port 7019, where nothing listens: the SYN
 * (tcp:::connect-request), received by no socket (tcp:::receive and
 * tcp:::accept-refused, where the reset answers it; with no socket, the
 * local end comes from the headers: the destination of this inbound
 * segment), then the client's connect-refused on the reset (RST|ACK).
 * Each probe once; printed at the end in that order (receive and
 * accept-refused are hooks on one function, whose order is the
 * kernel's).
 *
 * @@runtest-opts: -c 'net-prog refused'
 */
#pragma D option quiet

tcp:::connect-request
/args[3]->tcps_rport == 7019/
{
	@n["1 connect-request", args[3]->tcps_raddr, args[3]->tcps_rport,
	    args[4]->tcp_flags == TH_SYN] = count();
}

tcp:::receive
/args[4]->tcp_dport == 7019 && args[3]->tcps_addr == 0/
{
	@n["2 receive with no socket", args[3]->tcps_laddr,
	    args[3]->tcps_lport, args[4]->tcp_flags == TH_SYN] = count();
}

tcp:::accept-refused
/args[4]->tcp_dport == 7019/
{
	@n["3 accept-refused", args[3]->tcps_laddr, args[3]->tcps_lport,
	    args[4]->tcp_flags == TH_SYN] = count();
	@r["3 accept-refused", args[2]->ip_saddr,
	    args[3]->tcps_rport == args[4]->tcp_sport] = count();
}

tcp:::connect-refused
/args[3]->tcps_rport == 7019/
{
	@n["4 connect-refused", args[2]->ip_saddr, args[4]->tcp_sport,
	    args[4]->tcp_flags == (TH_RST | TH_ACK)] = count();
	@r["4 connect-refused", args[3]->tcps_raddr,
	    args[3]->tcps_state == TCP_STATE_SYN_SENT] = count();
}

END
{
	printa("%s: %s:%d, flags as expected %d: %@d\n", @n);
	printa("%s: %s, %d: %@d\n", @r);
}
