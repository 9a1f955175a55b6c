/* as DTrace: a negative parameter is a huge unsigned one */
BEGIN { @ = llquantize(arg0, -10, 0, 6, 10); }
