/*
 * maxframes caps every stack's frames, the default ones and those asked
 * for, silently (dt_cg_stack_arg()): dtrace-utils' ustack max25 tests.
 */
#pragma D option maxframes=25
BEGIN { stack(); ustack(); ustack(40); stack(3); exit(0); }
