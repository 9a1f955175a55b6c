BEGIN { @ = llquantize(arg0, 10, 4, 3, 10); }
