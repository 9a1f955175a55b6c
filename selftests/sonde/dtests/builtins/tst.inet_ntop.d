/* SPDX-License-Identifier: GPL-2.0 */
/*
 * inet_ntoa(), inet_ntoa6(), inet_ntop() of addresses the kernel holds
 * (issue 31): in6addr_loopback (::1) and in6addr_linklocal_allnodes
 * (ff02::1), and the last 4 bytes of ::1 as an IPv4 address; the D
 * library's ipaddr_t, in6_addr_t, AF_INET, AF_INET6 (net.d).
 */
#pragma D option quiet

BEGIN
{
	printf("%s\n", inet_ntoa6((in6_addr_t *)&`in6addr_loopback));
	printf("%s\n", inet_ntop(AF_INET6, (void *)&`in6addr_linklocal_allnodes));
	printf("%s\n", inet_ntoa((ipaddr_t *)((uintptr_t)&`in6addr_loopback + 12)));
	printf("%s\n", inet_ntop(AF_INET, (void *)((uintptr_t)&`in6addr_loopback + 12)));
	exit(0);
}
