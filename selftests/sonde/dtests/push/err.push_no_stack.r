-- @@stderr --
sonde: script 'err.push_no_stack.d' matched 1 probe
sonde: --push: no aggregation has a stack(), ustack() or jstack() key: a profile is of stacks
