BEGIN { @a = lquantize(arg0, arg1, 10); }
