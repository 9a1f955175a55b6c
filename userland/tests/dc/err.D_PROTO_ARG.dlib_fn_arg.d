/*
 * A D library function (lockstat.d's mutex_owned()) given an argument
 * of the wrong kind: dtrace's D_PROTO_ARG (it was D_ARR_BADREF).
 * @msg: mutex_owned( ) argument #1 is incompatible with prototype:
 */
BEGIN
{
	trace(mutex_owned("badarg"));
}
