/* dt_printf_validate()'s words, the prototype on lines of its own */
/* @msg: printf( ) argument #2 is incompatible with conversion #1 prototype: */
/* @msg: 	conversion: %lld */
/* @msg: 	 prototype: long long */
/* @msg: 	  argument: string */
BEGIN { printf("%lld\n", "x"); }
