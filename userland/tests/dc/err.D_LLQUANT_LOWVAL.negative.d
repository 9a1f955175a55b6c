BEGIN { @ = llquantize(arg0, 10, -1, 6, 10); }
