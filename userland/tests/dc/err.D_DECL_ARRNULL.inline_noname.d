/* an inline's tuple signature names each parameter */
inline int twice[int] = 2;
/* @msg: inline twice: parameter 1 of its tuple signature has no name */
