# reject.destructive_off: a destructive action in an image without the
# destructive option, whoever made the image
-- asm
movi r1, 10
call r1, raise, r1, 1
ret r0
-- error
EACCES raise() is a destructive action: the destructive option is off
