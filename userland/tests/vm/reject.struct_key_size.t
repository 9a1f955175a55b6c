# reject.struct_key_size: a struct key of more than SONDE_MAX_BYREF bytes
# is refused when the image is loaded
-- aggs
count keys=bytes:8193
-- asm
ret r0
-- error
EINVAL a struct of 8193 bytes
