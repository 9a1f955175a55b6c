/*
 * alloca() scratch kept in a clause-local, filled by copyinto() (the test
 * world's user memory at 0x2000 holds "hello, world\n").
 */
BEGIN
{
	this->buf = alloca(16);
	copyinto(0x2000, 5, this->buf);
	printf("%s %d %d\n", stringof(this->buf), *((char *)this->buf + 1),
	    *((char *)this->buf + 5));
}
