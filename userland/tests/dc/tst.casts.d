BEGIN
{
	trace((int8_t)arg0);
	trace((unsigned short)arg0);
	trace((long long)pid);
	trace((unsigned long)uid);
	trace((char *)arg0);
	trace((const unsigned char)arg1);
	trace((size_t)arg0 + (ssize_t)arg1);
}
