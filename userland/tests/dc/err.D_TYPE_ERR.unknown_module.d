/* a module-scoped type of a module that has no BTF: the one error (the
 * assignment was once compiled from the unfinished tree and crashed) */
BEGIN { x = sizeof (struct no_such_mod`file); }
