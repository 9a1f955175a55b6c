# ureg.orig_rax: uregs[R_ERR] inside ioctl(2) is its syscall number
-- asm
movi r1, 15
ldureg r2, r1
ret r2
-- result
16
