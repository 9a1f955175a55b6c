/* print() of a pointer to void: nothing to show */
BEGIN { print((void *)0); }
