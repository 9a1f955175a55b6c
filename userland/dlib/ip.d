/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * ip.d - the arguments of DTrace's ip provider and the packet and
 * connection views the tcp and udp providers share: pktinfo_t,
 * csinfo_t, ipinfo_t, ifinfo_t, ipv4info_t and ipv6info_t, translated
 * from the Linux kernel's struct sk_buff, struct sock, the IP headers
 * and struct net_device; the IPPROTO_* numbers.  Part of sonde's D
 * library.
 *
 * The providers (kmod/prov_net.c) pass the packet's IP header in arg2,
 * of type void_ip_t (IPv4 or IPv6: its first byte says), and, for
 * ip:::send and ip:::receive, the IPv4 header in arg4 and the IPv6 one
 * in arg5 (the other 0).  A TCP segment on its way down has no IP header
 * yet (tcp:::send, connect-request): its ipinfo_t takes the addresses
 * from the socket (arg3) and the direction (arg7), and the payload
 * length from the segment (the skb, arg0: TCP header and data).
 *
 * Linux has no packet or connection ids: pkt_addr and cs_addr are the
 * skb's and the socket's addresses, cs_cid the socket's too.
 */

inline int IPPROTO_IP = 0;
inline int IPPROTO_HOPOPTS = 0;
inline int IPPROTO_ICMP = 1;
inline int IPPROTO_IGMP = 2;
inline int IPPROTO_IPIP = 4;
inline int IPPROTO_TCP = 6;
inline int IPPROTO_EGP = 8;
inline int IPPROTO_PUP = 12;
inline int IPPROTO_UDP = 17;
inline int IPPROTO_IDP = 22;
inline int IPPROTO_TP = 29;
inline int IPPROTO_DCCP = 33;
inline int IPPROTO_IPV6 = 41;
inline int IPPROTO_ROUTING = 43;
inline int IPPROTO_FRAGMENT = 44;
inline int IPPROTO_RSVP = 46;
inline int IPPROTO_GRE = 47;
inline int IPPROTO_ESP = 50;
inline int IPPROTO_AH = 51;
inline int IPPROTO_ICMPV6 = 58;
inline int IPPROTO_NONE = 59;
inline int IPPROTO_DSTOPTS = 60;
inline int IPPROTO_OSPF = 89;
inline int IPPROTO_MTP = 92;
inline int IPPROTO_BEETPH = 94;
inline int IPPROTO_ENCAP = 98;
inline int IPPROTO_PIM = 103;
inline int IPPROTO_COMP = 108;
inline int IPPROTO_SCTP = 132;
inline int IPPROTO_MH = 135;
inline int IPPROTO_UDPLITE = 136;
inline int IPPROTO_RAW = 255;
inline int IPPROTO_MAX = 256;

inline int TCP_MIN_HEADER_LENGTH = 20;

/* Solaris's IP stack id: here the network namespace's address */
typedef uint64_t netstackid_t;

typedef struct pktinfo {
	uintptr_t pkt_addr;		/* the struct sk_buff */
} pktinfo_t;

typedef struct csinfo {
	uintptr_t cs_addr;		/* the struct sock */
	uint64_t cs_cid;		/* connection id: the socket's address */
} csinfo_t;

typedef struct ipinfo {
	uint8_t ip_ver;			/* 4 or 6 */
	uint32_t ip_plength;		/* payload length, bytes */
	string ip_saddr;		/* source address */
	string ip_daddr;		/* destination address */
} ipinfo_t;

typedef struct ifinfo {
	string if_name;			/* the interface's name */
	int8_t if_local;		/* no interface: local delivery */
	netstackid_t if_ipstack;	/* its network namespace */
	uintptr_t if_addr;		/* the struct net_device */
} ifinfo_t;

