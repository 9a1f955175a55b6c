/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * tcp.d - the arguments of DTrace's tcp provider: tcpinfo_t (the TCP
 * header), tcpsinfo_t (the connection, from the kernel's struct
 * tcp_sock) and tcplsinfo_t (the previous state, at state-change); the
 * header flags TH_* and the states TCP_STATE_*, whose values are
 * Linux's TCP_* numbers.  Part of sonde's D library.
 *
 * The provider (kmod/prov_net.c) passes the state in arg6 (the new one
 * at state-change: Linux moves a closing connection to a timewait
 * socket whose state the struct sock never holds) and the direction in
 * arg7 (NET_PROBE_*, net.d).  A segment with no socket (one a reset
 * answers: receive, accept-refused) has its ports and addresses from
 * its headers (arg4, arg2), the local end the destination of an inbound
 * one.  The local port is the socket's inet_sport: a closing socket's
 * port number (skc_num) is 0 once the socket has left its port.
 */

inline int TH_FIN = 0x01;
inline int TH_SYN = 0x02;
inline int TH_RST = 0x04;
inline int TH_PSH = 0x08;
inline int TH_ACK = 0x10;
inline int TH_URG = 0x20;
inline int TH_ECE = 0x40;
inline int TH_CWR = 0x80;

inline int TCP_STATE_IDLE = 0x00;
inline int TCP_STATE_ESTABLISHED = 0x01;
inline int TCP_STATE_SYN_SENT = 0x02;
inline int TCP_STATE_SYN_RECEIVED = 0x03;
inline int TCP_STATE_FIN_WAIT_1 = 0x04;
inline int TCP_STATE_FIN_WAIT_2 = 0x05;
inline int TCP_STATE_TIME_WAIT = 0x06;
inline int TCP_STATE_CLOSED = 0x07;
inline int TCP_STATE_CLOSE_WAIT = 0x08;
inline int TCP_STATE_LAST_ACK = 0x09;
inline int TCP_STATE_LISTEN = 0x0a;
inline int TCP_STATE_CLOSING = 0x0b;

/* A state's name, as DTrace's scripts print it (tcp:::state-change's
 * args[3]->tcps_state, args[5]->tcps_state) */
inline string tcp_state_string[int state] =
	state == TCP_STATE_IDLE ? "state-idle" :
	state == TCP_STATE_ESTABLISHED ? "state-established" :
	state == TCP_STATE_SYN_SENT ? "state-syn-sent" :
	state == TCP_STATE_SYN_RECEIVED ? "state-syn-received" :
	state == TCP_STATE_FIN_WAIT_1 ? "state-fin-wait-1" :
	state == TCP_STATE_FIN_WAIT_2 ? "state-fin-wait-2" :
	state == TCP_STATE_TIME_WAIT ? "state-time-wait" :
	state == TCP_STATE_CLOSED ? "state-closed" :
	state == TCP_STATE_CLOSE_WAIT ? "state-close-wait" :
	state == TCP_STATE_LAST_ACK ? "state-last-ack" :
	state == TCP_STATE_LISTEN ? "state-listen" :
	state == TCP_STATE_CLOSING ? "state-closing" :
	"<unknown>";

typedef struct tcpinfo {
	uint16_t tcp_sport;		/* source port */
	uint16_t tcp_dport;		/* destination port */
	uint32_t tcp_seq;		/* sequence number */
	uint32_t tcp_ack;		/* acknowledgment number */
	uint8_t tcp_offset;		/* data offset, bytes */
	uint8_t tcp_flags;		/* TH_* */
	uint16_t tcp_window;		/* window */
	uint16_t tcp_checksum;		/* checksum */
	uint16_t tcp_urgent;		/* urgent pointer */
	uintptr_t tcp_hdr;		/* the header */
} tcpinfo_t;

