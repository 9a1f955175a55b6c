BEGIN { @ = llquantize(arg0, 10, 0, 6, arg1); }
