# reject.agg_count_incr: count() with an increment once passed with the
# value register r15, and the interpreter read the increment from r16,
# past the register file (found by fuzz_vm)
-- aggs
count incr
-- asm
agg @0, r0, r15
ret r0
-- error
EINVAL count() takes no increment
