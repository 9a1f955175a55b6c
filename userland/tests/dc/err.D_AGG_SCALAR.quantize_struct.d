/* @msg: quantize( ) argument #1 must be of scalar type */
BEGIN { @q = quantize(curthread->comm); }
