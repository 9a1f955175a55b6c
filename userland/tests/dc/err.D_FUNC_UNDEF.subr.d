/* a subroutine of Solaris's that Linux has nothing for: unimplemented, as
 * in Oracle's DTrace for Linux, with what to use */
syscall::open:entry { trace(msgsize(arg0)); }
/* @msg: unimplemented subroutine: msgsize (Solaris STREAMS messages: Linux has none) */
