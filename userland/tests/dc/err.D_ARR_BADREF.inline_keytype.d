/* an inline's key of the wrong kind */
inline int twice[int a] = a * 2;
BEGIN { trace(twice["x"]); }
/* @msg: inline twice: key #1 is "string", not "int" */
