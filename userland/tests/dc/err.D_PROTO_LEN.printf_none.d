/* @msg: printf( ) prototype mismatch: 0 args passed, at least 1 expected */
BEGIN { printf(); }
