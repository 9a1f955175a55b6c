# reject.ldureg_unused: ldureg's unused fields must be zero
-- asm
.byte ldureg, 1, 2, 3, 0
ret r0
-- error
EINVAL unused field rt must be zero
