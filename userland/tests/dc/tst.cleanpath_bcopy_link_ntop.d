/* cleanpath(), bcopy() into an alloca() buffer, link_ntop() */
fbt::vfs_read:entry
{
	trace(cleanpath("/usr/lib/../share//./doc/"));
	this->b = alloca(16);
	bcopy((void *)arg0, this->b, 16);
	trace(*(uint64_t *)this->b);
	trace(link_ntop(1, arg1));
}
