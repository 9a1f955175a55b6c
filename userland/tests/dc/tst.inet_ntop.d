/* inet_ntoa(), inet_ntoa6(), inet_ntop() and the D library's network
 * types (net.d) */
fbt::ip_rcv:entry
{
	this->a = (ipaddr_t *)arg0;
	trace(inet_ntoa(this->a));
	trace(inet_ntoa6((in6_addr_t *)arg0));
	trace(inet_ntop(AF_INET6, (void *)arg0));
	@[inet_ntop(AF_INET, (void *)arg1)] = count();
}
