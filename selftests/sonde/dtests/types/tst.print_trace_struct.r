(nil) = *
                                            (struct known_rec) {
                                             .magic = (int32_t)-123456,
                                             .small = (uint16_t)48879,
                                             .lo = (uint8_t)5,
                                             .hi = (uint8_t)17,
                                             .name = (char [13]) [
                                              (char)'s',
                                              (char)'o',
                                              (char)'n',
                                              (char)'d',
                                              (char)'e',
                                              (char)'-',
                                              (char)'s',
                                              (char)'t',
                                              (char)'r',
                                              (char)'u',
                                              (char)'c',
                                              (char)'t',
                                             ],
                                             .big = (uint64_t)81985529216486895,
                                             .arr = (int16_t [3]) [
                                              (int16_t)-1,
                                              (int16_t)2,
                                              (int16_t)-3,
                                             ],
                                             },
                                            }

             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: c0 1d fe ff ef be 8d 73 6f 6e 64 65 2d 73 74 72  .......sonde-str
        10: 75 63 74 00 00 00 00 00 ef cd ab 89 67 45 23 01  uct.........gE#.
        20: ff ff 02 00 fd ff 00 00                          ........
0xADDR = *
                                            (struct task_struct) {
                                             .pid = (pid_t)PID,
