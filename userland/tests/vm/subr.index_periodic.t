# subr.index_periodic: a needle whose prefix recurs makes the linear search
# fall back through its borders (Knuth-Morris-Pratt)
-- asm
lds r1, "aaaaaaaaab"
lds r2, "aaab"
call r3, index, r1, 2
ret r3
-- result
6
