BEGIN { @a = llquantize(arg0, 10, 0, 30, 10); }
