// SPDX-License-Identifier: GPL-2.0
/*
 * prov_net.c - the ip, tcp and udp providers: the network probes of
 * Oracle's DTrace for Linux (libdtrace/dt_prov_ip.c, dt_prov_tcp.c,
 * dt_prov_udp.c), on the kernel functions Oracle's fbt probes hook, here
 * with kprobes at their ftrace sites, and on the tracepoint
 * sock:inet_sock_set_state.  Nothing is patched until a probe is enabled.
 *
 * The raw arguments are those the D library's translators (userland/dlib
 * ip.d, tcp.d, udp.d) read; docs/providers.md lists them.  Pointers are
 * kernel addresses, 0 where the event has none:
 *
 *   ip:::send, ip:::receive
 *     arg0 skb, arg1 skb->sk, arg2 the IP header, arg3 skb->dev, arg4 the
 *     IPv4 header (or 0), arg5 the IPv6 header (or 0)
 *     send:    ip_finish_output(), ip6_finish_output() (the header built,
 *              the device chosen)
 *     receive: ip_local_deliver(), ip6_input() (a packet for this host)
 *
 *   tcp:::*
 *     arg0 skb, arg1 sk, arg2 the IP header (0 while the packet has none:
 *     sends; the translators then use the socket), arg3 sk (the
 *     struct tcp_sock), arg4 the TCP header, arg5 state-change: the
 *     previous state, arg6 the connection's state (state-change: the new
 *     one), arg7 NET_PROBE_OUTBOUND (0), NET_PROBE_INBOUND (1) or
 *     NET_PROBE_STATE (2): whether the packet's source is the local end.
 *     States are Linux's TCP_* numbers, which are DTrace's TCP_STATE_*
 *     (TCP_NEW_SYN_RECV reported as SYN_RECV).
 *     send             ip_queue_xmit(), ip6_xmit() of a TCP socket's
 *                      segment; ip_build_and_send_pkt(): an IPv4 SYN-ACK
 *                      (the socket: the listener, as Oracle's); not the
 *                      resets and TIME_WAIT acknowledgements sent from
 *                      the kernel's control sockets
 *     receive          tcp_rcv_established(), tcp_rcv_state_process();
 *                      tcp_v4/v6_send_reset() with no socket: a segment
 *                      no socket takes
 *     connect-request  a send from a socket in SYN_SENT
 *     connect-established  tcp_finish_connect()
 *     connect-refused  tcp_reset() of a socket in SYN_SENT
 *     accept-established   tcp_init_transfer() of a passive open
 *     accept-refused   tcp_v4/v6_send_reset() for a SYN no socket takes
 *     state-change     sock:inet_sock_set_state of a TCP socket; the new
 *                      connection of a listener (LISTEN -> SYN_RECV) at
 *                      the return of tcp_v4/v6_syn_recv_sock(), where its
 *                      addresses and ports are set (the tracepoint fires
 *                      in inet_csk_clone_lock(), before); TIME_WAIT at
 *                      tcp_time_wait() (Linux moves the connection to a
 *                      timewait socket: the tracepoint does not see it)
 *
 *   udp:::send, udp:::receive
 *     arg0 skb, arg1 sk, arg2 the IP header, arg3 sk (struct udp_sock),
 *     arg4 the UDP header, arg5 NET_PROBE_OUTBOUND or NET_PROBE_INBOUND
 *     send:    ip_send_skb(), ip6_send_skb() of a UDP socket's datagram
 *     receive: udp_queue_rcv_skb(), udpv6_queue_rcv_skb()
 *
 * Handlers are probe context: they read the skb and the socket the hooked
 * function was given (valid for its duration), never sleep or allocate.
 * The table is made and armed by sdt.c under sonde_lock.
 */
#include <linux/in.h>
#include <linux/ip.h>
#include <linux/kprobes.h>
#include <linux/skbuff.h>
#include <linux/tcp.h>
#include <linux/tracepoint.h>
#include <net/sock.h>
#include <net/tcp_states.h>
#include <uapi/linux/bpf.h>

#include "sonde_kmod.h"
#include "compat.h"
#include "sdt.h"

/* arg7 of tcp, arg5 of udp: the NET_PROBE_* values of the D library */
#define SONDE_NET_OUT		0
#define SONDE_NET_IN		1
#define SONDE_NET_STATE		2

