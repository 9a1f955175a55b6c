BEGIN { @a = llquantize(arg0, 1, 0, 10, 10); }
