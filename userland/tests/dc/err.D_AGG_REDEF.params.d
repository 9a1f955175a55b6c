BEGIN { @a = lquantize(arg0, 0, 10); @a = lquantize(arg0, 0, 20); }
