/*
 * copyin(): the common D uses, run on the userland VM (user memory at
 * 0x2000 holds "hello, world\n\0" then 01 02 .. 08 ff fe).
 */
BEGIN { trace(*(int *)copyin(0x2000, 4)); }
BEGIN { trace(*(uint16_t *)copyin(0x2000, 2)); }
BEGIN { trace(((char *)copyin(0x2000, 8))[4]); }
BEGIN { trace(*((uint8_t *)copyin(0x2000, 16) + 14)); }
BEGIN { trace(*((int8_t *)copyin(0x2000, 24) + 22)); }
BEGIN { trace(*((int16_t *)copyin(0x2000, 24) + 11)); }
BEGIN { this->p = 0x2000; trace(*(long *)copyin(this->p + 14, 8)); }
BEGIN { this->i = 3; trace(((uint8_t *)copyin(0x200e, 8))[this->i]); }
BEGIN { trace(stringof(copyin(0x2000, 5))); }
BEGIN { printf("%s", stringof(copyin(0x2000, 12))); }
BEGIN { trace(stringof((char *)copyin(0x2000, 12) + 7)); }
BEGIN { trace(copyin(0x2000, 5)); }
BEGIN { trace((uint8_t *)copyin(0x200e, 4)); }
BEGIN { tracemem(copyin(0x2000, 16), 16); }
BEGIN { x = *(int *)copyin(0x2000, 4); @sizes[stringof(copyin(0x2000, 4))] = sum(x); }
BEGIN / *(char *)copyin(0x2000, 1) == 'h' / { trace("pred"); }
BEGIN { trace(*(int *)copyin(0x10, 4)); }
BEGIN { trace(*(int *)copyin(0x2000, 1000000)); }
BEGIN { trace(*((int *)copyin(0x2000, 4) + 4)); }
