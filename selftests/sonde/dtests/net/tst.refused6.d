/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A connect() to ::1 port 7019, where nothing listens: connect-request,
 * accept-refused and connect-refused as over IPv4, and of the segments
 * to and from port 7019 tcp:::send reports the SYN only: the reset
 * comes from the kernel's IPv6 control socket (a raw socket of protocol
 * TCP, which ip6_xmit() sends it with), not from a connection, as the
 * IPv4 one (ip_send_unicast_reply()) is not reported either.
 *
 * @@runtest-opts: -c 'net-prog refused6'
 */
#pragma D option quiet

tcp:::send
/args[4]->tcp_dport == 7019 || args[4]->tcp_sport == 7019/
{
	@n["1 send", args[2]->ip_daddr, args[4]->tcp_dport,
	    args[4]->tcp_flags == TH_SYN] = count();
}

tcp:::connect-request
/args[3]->tcps_rport == 7019/
{
	@n["2 connect-request", args[3]->tcps_raddr, args[3]->tcps_rport,
	    args[4]->tcp_flags == TH_SYN] = count();
}

tcp:::accept-refused
/args[4]->tcp_dport == 7019/
{
	@n["3 accept-refused", args[3]->tcps_laddr, args[3]->tcps_lport,
	    args[4]->tcp_flags == TH_SYN] = count();
}

tcp:::connect-refused
/args[3]->tcps_rport == 7019/
{
	@n["4 connect-refused", args[2]->ip_saddr, args[4]->tcp_sport,
	    args[4]->tcp_flags == (TH_RST | TH_ACK)] = count();
}

END
{
	printa("%s: %s port %d, flags as expected %d: %@d\n", @n);
}
