# the ERROR's DIF offset (the compiler's choice)
sed -E 's/ at DIF offset [0-9]+$/ at DIF offset N/'
