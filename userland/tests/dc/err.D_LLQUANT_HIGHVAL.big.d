BEGIN { @ = llquantize(arg0, 10, 0, 65536, 10); }
