#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tcpconnect.d - trace active TCP connections: one line for each
 * connect() that a local process starts (the tcp provider's
 * connect-request, the SYN sent), IPv4 and IPv6, with the process, the
 * addresses and the remote port; at the end, how many were refused
 * (connect-refused: no listener at the remote port).
 *
 * USAGE: tcpconnect.d [PORT]
 *   PORT   only connections to remote port PORT
 *
 * Traces until ^C, or until the -c command ends.  tcpconnect.d(8).
 */

#pragma D option quiet
#pragma D option defaultargs
#pragma D option switchrate=10hz

BEGIN
{
	port = strtoll($$1);
	usage = $$1 == "help" || ($$1 != "" && (port <= 0 || port > 65535));
}

BEGIN
/usage/
{
	printf("USAGE: tcpconnect.d [PORT]\n");
	printf("  PORT   only connections to remote port PORT\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/!usage/
{
	printf("%-7s %-16s %-2s %-39s %-39s %5s\n", "PID", "COMM", "IP",
	    "SADDR", "DADDR", "DPORT");
}

tcp:::connect-request
/!usage && (port == 0 || args[4]->tcp_dport == port)/
{
	printf("%-7d %-16s %-2d %-39s %-39s %5d\n", pid, execname,
	    args[2]->ip_ver, args[3]->tcps_laddr, args[3]->tcps_raddr,
	    args[4]->tcp_dport);
}

tcp:::connect-refused
/!usage && (port == 0 || args[3]->tcps_rport == port)/
{
	refused++;
}

END
/!usage && refused/
{
	printf("%d refused\n", refused);
}
