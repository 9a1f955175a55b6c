BEGIN
{
	trace(1 + 2 * 3);
	trace((1 + 2) * 3);
	trace(1 << 2 + 1);
	trace(10 - 4 - 3);
	trace(2 * 3 % 4);
	trace(1 | 2 ^ 3 & 4);
	trace(1 < 2 == 1);
	trace(!0 && 1 || 0);
	trace(1 ? 2 : 3 ? 4 : 5);
	trace(-1 >> 1);
	trace(~0u >> 1);
	trace(1 ^^ 1);
	trace(sizeof (int) + sizeof (uint64_t));
	trace((char)257);
	trace((uint32_t)-1);
	trace(0x7fffffff + 1);
	trace(0xffffffffffffffffull);
	trace(017 + 'a' + '\n');
	exit(0);
}
