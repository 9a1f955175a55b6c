/* @args: 42 hello 0x10 -5 */
syscall::read:entry
/pid == $target && $1 == 42 && $3 == 16 && $4 < 0/
{
	printf("%d %s %d\n", $pid, $$2, $1 + $3);
}
