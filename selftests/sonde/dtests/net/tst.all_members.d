/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every probe of ip, tcp and udp enabled, every member of every
 * translated argument read, while net-prog makes TCP connections over
 * IPv4 and IPv6, UDP datagrams and a refused connect(): no translator
 * faults (no ERROR; a SYN-ACK's listener, a reset with no socket, a
 * state change with no packet included), and every probe fires.
 *
 * @@runtest-opts: -c 'net-prog mix'
 */
#pragma D option quiet

ip:::send, ip:::receive
{
	@n[probeprov, probename] = count();
	this->v = (uint64_t)args[0]->pkt_addr;
	this->v = (uint64_t)args[1]->cs_addr;
	this->v = (uint64_t)args[1]->cs_cid;
	this->v = (uint64_t)args[2]->ip_ver;
	this->v = (uint64_t)args[2]->ip_plength;
	this->s = args[2]->ip_saddr;
	this->s = args[2]->ip_daddr;
	this->s = args[3]->if_name;
	this->v = (uint64_t)args[3]->if_local;
	this->v = (uint64_t)args[3]->if_ipstack;
	this->v = (uint64_t)args[3]->if_addr;
	this->v = (uint64_t)args[4]->ipv4_ver;
	this->v = (uint64_t)args[4]->ipv4_ihl;
	this->v = (uint64_t)args[4]->ipv4_tos;
	this->v = (uint64_t)args[4]->ipv4_length;
	this->v = (uint64_t)args[4]->ipv4_ident;
	this->v = (uint64_t)args[4]->ipv4_flags;
	this->v = (uint64_t)args[4]->ipv4_offset;
	this->v = (uint64_t)args[4]->ipv4_ttl;
	this->v = (uint64_t)args[4]->ipv4_protocol;
	this->s = args[4]->ipv4_protostr;
	this->v = (uint64_t)args[4]->ipv4_checksum;
	this->v = (uint64_t)args[4]->ipv4_src;
	this->v = (uint64_t)args[4]->ipv4_dst;
	this->s = args[4]->ipv4_saddr;
	this->s = args[4]->ipv4_daddr;
	this->v = (uint64_t)args[4]->ipv4_hdr;
	this->v = (uint64_t)args[5]->ipv6_ver;
	this->v = (uint64_t)args[5]->ipv6_tclass;
	this->v = (uint64_t)args[5]->ipv6_flow;
	this->v = (uint64_t)args[5]->ipv6_plen;
	this->v = (uint64_t)args[5]->ipv6_nexthdr;
	this->s = args[5]->ipv6_nextstr;
	this->v = (uint64_t)args[5]->ipv6_hlim;
	this->v = (uint64_t)args[5]->ipv6_src;
	this->v = (uint64_t)args[5]->ipv6_dst;
	this->s = args[5]->ipv6_saddr;
	this->s = args[5]->ipv6_daddr;
	this->v = (uint64_t)args[5]->ipv6_hdr;
}

tcp:::send, tcp:::receive, tcp:::accept-established, tcp:::accept-refused,
tcp:::connect-request, tcp:::connect-established, tcp:::connect-refused
{
	@n[probeprov, probename] = count();
	this->v = (uint64_t)args[0]->pkt_addr;
	this->v = (uint64_t)args[1]->cs_addr;
	this->v = (uint64_t)args[1]->cs_cid;
	this->v = (uint64_t)args[2]->ip_ver;
	this->v = (uint64_t)args[2]->ip_plength;
	this->s = args[2]->ip_saddr;
	this->s = args[2]->ip_daddr;
	this->v = (uint64_t)args[3]->tcps_addr;
	this->v = (uint64_t)args[3]->tcps_local;
	this->v = (uint64_t)args[3]->tcps_lport;
	this->v = (uint64_t)args[3]->tcps_rport;
	this->s = args[3]->tcps_laddr;
	this->s = args[3]->tcps_raddr;
	this->v = (uint64_t)args[3]->tcps_state;
	this->v = (uint64_t)args[3]->tcps_iss;
	this->v = (uint64_t)args[3]->tcps_suna;
	this->v = (uint64_t)args[3]->tcps_snxt;
	this->v = (uint64_t)args[3]->tcps_rnxt;
	this->v = (uint64_t)args[3]->tcps_swnd;
	this->v = (uint64_t)args[3]->tcps_snd_ws;
	this->v = (uint64_t)args[3]->tcps_rwnd;
	this->v = (uint64_t)args[3]->tcps_rcv_ws;
	this->v = (uint64_t)args[3]->tcps_cwnd;
	this->v = (uint64_t)args[3]->tcps_cwnd_ssthresh;
	this->v = (uint64_t)args[3]->tcps_sack_snxt;
	this->v = (uint64_t)args[3]->tcps_rto;
	this->v = (uint64_t)args[3]->tcps_mss;
	this->v = (uint64_t)args[3]->tcps_retransmit;
	this->v = (uint64_t)args[3]->tcps_rtt;
	this->v = (uint64_t)args[3]->tcps_rtt_sd;
	this->v = (uint64_t)args[3]->tcps_irs;
	this->v = (uint64_t)args[4]->tcp_sport;
	this->v = (uint64_t)args[4]->tcp_dport;
	this->v = (uint64_t)args[4]->tcp_seq;
	this->v = (uint64_t)args[4]->tcp_ack;
	this->v = (uint64_t)args[4]->tcp_offset;
	this->v = (uint64_t)args[4]->tcp_flags;
	this->v = (uint64_t)args[4]->tcp_window;
	this->v = (uint64_t)args[4]->tcp_checksum;
	this->v = (uint64_t)args[4]->tcp_urgent;
	this->v = (uint64_t)args[4]->tcp_hdr;
}

