-- @@stderr --
sonde: script 'err.pprof_no_stack.d' matched 1 probe
sonde: -O pprof: no aggregation has a stack(), ustack() or jstack() key: a profile is of stacks
