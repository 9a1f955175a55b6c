/* -> of a pointer to an integer */
BEGIN { trace(((int *)0)->x); }
