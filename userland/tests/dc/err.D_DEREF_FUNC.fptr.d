/* * of a function pointer */
typedef int (*fn_t)(int);
BEGIN { trace(*(fn_t)0); }
