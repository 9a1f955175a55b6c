
             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: ee ff c0 00 73 6f 6e 64 65 2d 63 6f 70 79 69 6e  ....sonde-copyin

