/* a module-scoped struct its module's BTF lacks, in a cast: one error,
 * not a syntax error after it */
BEGIN { trace(((struct vmlinux`no_such_type *)0)->x); }
