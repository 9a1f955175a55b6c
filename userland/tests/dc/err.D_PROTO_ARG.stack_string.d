/* @msg: stack( ) argument #1 is incompatible with prototype: */
BEGIN { stack("ten"); }