static __always_inline void sonde_net_fire(struct sonde_sdt *s,
					   struct pt_regs *regs, u64 a0,
					   u64 a1, u64 a2, u64 a3, u64 a4,
					   u64 a5, u64 a6, u64 a7)
{
	struct sonde_fire f __uninitialized;

	sonde_fire_init(&f, regs);
	f.args[0] = a0;
	f.args[1] = a1;
	f.args[2] = a2;
	f.args[3] = a3;
	f.args[4] = a4;
	f.args[5] = a5;
	f.args[6] = a6;
	f.args[7] = a7;
	sonde_probe_fire(s->probe, NULL, &f);
}

static __always_inline unsigned long sonde_net_nh(const struct sk_buff *skb)
{
	return (unsigned long)skb_network_header(skb);
}

static __always_inline unsigned long sonde_net_th(const struct sk_buff *skb)
{
	return skb_transport_header_was_set(skb) ?
	       (unsigned long)skb_transport_header(skb) : 0;
}

/* The IP version of the header at @ip (0: none). */
static __always_inline u32 sonde_net_ipver(unsigned long ip)
{
	return ip ? *(const u8 *)ip >> 4 : 0;
}

/* ---- ip ------------------------------------------------------------------ */

static __always_inline void sonde_ip(struct kprobe *kp, struct pt_regs *regs,
				     const struct sk_buff *skb)
{
	unsigned long ip;
	u32 v;

	if (!skb)
		return;
	ip = sonde_net_nh(skb);
	v = sonde_net_ipver(ip);
	sonde_net_fire(sonde_sdt_of_kp(kp), regs, (unsigned long)skb,
		       (unsigned long)skb->sk, ip, (unsigned long)skb->dev,
		       v == 4 ? ip : 0, v == 6 ? ip : 0, 0, 0);
}

/* ip_local_deliver(skb), ip6_input(skb) */
static int sonde_ip_recv(struct kprobe *kp, struct pt_regs *regs)
{
	sonde_ip(kp, regs, (const struct sk_buff *)regs->di);
	return 0;
}

/* ip_finish_output(net, sk, skb), ip6_finish_output(net, sk, skb) */
static int sonde_ip_send(struct kprobe *kp, struct pt_regs *regs)
{
	sonde_ip(kp, regs, (const struct sk_buff *)regs->dx);
	return 0;
}

/* ---- tcp ----------------------------------------------------------------- */

/*
 * A TCP connection's socket: not the kernel's control sockets (raw, of
 * protocol TCP), from which IPv6 sends its resets with ip6_xmit(); their
 * "port" would be the protocol number.
 */
static __always_inline bool sonde_is_tcp(const struct sock *sk)
{
	return sk && sk->sk_protocol == IPPROTO_TCP &&
	       sk->sk_type == SOCK_STREAM;
}

static __always_inline u64 sonde_tcp_state(int state)
{
	return state == TCP_NEW_SYN_RECV ? TCP_SYN_RECV : state;
}

/*
 * A segment's probe: @ip false for a segment on its way down, whose IP
 * header is not built yet (the translators take the addresses from the
 * socket then).  @sk may be NULL (a reset sent for no socket).
 */
static __always_inline void sonde_tcp_seg(struct sonde_sdt *s,
					  struct pt_regs *regs,
					  const struct sock *sk,
					  const struct sk_buff *skb, bool ip,
					  u64 dir)
{
	unsigned long iph = skb && ip ? sonde_net_nh(skb) : 0;
	unsigned long th = skb ? sonde_net_th(skb) : 0;

	sonde_net_fire(s, regs, (unsigned long)skb, (unsigned long)sk, iph,
		       (unsigned long)sk, th, 0,
		       sk ? sonde_tcp_state(sk->sk_state) : TCP_CLOSE, dir);
}

/* ip_queue_xmit(sk, skb, fl), ip6_xmit(sk, skb, ...): every segment */
static int sonde_tcp_xmit(struct kprobe *kp, struct pt_regs *regs)
{
	const struct sock *sk = (const struct sock *)regs->di;

	if (sonde_is_tcp(sk))
		sonde_tcp_seg(sonde_sdt_of_kp(kp), regs, sk,
			      (const struct sk_buff *)regs->si, false,
			      SONDE_NET_OUT);
	return 0;
}

