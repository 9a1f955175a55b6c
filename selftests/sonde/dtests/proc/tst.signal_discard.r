signal-discard 12 sender 1 thread 1: 7

