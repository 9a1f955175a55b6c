/* SPDX-License-Identifier: GPL-2.0 */
/*
 * udp:::send and udp:::receive, and ip:::send and ip:::receive of the
 * same datagrams: three datagrams of 100, 200 and 300 bytes from
 * 127.0.0.1 port 7024 to port 7025.  UDP lengths count the 8-byte
 * header (108 + 208 + 308 = 624), IP payload lengths the same; the
 * IPv4 header is 20 bytes, with DF set (0x40: Linux's path MTU
 * discovery), TTL 64 and protocol UDP; the interface is lo.
 *
 * @@runtest-opts: -c 'net-prog udp4 100 200 300'
 */
#pragma D option quiet

udp:::send
/args[4]->udp_dport == 7025/
{
	@n["udp send"] = count();
	@len["udp send"] = sum(args[4]->udp_length);
	@ends["udp send", args[3]->udps_laddr, args[3]->udps_lport,
	    args[3]->udps_raddr, args[3]->udps_rport] = count();
}

udp:::receive
/args[4]->udp_dport == 7025/
{
	@n["udp receive"] = count();
	@len["udp receive"] = sum(args[4]->udp_length);
	@ends["udp receive", args[3]->udps_laddr, args[3]->udps_lport,
	    args[3]->udps_raddr, args[3]->udps_rport] = count();
}

ip:::send, ip:::receive
/args[4]->ipv4_protocol == IPPROTO_UDP &&
 (args[2]->ip_plength == 108 || args[2]->ip_plength == 208 ||
  args[2]->ip_plength == 308)/
{
	@n[strjoin("ip ", probename)] = count();
	@len[strjoin("ip ", probename)] = sum(args[2]->ip_plength);
	@ip[probename, args[2]->ip_ver, args[2]->ip_saddr, args[2]->ip_daddr,
	    args[3]->if_name] = count();
	@v4[probename, args[4]->ipv4_ihl, args[4]->ipv4_flags,
	    args[4]->ipv4_ttl, args[4]->ipv4_protostr] = count();
	@v6[probename, args[5]->ipv6_saddr] = count();
}

END
{
	printa("%s: %@d\n", @n);
	printa("%s: %@d bytes\n", @len);
	printa("%s %s:%d -> %s:%d: %@d\n", @ends);
	printa("ip %s: IPv%d %s -> %s on %s: %@d\n", @ip);
	printa("ip %s: ihl %d, flags %x, ttl %d, %s: %@d\n", @v4);
	printa("ip %s: ipv6 %s: %@d\n", @v6);
}
