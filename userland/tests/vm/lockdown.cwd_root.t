# lockdown.cwd_root: the process's own working directory and root are
# names, not addresses: allowed under confidentiality lockdown (the root
# is "/" in both worlds; the working directory is the test's own)
-- lockdown
confidentiality
-- recsize
256
-- asm
ldb r1, cwd
ldb r2, root
emits r2, 0
ret r0
-- record
2f 00
