# reject.branch_past_end
-- asm
ja +5
ret r0
-- error
EINVAL past the end
