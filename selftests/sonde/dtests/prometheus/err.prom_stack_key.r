-- @@stderr --
sonde: script 'err.prom_stack_key.d' matched 1 probe
sonde: -O prometheus: key 1 of @k is stack(), which cannot be a label value: use -O folded for stacks
