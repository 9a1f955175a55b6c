/* integer subroutines; stringof and copyinstr of a bad address fault */
BEGIN
{
	printf("%x %x %x %x %x %x\n", htons(0x1234), htonl(0x12345678),
	    htonll(0x0102030405060708), ntohs(0x3412), ntohl(0x78563412),
	    ntohll(0x0807060504030201));
	x = rand();
	y = rand();
	trace(x != y);
}

BEGIN
{
	trace(copyinstr(arg0, 8));
}

BEGIN
{
	trace(stringof(arg1));
}
