BEGIN { @a = lquantize(arg0, 10, 5); }
