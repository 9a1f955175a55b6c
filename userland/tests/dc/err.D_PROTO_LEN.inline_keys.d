/* an inline with a tuple signature takes as many keys as it declares */
inline int add[int a, int b] = a + b;
BEGIN { trace(add[1]); }
/* @msg: add[ ] prototype mismatch: 1 key passed, 2 expected */
