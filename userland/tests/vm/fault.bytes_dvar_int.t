# fault.bytes_dvar_int: a struct thread-local given an integer other
# than 0 (no buffer): a bad buffer at run time, nothing stored
-- vars
tls bytes=8
-- asm
movi r1, 5
stt v0, r1
ret r0
-- fault
invalid address at 1 addr 0x5
