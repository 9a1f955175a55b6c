/* ufunc() names an address as an aggregation key, in printf() and as an
 * action; it has no value in an expression (dt_cg: DT_IDENT_ACTFUNC) */
profile-997 { x = ufunc(arg1); }
