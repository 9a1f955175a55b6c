BEGIN { @ = llquantize(arg0, 65536, 0, 1, 65536); }
