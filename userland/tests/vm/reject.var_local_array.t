# reject.var_local_array
-- vars
local int keys=int
-- asm
ret r0
-- error
EINVAL clause-local arrays are not allowed
