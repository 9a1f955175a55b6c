/* DTrace: the high magnitude must be greater than the low one */
BEGIN { @ = llquantize(arg0, 10, 3, 3, 10); }
