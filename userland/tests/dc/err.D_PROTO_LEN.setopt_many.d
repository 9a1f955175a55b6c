/* @msg: setopt( ) prototype mismatch: 3 args passed, at most 2 expected */
/* dt_idcook_sign(): a function with optional arguments says "at most" */
BEGIN { setopt("quiet", "yes", "no"); }