typedef struct ipv4info {
	uint8_t ipv4_ver;		/* 4 */
	uint8_t ipv4_ihl;		/* header length, bytes */
	uint8_t ipv4_tos;		/* type of service */
	uint16_t ipv4_length;		/* total length, bytes */
	uint16_t ipv4_ident;		/* identification */
	uint8_t ipv4_flags;		/* flags (DF, MF) */
	uint16_t ipv4_offset;		/* fragment offset */
	uint8_t ipv4_ttl;		/* time to live */
	uint8_t ipv4_protocol;		/* next protocol (IPPROTO_*) */
	string ipv4_protostr;		/* its name */
	uint16_t ipv4_checksum;		/* header checksum */
	uint32_t ipv4_src;		/* source address (an ipaddr_t) */
	uint32_t ipv4_dst;		/* destination address */
	string ipv4_saddr;		/* source address, as text */
	string ipv4_daddr;		/* destination address, as text */
	struct iphdr *ipv4_hdr;		/* the header */
} ipv4info_t;

typedef struct ipv6info {
	uint8_t ipv6_ver;		/* 6 */
	uint8_t ipv6_tclass;		/* traffic class */
	uint32_t ipv6_flow;		/* flow label */
	uint16_t ipv6_plen;		/* payload length, bytes */
	uint8_t ipv6_nexthdr;		/* next header (IPPROTO_*) */
	string ipv6_nextstr;		/* its name */
	uint8_t ipv6_hlim;		/* hop limit */
	struct in6_addr *ipv6_src;	/* source address (an in6_addr_t *) */
	struct in6_addr *ipv6_dst;	/* destination address */
	string ipv6_saddr;		/* source address, as text */
	string ipv6_daddr;		/* destination address, as text */
	struct ipv6hdr *ipv6_hdr;	/* the header */
} ipv6info_t;

/* an IPv4 or IPv6 header, its version in the first byte's high nibble */
typedef uintptr_t void_ip_t;
/* the same, or 0 for a TCP segment whose IP header is not built yet */
typedef void *__dtrace_tcp_void_ip_t;

translator pktinfo_t < struct sk_buff *S > {
	pkt_addr = (uintptr_t)S;
};

translator csinfo_t < struct sock *S > {
	cs_addr = (uintptr_t)S;
	cs_cid = (uint64_t)S;
};

translator ipinfo_t < struct iphdr *I > {
	ip_ver = 4;
	ip_plength = I != NULL ? ntohs(I->tot_len) - I->ihl * 4 : 0;
	ip_saddr = I != NULL ? inet_ntoa(&I->saddr) : "<unknown>";
	ip_daddr = I != NULL ? inet_ntoa(&I->daddr) : "<unknown>";
};

translator ipinfo_t < struct ipv6hdr *I > {
	ip_ver = 6;
	ip_plength = I != NULL ? ntohs(I->payload_len) : 0;
	ip_saddr = I != NULL ? inet_ntoa6(&I->saddr) : "<unknown>";
	ip_daddr = I != NULL ? inet_ntoa6(&I->daddr) : "<unknown>";
};

translator ipinfo_t < void_ip_t *I > {
	ip_ver = I != NULL ? *(uint8_t *)I >> 4 : 0;
	ip_plength = I == NULL ? 0 :
	    *(uint8_t *)I >> 4 == 4 ? ntohs(((struct iphdr *)I)->tot_len) -
	    (*(uint8_t *)I & 0xf) * 4 :
	    *(uint8_t *)I >> 4 == 6 ? ntohs(((struct ipv6hdr *)I)->payload_len) :
	    0;
	ip_saddr = I == NULL ? "<unknown>" :
	    *(uint8_t *)I >> 4 == 4 ? inet_ntoa(&((struct iphdr *)I)->saddr) :
	    *(uint8_t *)I >> 4 == 6 ?
	    inet_ntoa6(&((struct ipv6hdr *)I)->saddr) : "<unknown>";
	ip_daddr = I == NULL ? "<unknown>" :
	    *(uint8_t *)I >> 4 == 4 ? inet_ntoa(&((struct iphdr *)I)->daddr) :
	    *(uint8_t *)I >> 4 == 6 ?
	    inet_ntoa6(&((struct ipv6hdr *)I)->daddr) : "<unknown>";
};

/*
 * The tcp provider's: the IP header if the segment has one, else the
 * socket's (arg3) addresses, the local one the source of an outbound
 * segment (arg7), and the segment's length (arg0: TCP header and data,
 * the IP payload).
 */