/* the same: the SYN of a connect() */
static int sonde_tcp_xmit_syn(struct kprobe *kp, struct pt_regs *regs)
{
	const struct sock *sk = (const struct sock *)regs->di;

	if (sonde_is_tcp(sk) && sk->sk_state == TCP_SYN_SENT)
		sonde_tcp_seg(sonde_sdt_of_kp(kp), regs, sk,
			      (const struct sk_buff *)regs->si, false,
			      SONDE_NET_OUT);
	return 0;
}

/* ip_build_and_send_pkt(skb, sk, saddr, daddr, opt, tos): the SYN-ACK */
static int sonde_tcp_synack(struct kprobe *kp, struct pt_regs *regs)
{
	const struct sock *sk = (const struct sock *)regs->si;

	if (sonde_is_tcp(sk))
		sonde_tcp_seg(sonde_sdt_of_kp(kp), regs, sk,
			      (const struct sk_buff *)regs->di, false,
			      SONDE_NET_OUT);
	return 0;
}

/* tcp_rcv_established(sk, skb), tcp_rcv_state_process(sk, skb),
 * tcp_finish_connect(sk, skb) */
static int sonde_tcp_rcv(struct kprobe *kp, struct pt_regs *regs)
{
	const struct sock *sk = (const struct sock *)regs->di;

	if (sonde_is_tcp(sk))
		sonde_tcp_seg(sonde_sdt_of_kp(kp), regs, sk,
			      (const struct sk_buff *)regs->si, true,
			      SONDE_NET_IN);
	return 0;
}

/* tcp_reset(sk, skb) of a connect(): refused */
static int sonde_tcp_refused(struct kprobe *kp, struct pt_regs *regs)
{
	const struct sock *sk = (const struct sock *)regs->di;

	if (sonde_is_tcp(sk) && sk->sk_state == TCP_SYN_SENT)
		sonde_tcp_seg(sonde_sdt_of_kp(kp), regs, sk,
			      (const struct sk_buff *)regs->si, true,
			      SONDE_NET_IN);
	return 0;
}

/* tcp_init_transfer(sk, bpf_op, skb) of a passive open */
static int sonde_tcp_accepted(struct kprobe *kp, struct pt_regs *regs)
{
	const struct sock *sk = (const struct sock *)regs->di;

	if ((int)regs->si == BPF_SOCK_OPS_PASSIVE_ESTABLISHED_CB &&
	    sonde_is_tcp(sk))
		sonde_tcp_seg(sonde_sdt_of_kp(kp), regs, sk,
			      (const struct sk_buff *)regs->dx, true,
			      SONDE_NET_IN);
	return 0;
}

/*
 * tcp_v4_send_reset(sk, skb, ...), tcp_v6_send_reset(): with no socket
 * (sk NULL), the segment no socket takes: tcp:::receive of it, and
 * accept-refused when it is a SYN.  With a socket, the segment was
 * received through it already.
 */
static int sonde_tcp_rst_rcv(struct kprobe *kp, struct pt_regs *regs)
{
	const struct sk_buff *skb = (const struct sk_buff *)regs->si;

	if (!regs->di && skb)
		sonde_tcp_seg(sonde_sdt_of_kp(kp), regs, NULL, skb, true,
			      SONDE_NET_IN);
	return 0;
}

static int sonde_tcp_rst_syn(struct kprobe *kp, struct pt_regs *regs)
{
	const struct sk_buff *skb = (const struct sk_buff *)regs->si;
	const struct tcphdr *th;

	if (regs->di || !skb || !sonde_net_th(skb))
		return 0;
	th = tcp_hdr(skb);
	if (th->syn && !th->ack)
		sonde_tcp_seg(sonde_sdt_of_kp(kp), regs, NULL, skb, true,
			      SONDE_NET_IN);
	return 0;
}

static __always_inline void sonde_tcp_change(struct sonde_sdt *s,
					     struct pt_regs *regs,
					     const struct sock *sk, int from,
					     int to)
{
	sonde_net_fire(s, regs, 0, (unsigned long)sk, 0, (unsigned long)sk,
		       0, sonde_tcp_state(from), sonde_tcp_state(to),
		       SONDE_NET_STATE);
}

