/* a subroutine of DTrace's that sonde does not generate: said so */
BEGIN { trace(rw_write_held(arg0)); }
/* @msg: subroutine rw_write_held() is not supported yet */
