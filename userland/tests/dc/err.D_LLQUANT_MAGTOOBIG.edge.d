/* 2^(62 + 2) does not fit in 64 bits; high 61 does (tst.llquantize_edges) */
BEGIN { @ = llquantize(arg0, 2, 0, 62, 2); }
