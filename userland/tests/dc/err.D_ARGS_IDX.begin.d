/* BEGIN has no arguments, as in DTrace */
BEGIN { trace(args[0]); }