translator ipinfo_t < __dtrace_tcp_void_ip_t *I > {
	ip_ver = I != NULL ? *(uint8_t *)I >> 4 :
	    arg3 == NULL ? 0 :
	    ((struct sock *)arg3)->__sk_common.skc_family == AF_INET ? 4 :
	    ((struct sock *)arg3)->__sk_common.skc_family == AF_INET6 ? 6 : 0;
	ip_plength = I != NULL && *(uint8_t *)I >> 4 == 4 ?
	    ntohs(((struct iphdr *)I)->tot_len) - (*(uint8_t *)I & 0xf) * 4 :
	    I != NULL && *(uint8_t *)I >> 4 == 6 ?
	    ntohs(((struct ipv6hdr *)I)->payload_len) :
	    arg0 != NULL ? ((struct sk_buff *)arg0)->len : 0;
	ip_saddr = I != NULL && *(uint8_t *)I >> 4 == 4 ?
	    inet_ntoa(&((struct iphdr *)I)->saddr) :
	    I != NULL && *(uint8_t *)I >> 4 == 6 ?
	    inet_ntoa6(&((struct ipv6hdr *)I)->saddr) :
	    arg3 == NULL ? "<unknown>" :
	    ((struct sock *)arg3)->__sk_common.skc_family == AF_INET ?
	    inet_ntoa(arg7 == NET_PROBE_INBOUND ?
	    &((struct sock *)arg3)->__sk_common.skc_daddr :
	    &((struct sock *)arg3)->__sk_common.skc_rcv_saddr) :
	    ((struct sock *)arg3)->__sk_common.skc_family == AF_INET6 ?
	    inet_ntoa6(arg7 == NET_PROBE_INBOUND ?
	    &((struct sock *)arg3)->__sk_common.skc_v6_daddr :
	    &((struct sock *)arg3)->__sk_common.skc_v6_rcv_saddr) :
	    "<unknown>";
	ip_daddr = I != NULL && *(uint8_t *)I >> 4 == 4 ?
	    inet_ntoa(&((struct iphdr *)I)->daddr) :
	    I != NULL && *(uint8_t *)I >> 4 == 6 ?
	    inet_ntoa6(&((struct ipv6hdr *)I)->daddr) :
	    arg3 == NULL ? "<unknown>" :
	    ((struct sock *)arg3)->__sk_common.skc_family == AF_INET ?
	    inet_ntoa(arg7 == NET_PROBE_INBOUND ?
	    &((struct sock *)arg3)->__sk_common.skc_rcv_saddr :
	    &((struct sock *)arg3)->__sk_common.skc_daddr) :
	    ((struct sock *)arg3)->__sk_common.skc_family == AF_INET6 ?
	    inet_ntoa6(arg7 == NET_PROBE_INBOUND ?
	    &((struct sock *)arg3)->__sk_common.skc_v6_rcv_saddr :
	    &((struct sock *)arg3)->__sk_common.skc_v6_daddr) :
	    "<unknown>";
};

translator ifinfo_t < struct net_device *N > {
	if_name = N != NULL ? stringof(N->name) : "<unknown>";
	if_local = N == NULL;
	if_ipstack = N != NULL ? (uint64_t)N->nd_net.net : 0;
	if_addr = (uintptr_t)N;
};

/*
 * ipv4_protostr and ipv6_nextstr: the protocol's name, or its number;
 * the chain of names in two halves, whose depth the compiler's registers
 * allow.
 */
