/* an inline with a tuple signature takes as many keys as it declares */
inline int add[int a, int b] = a + b;
BEGIN { trace(add[1]); }
/* @msg: inline add takes 2 keys, not 1 */