/* sock:inet_sock_set_state(sk, oldstate, newstate) */
static void sonde_tcp_set_state(void *data, const struct sock *sk,
				const int oldstate, const int newstate)
{
	/* a listener's new connection: at tcp_v4/v6_syn_recv_sock()'s
	 * return, where it has its addresses */
	if (oldstate == TCP_LISTEN && newstate == TCP_SYN_RECV)
		return;
	if (sonde_is_tcp(sk))
		sonde_tcp_change(data, NULL, sk, oldstate, newstate);
}

/* tcp_time_wait(sk, state, timeo): TIME_WAIT (or FIN_WAIT2) goes to a
 * timewait socket */
static int sonde_tcp_time_wait(struct kprobe *kp, struct pt_regs *regs)
{
	const struct sock *sk = (const struct sock *)regs->di;
	int to = (int)regs->si;

	if (sonde_is_tcp(sk) && sk->sk_state != to)
		sonde_tcp_change(sonde_sdt_of_kp(kp), regs, sk, sk->sk_state,
				 to);
	return 0;
}

/* tcp_v6_syn_recv_sock() hands an IPv4 packet (a v4-mapped connection)
 * to tcp_v4_syn_recv_sock(), whose return fires */
struct sonde_tcp_call {
	bool v4;
};

static int sonde_tcp_syn_recv_entry(struct kretprobe_instance *ri,
				    struct pt_regs *regs)
{
	const struct sk_buff *skb = (const struct sk_buff *)regs->si;

	((struct sonde_tcp_call *)ri->data)->v4 =
		skb && skb->protocol == htons(ETH_P_IP);
	return 0;
}

static int sonde_tcp_syn_recv(struct kretprobe_instance *ri,
			      struct pt_regs *regs)
{
	const struct sock *sk = (const struct sock *)regs_return_value(regs);

	if (sonde_is_tcp(sk))
		sonde_tcp_change(sonde_sdt_of_ri(ri), regs, sk, TCP_LISTEN,
				 TCP_SYN_RECV);
	return 0;
}

static int sonde_tcp_syn_recv6(struct kretprobe_instance *ri,
			       struct pt_regs *regs)
{
	if (((struct sonde_tcp_call *)ri->data)->v4)
		return 0;
	return sonde_tcp_syn_recv(ri, regs);
}

/* ---- udp ----------------------------------------------------------------- */

static __always_inline void sonde_udp(struct kprobe *kp, struct pt_regs *regs,
				      const struct sock *sk,
				      const struct sk_buff *skb, u64 dir)
{
	if (!sk || !skb || sk->sk_protocol != IPPROTO_UDP)
		return;
	sonde_net_fire(sonde_sdt_of_kp(kp), regs, (unsigned long)skb,
		       (unsigned long)sk, sonde_net_nh(skb), (unsigned long)sk,
		       sonde_net_th(skb), dir, 0, 0);
}

/* ip_send_skb(net, skb) */
static int sonde_udp_send4(struct kprobe *kp, struct pt_regs *regs)
{
	const struct sk_buff *skb = (const struct sk_buff *)regs->si;

	if (skb)
		sonde_udp(kp, regs, skb->sk, skb, SONDE_NET_OUT);
	return 0;
}

/* ip6_send_skb(skb) */
static int sonde_udp_send6(struct kprobe *kp, struct pt_regs *regs)
{
	const struct sk_buff *skb = (const struct sk_buff *)regs->di;

	if (skb)
		sonde_udp(kp, regs, skb->sk, skb, SONDE_NET_OUT);
	return 0;
}

/* udp_queue_rcv_skb(sk, skb), udpv6_queue_rcv_skb(sk, skb) */
static int sonde_udp_recv(struct kprobe *kp, struct pt_regs *regs)
{
	sonde_udp(kp, regs, (const struct sock *)regs->di,
		  (const struct sk_buff *)regs->si, SONDE_NET_IN);
	return 0;
}

/* ---- the table ----------------------------------------------------------- */

#define TP(n, h)	{ .kind = SONDE_SDT_TP, .name = n, .fn = h }
/* optional: a kernel without IPv6 has no ip6_* */
#define KP(n, h)	{ .kind = SONDE_SDT_KP, .name = n, .fn = h, \
			  .optional = true }
