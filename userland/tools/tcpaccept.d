#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tcpaccept.d - trace passive TCP connections: one line for each
 * connection a local listener establishes (tcp:::accept-established) or
 * refuses (tcp:::accept-refused: a SYN to a port nobody listens on),
 * IPv4 and IPv6, with the addresses and ports.  The process is the
 * listener's when the kernel knows it; the handshake ends in a softirq.
 *
 * USAGE: tcpaccept.d [PORT]
 *   PORT   only connections to local port PORT
 *
 * Traces until ^C, or until the -c command ends.  tcpaccept.d(8).
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
	printf("USAGE: tcpaccept.d [PORT]\n");
	printf("  PORT   only connections to local port PORT\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/!usage/
{
	printf("%-2s %-39s %5s %-39s %5s %s\n", "IP", "LADDR", "LPORT",
	    "RADDR", "RPORT", "RESULT");
}

tcp:::accept-established,
tcp:::accept-refused
/!usage && (port == 0 || args[3]->tcps_lport == port)/
{
	printf("%-2d %-39s %5d %-39s %5d %s\n", args[2]->ip_ver,
	    args[3]->tcps_laddr, args[3]->tcps_lport, args[3]->tcps_raddr,
	    args[3]->tcps_rport,
	    probename == "accept-established" ? "established" : "refused");
}
