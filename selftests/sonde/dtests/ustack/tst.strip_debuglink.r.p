# The frames' offsets into their functions and, without the debug
# file, their addresses and the column's padding after them (they vary
# with the build and the C library).
sed -E 's/\+0x[0-9a-f]+$/+0xOFF/; s/`0x[0-9a-f]+ *$/`0xADDR/'
