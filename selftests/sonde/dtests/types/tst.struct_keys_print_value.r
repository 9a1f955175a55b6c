seen 5
struct known_rec {
    int32_t magic = 0xfffe1dc0
    uint16_t small = 0xbeef
    uint8_t lo :3 = 0x5
    uint8_t hi :5 = 0x11
    char [13] name = [ "sonde-struct" ]
    uint64_t big = 0x123456789abcdef
    int16_t [3] arr = [ 0xffff, 0x2, 0xfffd ]
}


             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: c0 1d fe ff ef be 8d 73 6f 6e 64 65 2d 73 74 72  .......sonde-str
        10: 75 63 74 00 00 00 00 00 ef cd ab 89 67 45 23 01  uct.........gE#.
        20: ff ff 02 00 fd ff 00 00                          ........
                1
        0                1
