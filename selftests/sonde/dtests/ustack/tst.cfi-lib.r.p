# Offsets into functions are the compiler's choice, and libc's static
# functions (no .symtab in Debian's libc) are named by their address,
# which ASLR moves: both masked, the frames' order and names kept.
sed -E -e 's/`0x[0-9a-f]+$/`0xADDR/' -e 's/\+0x[0-9a-f]+$/+0xOFF/'
