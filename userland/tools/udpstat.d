#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * udpstat.d - UDP datagrams and bytes by direction, process and local
 * port (udp:::send, udp:::receive), IPv4 and IPv6: which programs talk
 * UDP, and how much.  Datagrams received are counted where the kernel
 * delivers them (often a softirq: the process may be another's).
 *
 * USAGE: udpstat.d [SECONDS]
 *   SECONDS   print and stop after SECONDS (default: at ^C or when the
 *             -c command ends)
 *
 * udpstat.d(8).
 */

#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	secs = strtoll($$1);
	usage = $$1 == "help" || ($$1 != "" && secs <= 0);
}

BEGIN
/usage/
{
	printf("USAGE: udpstat.d [SECONDS]\n");
	printf("  SECONDS   print and stop after SECONDS\n");
	exit($$1 == "help" ? 0 : 2);
}

udp:::send
/!usage/
{
	@n["send", execname, args[3]->udps_lport] = count();
	@b["send", execname, args[3]->udps_lport] = sum(args[4]->udp_length - 8);
}

udp:::receive
/!usage/
{
	@n["receive", execname, args[3]->udps_lport] = count();
	@b["receive", execname, args[3]->udps_lport] = sum(args[4]->udp_length - 8);
}

tick-1s
/secs && ++ticks == secs/
{
	exit(0);
}

END
/!usage/
{
	printf("%-8s %-16s %6s %10s %12s\n", "DIR", "COMM", "LPORT",
	    "DATAGRAMS", "BYTES");
	printa("%-8s %-16s %6d %@10d %@12d\n", @n, @b);
}
