/* a subroutine of DTrace's that sonde does not generate: said so */
BEGIN { trace(msgsize(arg0)); }
/* @msg: subroutine msgsize() is not supported yet */