translator ipv4info_t < struct iphdr *I > {
	ipv4_ver = I != NULL ? 4 : 0;
	ipv4_ihl = I != NULL ? (*(uint8_t *)I & 0xf) * 4 : 0;
	ipv4_tos = I != NULL ? I->tos : 0;
	ipv4_length = I != NULL ? ntohs(I->tot_len) : 0;
	ipv4_ident = I != NULL ? ntohs(I->id) : 0;
	ipv4_flags = I != NULL ? (ntohs(I->frag_off) & 0xe000) >> 8 : 0;
	ipv4_offset = I != NULL ? ntohs(I->frag_off) & 0x1fff : 0;
	ipv4_ttl = I != NULL ? I->ttl : 0;
	ipv4_protocol = I != NULL ? I->protocol : 0;
	ipv4_protostr = I == NULL ? "<null>" :
	    I->protocol < IPPROTO_IPV6 ? (
	    I->protocol == IPPROTO_TCP ? "TCP" :
	    I->protocol == IPPROTO_UDP ? "UDP" :
	    I->protocol == IPPROTO_IP ? "IP" :
	    I->protocol == IPPROTO_ICMP ? "ICMP" :
	    I->protocol == IPPROTO_IGMP ? "IGMP" :
	    I->protocol == IPPROTO_EGP ? "EGP" :
	    lltostr(I->protocol)) : (
	    I->protocol == IPPROTO_IPV6 ? "IPv6" :
	    I->protocol == IPPROTO_ROUTING ? "ROUTE" :
	    I->protocol == IPPROTO_ESP ? "ESP" :
	    I->protocol == IPPROTO_AH ? "AH" :
	    I->protocol == IPPROTO_ICMPV6 ? "ICMPv6" :
	    I->protocol == IPPROTO_OSPF ? "OSPF" :
	    I->protocol == IPPROTO_SCTP ? "SCTP" :
	    I->protocol == IPPROTO_RAW ? "RAW" :
	    lltostr(I->protocol));
	ipv4_checksum = I != NULL ? ntohs(I->check) : 0;
	ipv4_src = I != NULL ? I->saddr : 0;
	ipv4_dst = I != NULL ? I->daddr : 0;
	ipv4_saddr = I != NULL ? inet_ntoa(&I->saddr) : "<null>";
	ipv4_daddr = I != NULL ? inet_ntoa(&I->daddr) : "<null>";
	ipv4_hdr = I;
};

translator ipv6info_t < struct ipv6hdr *I > {
	ipv6_ver = I != NULL ? *(uint8_t *)I >> 4 : 0;
	ipv6_tclass = I != NULL ? (ntohl(*(uint32_t *)I) >> 20) & 0xff : 0;
	ipv6_flow = I != NULL ? ntohl(*(uint32_t *)I) & 0xfffff : 0;
	ipv6_plen = I != NULL ? ntohs(I->payload_len) : 0;
	ipv6_nexthdr = I != NULL ? I->nexthdr : 0;
	ipv6_nextstr = I == NULL ? "<null>" :
	    I->nexthdr < IPPROTO_IPV6 ? (
	    I->nexthdr == IPPROTO_TCP ? "TCP" :
	    I->nexthdr == IPPROTO_UDP ? "UDP" :
	    I->nexthdr == IPPROTO_IP ? "IP" :
	    I->nexthdr == IPPROTO_ICMP ? "ICMP" :
	    I->nexthdr == IPPROTO_IGMP ? "IGMP" :
	    I->nexthdr == IPPROTO_EGP ? "EGP" :
	    lltostr(I->nexthdr)) : (
	    I->nexthdr == IPPROTO_IPV6 ? "IPv6" :
	    I->nexthdr == IPPROTO_ROUTING ? "ROUTE" :
	    I->nexthdr == IPPROTO_ESP ? "ESP" :
	    I->nexthdr == IPPROTO_AH ? "AH" :
	    I->nexthdr == IPPROTO_ICMPV6 ? "ICMPv6" :
	    I->nexthdr == IPPROTO_OSPF ? "OSPF" :
	    I->nexthdr == IPPROTO_SCTP ? "SCTP" :
	    I->nexthdr == IPPROTO_RAW ? "RAW" :
	    lltostr(I->nexthdr));
	ipv6_hlim = I != NULL ? I->hop_limit : 0;
	ipv6_src = I != NULL ? &I->saddr : NULL;
	ipv6_dst = I != NULL ? &I->daddr : NULL;
	ipv6_saddr = I != NULL ? inet_ntoa6(&I->saddr) : "<null>";
	ipv6_daddr = I != NULL ? inet_ntoa6(&I->daddr) : "<null>";
	ipv6_hdr = I;
};