typedef struct tcpsinfo {
	uintptr_t tcps_addr;		/* the struct tcp_sock */
	int tcps_local;			/* both ends on this host */
	uint16_t tcps_lport;		/* local port */
	uint16_t tcps_rport;		/* remote port */
	string tcps_laddr;		/* local address */
	string tcps_raddr;		/* remote address */
	int tcps_state;			/* TCP_STATE_* */
	uint32_t tcps_iss;		/* initial sequence number sent */
	uint32_t tcps_suna;		/* oldest unacknowledged */
	uint32_t tcps_snxt;		/* next to send */
	uint32_t tcps_rnxt;		/* next expected */
	uint32_t tcps_swnd;		/* send window */
	int32_t tcps_snd_ws;		/* send window scale */
	uint32_t tcps_rwnd;		/* receive window */
	int32_t tcps_rcv_ws;		/* receive window scale */
	uint32_t tcps_cwnd;		/* congestion window */
	uint32_t tcps_cwnd_ssthresh;	/* slow start threshold */
	uint32_t tcps_sack_snxt;	/* next SACK sequence to send */
	uint32_t tcps_rto;		/* retransmit timeout */
	uint32_t tcps_mss;		/* maximum segment size */
	int tcps_retransmit;		/* the segment is a retransmission */
	uint32_t tcps_rtt;		/* smoothed round trip time, ms */
	uint32_t tcps_rtt_sd;		/* its deviation, ms */
	uint32_t tcps_irs;		/* initial sequence number received */
} tcpsinfo_t;

typedef struct tcplsinfo {
	int tcps_state;			/* the previous TCP_STATE_* */
} tcplsinfo_t;

translator tcpinfo_t < struct tcphdr *T > {
	tcp_sport = T != NULL ? ntohs(T->source) : 0;
	tcp_dport = T != NULL ? ntohs(T->dest) : 0;
	tcp_seq = T != NULL ? ntohl(T->seq) : 0;
	tcp_ack = T != NULL ? ntohl(T->ack_seq) : 0;
	tcp_offset = T != NULL ? (((uint8_t *)T)[12] >> 4) * 4 : 0;
	tcp_flags = T != NULL ? ((uint8_t *)T)[13] : 0;
	tcp_window = T != NULL ? ntohs(T->window) : 0;
	tcp_checksum = T != NULL ? ntohs(T->check) : 0;
	tcp_urgent = T != NULL ? ntohs(T->urg_ptr) : 0;
	tcp_hdr = (uintptr_t)T;
};

