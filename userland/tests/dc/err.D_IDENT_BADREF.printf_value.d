/* an action named as a value: a function, not an unknown variable */
BEGIN { trace(printf); }
/* @msg: printf is a function: it must be called */
