# spec.commit_no_record: commit() in a clause that records nothing is fine
-- asm
call r1, speculation, r0, 0
call r2, commit, r1, 1
mov r0, r2
ret r0
-- result
0
