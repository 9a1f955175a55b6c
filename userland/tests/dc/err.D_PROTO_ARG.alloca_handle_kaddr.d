/* a handle is no kernel address: inet_ntoa() reads kernel memory */
/* @msg: inet_ntoa( ) argument #1 is incompatible with prototype */
BEGIN
{
	p = (ipaddr_t *)alloca(4);
	trace(inet_ntoa(p));
}
