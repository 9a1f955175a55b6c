# reject.commit_with_record: commit() in a clause that records data.  The
# compiler refuses it (D_COMM_DREC, D_DREC_COMM); the kernel accepted such
# an image from any other client, and firing it appended the speculation
# at the clause's own reserved record, then committed that record over
# it: the principal buffer's offset ran past the buffer's end
-- recsize
8
-- asm
call r1, speculation, r0, 0
call r2, commit, r1, 1
emit8 r1, 0
ret r0
-- error
EACCES insn 1: commit() in a clause that records data
