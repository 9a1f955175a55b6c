BEGIN { trace(0x1ffffffffffffffff); }
