/* more frames than the most: silently the most (dt_cg_stack_arg()) */
BEGIN { stack(100000); ustack(100000); exit(0); }
