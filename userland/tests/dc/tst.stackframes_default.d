/*
 * The frames of stack() and ustack() without an argument: DTrace's
 * defaults, stackframes 20 and ustackframes 100 (dt_open.c's
 * _dtrace_stackframes and _dtrace_ustackframes): a 66-frame user stack
 * (dtrace-utils' ustack tests) must not be cut at 20.
 */
BEGIN { stack(); ustack(); exit(0); }
