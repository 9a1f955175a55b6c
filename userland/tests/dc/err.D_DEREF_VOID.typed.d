/* * of a void pointer */
BEGIN { trace(*(void *)0); }
