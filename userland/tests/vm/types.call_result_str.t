# types.call_result_str
-- recsize
256
-- asm
lds r1, "x"
call r2, toupper, r1, 1
call r3, strlen, r2, 1
ret r3
-- result
1
