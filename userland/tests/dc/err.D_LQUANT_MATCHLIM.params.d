/* @msg: lquantize( ) limit (argument #2) doesn't match previous declaration: expected 10, found 20 */
BEGIN { @a = lquantize(arg0, 0, 10); @a = lquantize(arg0, 0, 20); }
