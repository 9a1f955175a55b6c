/* a built-in variable of DTrace's that sonde has not: said so (it was an
 * unknown variable) */
BEGIN { trace(cwd); }
/* @msg: built-in variable cwd is not supported yet */
