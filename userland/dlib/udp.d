/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * udp.d - the arguments of DTrace's udp provider: udpinfo_t (the UDP
 * header) and udpsinfo_t (the socket's ends), from the kernel's struct
 * udphdr and the datagram's headers.  Part of sonde's D library.
 *
 * The provider (kmod/prov_net.c) passes the datagram's IP header in
 * arg2, its UDP header in arg4 and its direction in arg5 (NET_PROBE_*,
 * net.d): the local end is the source of a datagram sent and the
 * destination of one received (an unconnected socket has no remote end
 * of its own).
 */

typedef struct udpinfo {
	uint16_t udp_sport;		/* source port */
	uint16_t udp_dport;		/* destination port */
	uint16_t udp_length;		/* header and data, bytes */
	uint16_t udp_checksum;		/* checksum */
	struct udphdr *udp_hdr;		/* the header */
} udpinfo_t;

typedef struct udpsinfo {
	uintptr_t udps_addr;		/* the struct udp_sock */
	uint16_t udps_lport;		/* local port */
	uint16_t udps_rport;		/* remote port */
	string udps_laddr;		/* local address */
	string udps_raddr;		/* remote address */
} udpsinfo_t;

translator udpinfo_t < struct udphdr *U > {
	udp_sport = U != NULL ? ntohs(U->source) : 0;
	udp_dport = U != NULL ? ntohs(U->dest) : 0;
	udp_length = U != NULL ? ntohs(U->len) : 0;
	udp_checksum = U != NULL ? ntohs(U->check) : 0;
	udp_hdr = U;
};

translator udpsinfo_t < struct udp_sock *S > {
	udps_addr = (uintptr_t)S;
	udps_lport = arg4 == NULL ? 0 :
	    ntohs(arg5 == NET_PROBE_OUTBOUND ? ((struct udphdr *)arg4)->source :
	    ((struct udphdr *)arg4)->dest);
	udps_rport = arg4 == NULL ? 0 :
	    ntohs(arg5 == NET_PROBE_OUTBOUND ? ((struct udphdr *)arg4)->dest :
	    ((struct udphdr *)arg4)->source);
	udps_laddr = arg2 != NULL && *(uint8_t *)arg2 >> 4 == 4 ?
	    inet_ntoa(arg5 == NET_PROBE_OUTBOUND ?
	    &((struct iphdr *)arg2)->saddr : &((struct iphdr *)arg2)->daddr) :
	    arg2 != NULL && *(uint8_t *)arg2 >> 4 == 6 ?
	    inet_ntoa6(arg5 == NET_PROBE_OUTBOUND ?
	    &((struct ipv6hdr *)arg2)->saddr :
	    &((struct ipv6hdr *)arg2)->daddr) :
	    "<unknown>";
	udps_raddr = arg2 != NULL && *(uint8_t *)arg2 >> 4 == 4 ?
	    inet_ntoa(arg5 == NET_PROBE_OUTBOUND ?
	    &((struct iphdr *)arg2)->daddr : &((struct iphdr *)arg2)->saddr) :
	    arg2 != NULL && *(uint8_t *)arg2 >> 4 == 6 ?
	    inet_ntoa6(arg5 == NET_PROBE_OUTBOUND ?
	    &((struct ipv6hdr *)arg2)->daddr :
	    &((struct ipv6hdr *)arg2)->saddr) :
	    "<unknown>";
};