translator tcpsinfo_t < struct tcp_sock *T > {
	tcps_addr = (uintptr_t)T;
	tcps_local = T == NULL ? 0 :
	    ((struct sock *)T)->__sk_common.skc_family == AF_INET ?
	    ((struct sock *)T)->__sk_common.skc_rcv_saddr ==
	    ((struct sock *)T)->__sk_common.skc_daddr :
	    ((struct sock *)T)->__sk_common.skc_family == AF_INET6 ?
	    ((uint32_t *)&((struct sock *)T)->__sk_common.skc_v6_rcv_saddr)[0] ==
	    ((uint32_t *)&((struct sock *)T)->__sk_common.skc_v6_daddr)[0] &&
	    ((uint32_t *)&((struct sock *)T)->__sk_common.skc_v6_rcv_saddr)[1] ==
	    ((uint32_t *)&((struct sock *)T)->__sk_common.skc_v6_daddr)[1] &&
	    ((uint32_t *)&((struct sock *)T)->__sk_common.skc_v6_rcv_saddr)[2] ==
	    ((uint32_t *)&((struct sock *)T)->__sk_common.skc_v6_daddr)[2] &&
	    ((uint32_t *)&((struct sock *)T)->__sk_common.skc_v6_rcv_saddr)[3] ==
	    ((uint32_t *)&((struct sock *)T)->__sk_common.skc_v6_daddr)[3] : 0;
	tcps_lport = T != NULL && ((struct inet_sock *)T)->inet_sport ?
	    ntohs(((struct inet_sock *)T)->inet_sport) :
	    T != NULL && ((struct sock *)T)->__sk_common.skc_num ?
	    ((struct sock *)T)->__sk_common.skc_num :
	    arg4 == NULL ? 0 :
	    ntohs(arg7 == NET_PROBE_INBOUND ? ((struct tcphdr *)arg4)->dest :
	    ((struct tcphdr *)arg4)->source);
	tcps_rport = T != NULL && ((struct sock *)T)->__sk_common.skc_dport ?
	    ntohs(((struct sock *)T)->__sk_common.skc_dport) :
	    arg4 == NULL ? 0 :
	    ntohs(arg7 == NET_PROBE_INBOUND ? ((struct tcphdr *)arg4)->source :
	    ((struct tcphdr *)arg4)->dest);
	tcps_laddr =
	    T != NULL && ((struct sock *)T)->__sk_common.skc_family == AF_INET ?
	    inet_ntoa(&((struct sock *)T)->__sk_common.skc_rcv_saddr) :
	    T != NULL && ((struct sock *)T)->__sk_common.skc_family == AF_INET6 ?
	    inet_ntoa6(&((struct sock *)T)->__sk_common.skc_v6_rcv_saddr) :
	    arg2 != NULL && *(uint8_t *)arg2 >> 4 == 4 ?
	    inet_ntoa(arg7 == NET_PROBE_INBOUND ?
	    &((struct iphdr *)arg2)->daddr : &((struct iphdr *)arg2)->saddr) :
	    arg2 != NULL && *(uint8_t *)arg2 >> 4 == 6 ?
	    inet_ntoa6(arg7 == NET_PROBE_INBOUND ?
	    &((struct ipv6hdr *)arg2)->daddr :
	    &((struct ipv6hdr *)arg2)->saddr) :
	    "<unknown>";
	tcps_raddr =
	    T != NULL && ((struct sock *)T)->__sk_common.skc_family == AF_INET ?
	    inet_ntoa(&((struct sock *)T)->__sk_common.skc_daddr) :
	    T != NULL && ((struct sock *)T)->__sk_common.skc_family == AF_INET6 ?
	    inet_ntoa6(&((struct sock *)T)->__sk_common.skc_v6_daddr) :
	    arg2 != NULL && *(uint8_t *)arg2 >> 4 == 4 ?
	    inet_ntoa(arg7 == NET_PROBE_INBOUND ?
	    &((struct iphdr *)arg2)->saddr : &((struct iphdr *)arg2)->daddr) :
	    arg2 != NULL && *(uint8_t *)arg2 >> 4 == 6 ?
	    inet_ntoa6(arg7 == NET_PROBE_INBOUND ?
	    &((struct ipv6hdr *)arg2)->saddr :
	    &((struct ipv6hdr *)arg2)->daddr) :
	    "<unknown>";
	tcps_state = arg6;
	tcps_iss = T != NULL ? T->snd_una - (uint32_t)T->bytes_acked : 0;
	tcps_suna = T != NULL ? T->snd_una : 0;
	tcps_snxt = T != NULL ? T->snd_nxt : 0;
	tcps_rnxt = T != NULL ? T->rcv_nxt : 0;
	tcps_swnd = T != NULL ? T->snd_wnd : 0;
	tcps_snd_ws = T != NULL ? T->rx_opt.snd_wscale : 0;
	tcps_rwnd = T != NULL ? T->rcv_wnd : 0;
	tcps_rcv_ws = T != NULL ? T->rx_opt.rcv_wscale : 0;
	tcps_cwnd = T != NULL ? T->snd_cwnd : 0;
	tcps_cwnd_ssthresh = T != NULL ? T->snd_ssthresh : 0;
	tcps_sack_snxt = T == NULL ? 0 :
	    T->sacked_out == 0 ? T->snd_una :
	    T->highest_sack == NULL ? T->snd_nxt :
	    ((struct tcp_skb_cb *)&T->highest_sack->cb[0])->seq;
	tcps_rto = T != NULL ? T->inet_conn.icsk_rto : 0;
	tcps_mss = T != NULL ? T->mss_cache : 0;
	tcps_retransmit = T != NULL && arg0 != NULL && arg7 == NET_PROBE_OUTBOUND ?
	    ((struct tcp_skb_cb *)&((struct sk_buff *)arg0)->cb[0])->end_seq <
	    T->snd_nxt - 1 : 0;
	tcps_rtt = T != NULL ? (T->srtt_us >> 3) / 1000 : 0;
	tcps_rtt_sd = T != NULL ? (T->mdev_us >> 2) / 1000 : 0;
	tcps_irs = T != NULL && T->bytes_received > 0 ?
	    T->rcv_nxt - (uint32_t)T->bytes_received : 0;
};

translator tcplsinfo_t < int I > {
	tcps_state = I;
};
