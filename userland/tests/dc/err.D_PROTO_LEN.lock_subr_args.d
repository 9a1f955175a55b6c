/* a lock subroutine takes one lock: dtrace's D_PROTO_LEN (it was
 * D_ARR_BADREF, the inline's words) */
BEGIN { trace(mutex_owned(0, 1)); }
/* @msg: mutex_owned( ) prototype mismatch: 2 args passed, 1 expected */
