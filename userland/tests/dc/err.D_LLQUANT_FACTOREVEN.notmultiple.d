BEGIN { @a = llquantize(arg0, 10, 0, 6, 15); }