#define SYNRECV(n, h)	{ .kind = SONDE_SDT_KRP, .name = n, .fn = h, \
			  .entry = sonde_tcp_syn_recv_entry, \
			  .optional = true, \
			  .data_size = sizeof(struct sonde_tcp_call) }
#define NET(p, n, na, ...) { .prov = &sonde_##p##_provider, .name = n, \
			     .nargs = na, SONDE_SDT_SITES(__VA_ARGS__) }

static struct sonde_sdt sonde_net_sdts[] = {
	NET(ip, "receive", 6,
	    KP("ip_local_deliver", sonde_ip_recv),
	    KP("ip6_input", sonde_ip_recv)),
	NET(ip, "send", 6,
	    KP("ip_finish_output", sonde_ip_send),
	    KP("ip6_finish_output", sonde_ip_send)),
	NET(tcp, "accept-established", 6,
	    KP("tcp_init_transfer", sonde_tcp_accepted)),
	NET(tcp, "accept-refused", 6,
	    KP("tcp_v4_send_reset", sonde_tcp_rst_syn),
	    KP("tcp_v6_send_reset", sonde_tcp_rst_syn)),
	NET(tcp, "connect-established", 6,
	    KP("tcp_finish_connect", sonde_tcp_rcv)),
	NET(tcp, "connect-refused", 6,
	    KP("tcp_reset", sonde_tcp_refused)),
	NET(tcp, "connect-request", 6,
	    KP("ip_queue_xmit", sonde_tcp_xmit_syn),
	    KP("ip6_xmit", sonde_tcp_xmit_syn)),
	NET(tcp, "receive", 6,
	    KP("tcp_rcv_established", sonde_tcp_rcv),
	    KP("tcp_rcv_state_process", sonde_tcp_rcv),
	    KP("tcp_v4_send_reset", sonde_tcp_rst_rcv),
	    KP("tcp_v6_send_reset", sonde_tcp_rst_rcv)),
	NET(tcp, "send", 6,
	    KP("ip_queue_xmit", sonde_tcp_xmit),
	    KP("ip6_xmit", sonde_tcp_xmit),
	    KP("ip_build_and_send_pkt", sonde_tcp_synack)),
	NET(tcp, "state-change", 6,
	    TP("inet_sock_set_state", sonde_tcp_set_state),
	    KP("tcp_time_wait", sonde_tcp_time_wait),
	    SYNRECV("tcp_v4_syn_recv_sock", sonde_tcp_syn_recv),
	    SYNRECV("tcp_v6_syn_recv_sock", sonde_tcp_syn_recv6)),
	NET(udp, "receive", 5,
	    KP("udp_queue_rcv_skb", sonde_udp_recv),
	    KP("udpv6_queue_rcv_skb", sonde_udp_recv)),
	NET(udp, "send", 5,
	    KP("ip_send_skb", sonde_udp_send4),
	    KP("ip6_send_skb", sonde_udp_send6)),
};
#undef NET
#undef SYNRECV
#undef KP
#undef TP

static int sonde_net_provide(struct sonde_state *st,
			     const struct sonde_probe_desc *desc)
{
	static bool made;

	return sonde_sdt_provide(sonde_net_sdts, ARRAY_SIZE(sonde_net_sdts),
				 desc, &made);
}

const struct sonde_provider sonde_ip_provider = {
	.name = "ip",
	.flags = SONDE_PROVF_REGS_STACK,	/* kprobes' regs */
	.kaddr_args = SONDE_ARGS_ALL,		/* skb, socket, headers */
	.provide = sonde_net_provide,
	.enable = sonde_sdt_enable,
	.disable = sonde_sdt_disable,
};

const struct sonde_provider sonde_tcp_provider = {
	.name = "tcp",
	.flags = SONDE_PROVF_REGS_STACK,
	.kaddr_args = SONDE_ARGS_ALL,
	.provide = sonde_net_provide,
	.enable = sonde_sdt_enable,
	.disable = sonde_sdt_disable,
};

const struct sonde_provider sonde_udp_provider = {
	.name = "udp",
	.flags = SONDE_PROVF_REGS_STACK,
	.kaddr_args = SONDE_ARGS_ALL,
	.provide = sonde_net_provide,
	.enable = sonde_sdt_enable,
	.disable = sonde_sdt_disable,
};
