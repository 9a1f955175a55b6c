/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * net.d - the network types and constants of DTrace's D library that
 * inet_ntoa(), inet_ntoa6() and inet_ntop() take: ipaddr_t (an IPv4
 * address in network order), in6_addr_t (the kernel's struct in6_addr),
 * and the address families inet_ntop() knows, Linux's values; the
 * packet directions of the tcp and udp providers.  Part of sonde's D
 * library.
 */

typedef uint32_t ipaddr_t;
typedef uint32_t in_addr_t;
typedef uint16_t in_port_t;
typedef struct in6_addr in6_addr_t;

inline int AF_INET = 2;
inline int AF_INET6 = 10;

/*
 * The direction of the packet a tcp or udp probe reports, in its hidden
 * last raw argument (tcp: arg7, udp: arg5): the translators take the
 * local end for the source of an outbound packet and for the destination
 * of an inbound one.  NET_PROBE_STATE: a tcp:::state-change, no packet.
 */
inline int NET_PROBE_OUTBOUND = 0x00;
inline int NET_PROBE_INBOUND = 0x01;
inline int NET_PROBE_STATE = 0x02;
