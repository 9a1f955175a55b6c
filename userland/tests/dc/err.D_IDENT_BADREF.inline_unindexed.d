/* an inline with a tuple signature named without its keys */
inline int twice[int a] = a * 2;
BEGIN { trace(twice); }
/* @msg: twice[] is an inline array: it must be indexed (twice[a]) */
