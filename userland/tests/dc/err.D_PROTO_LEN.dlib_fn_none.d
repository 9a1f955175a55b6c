/*
 * A D library function called without its argument: dt_node_proto()'s
 * D_PROTO_LEN (it was D_IDENT_BADREF, the words of an inline array not
 * indexed).
 * @msg: mutex_owned( ) prototype mismatch: 0 args passed, 1 expected
 */
BEGIN
{
	trace(mutex_owned());
}
