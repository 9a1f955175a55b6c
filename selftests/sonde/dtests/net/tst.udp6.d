/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The same over IPv6: two datagrams of 100 and 200 bytes from ::1 port
 * 7026 to port 7027: udp:::send and receive with their ends, ip:::send
 * and receive with the IPv6 header (payload length 108 and 208, next
 * header UDP, hop limit 64), no IPv4 header.
 *
 * @@runtest-opts: -c 'net-prog udp6 100 200'
 */
#pragma D option quiet

udp:::send, udp:::receive
/args[4]->udp_dport == 7027/
{
	@n[strjoin("udp ", probename)] = count();
	@len[strjoin("udp ", probename)] = sum(args[4]->udp_length);
	@ends[probename, args[3]->udps_laddr, args[3]->udps_lport,
	    args[3]->udps_raddr, args[3]->udps_rport] = count();
}

ip:::send, ip:::receive
/args[5]->ipv6_nexthdr == IPPROTO_UDP &&
 (args[2]->ip_plength == 108 || args[2]->ip_plength == 208)/
{
	@n[strjoin("ip ", probename)] = count();
	@len[strjoin("ip ", probename)] = sum(args[5]->ipv6_plen);
	@ip[probename, args[2]->ip_ver, args[2]->ip_saddr, args[2]->ip_daddr,
	    args[3]->if_name] = count();
	@v6[probename, args[5]->ipv6_nextstr, args[5]->ipv6_hlim,
	    args[5]->ipv6_saddr, args[5]->ipv6_daddr] = count();
	@v4[probename, args[4]->ipv4_saddr] = count();
}

END
{
	printa("%s: %@d\n", @n);
	printa("%s: %@d bytes\n", @len);
	printa("udp %s %s:%d -> %s:%d: %@d\n", @ends);
	printa("ip %s: IPv%d %s -> %s on %s: %@d\n", @ip);
	printa("ip %s: %s, hop limit %d, %s -> %s: %@d\n", @v6);
	printa("ip %s: ipv4 %s: %@d\n", @v4);
}
