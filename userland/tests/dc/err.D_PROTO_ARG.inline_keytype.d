/* an inline's key of the wrong kind */
inline int twice[int a] = a * 2;
BEGIN { trace(twice["x"]); }
/* @msg: twice[ ] argument #1 is incompatible with prototype: */
/* @msg: argument: string */
