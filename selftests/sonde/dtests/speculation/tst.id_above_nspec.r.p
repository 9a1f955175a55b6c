# The ERROR's DIF offset, which is the compiler's choice.
sed -E 's/ at DIF offset [0-9]+$/ at DIF offset N/'