tcp:::state-change
{
	@n[probeprov, probename] = count();
	this->v = (uint64_t)args[1]->cs_addr;
	this->v = (uint64_t)args[1]->cs_cid;
	this->v = (uint64_t)args[3]->tcps_addr;
	this->v = (uint64_t)args[3]->tcps_local;
	this->v = (uint64_t)args[3]->tcps_lport;
	this->v = (uint64_t)args[3]->tcps_rport;
	this->s = args[3]->tcps_laddr;
	this->s = args[3]->tcps_raddr;
	this->v = (uint64_t)args[3]->tcps_state;
	this->v = (uint64_t)args[3]->tcps_iss;
	this->v = (uint64_t)args[3]->tcps_suna;
	this->v = (uint64_t)args[3]->tcps_snxt;
	this->v = (uint64_t)args[3]->tcps_rnxt;
	this->v = (uint64_t)args[3]->tcps_swnd;
	this->v = (uint64_t)args[3]->tcps_snd_ws;
	this->v = (uint64_t)args[3]->tcps_rwnd;
	this->v = (uint64_t)args[3]->tcps_rcv_ws;
	this->v = (uint64_t)args[3]->tcps_cwnd;
	this->v = (uint64_t)args[3]->tcps_cwnd_ssthresh;
	this->v = (uint64_t)args[3]->tcps_sack_snxt;
	this->v = (uint64_t)args[3]->tcps_rto;
	this->v = (uint64_t)args[3]->tcps_mss;
	this->v = (uint64_t)args[3]->tcps_retransmit;
	this->v = (uint64_t)args[3]->tcps_rtt;
	this->v = (uint64_t)args[3]->tcps_rtt_sd;
	this->v = (uint64_t)args[3]->tcps_irs;
	this->v = (uint64_t)args[5]->tcps_state;
}

udp:::send, udp:::receive
{
	@n[probeprov, probename] = count();
	this->v = (uint64_t)args[0]->pkt_addr;
	this->v = (uint64_t)args[1]->cs_addr;
	this->v = (uint64_t)args[1]->cs_cid;
	this->v = (uint64_t)args[2]->ip_ver;
	this->v = (uint64_t)args[2]->ip_plength;
	this->s = args[2]->ip_saddr;
	this->s = args[2]->ip_daddr;
	this->v = (uint64_t)args[3]->udps_addr;
	this->v = (uint64_t)args[3]->udps_lport;
	this->v = (uint64_t)args[3]->udps_rport;
	this->s = args[3]->udps_laddr;
	this->s = args[3]->udps_raddr;
	this->v = (uint64_t)args[4]->udp_sport;
	this->v = (uint64_t)args[4]->udp_dport;
	this->v = (uint64_t)args[4]->udp_length;
	this->v = (uint64_t)args[4]->udp_checksum;
	this->v = (uint64_t)args[4]->udp_hdr;
}

dtrace:::ERROR
{
	@e["errors"] = count();
}

END
{
	printa("%s:::%s fired: %@d\n", @n);
	printa("%s: %@d\n", @e);
}
