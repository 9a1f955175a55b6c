/* @msg: llquantize() steps (argument #4) doesn't match previous declaration: expected 10, found 20 */
BEGIN { @a = llquantize(arg0, 10, 0, 3, 10); @a = llquantize(arg0, 10, 0, 3, 20); }
