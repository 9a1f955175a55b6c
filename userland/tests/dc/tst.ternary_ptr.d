/* ?: of pointers: the same type, one NULL, one void *: the pointer's type,
 * so that -> applies to the result */
BEGIN
{
	trace((pid ? curthread : curthread)->pid);
	trace((pid ? curthread : NULL)->tgid);
	trace((pid ? (void *)0 : curthread->real_parent)->pid);
}
