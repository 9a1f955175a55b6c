# lockdown.kstack: stack() records kernel text addresses
-- lockdown
confidentiality
-- recsize
8
-- asm
emitkstack 0, 1
ret r0
-- error
EPERM insn 0: stack() records kernel addresses
