/* the distance between an alloca() pointer and a kernel one */
/* @msg: adding or subtracting pointers to alloca and non-alloca space is meaningless */
BEGIN
{
	a = (char *)alloca(1);
	trace(a - (char *)arg0);
}
