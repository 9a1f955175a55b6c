# reject.empty_program: an actions program needs at least a ret
-- asm
-- error
EINVAL empty program
