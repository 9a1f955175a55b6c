/* @notarget: $target is 0 without -c or -p, $pid the compiler's own
 * process (dtrace's macros) */
BEGIN
{
	trace($target);
	trace($pid);
	trace($pid == pid);
}
