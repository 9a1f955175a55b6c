# The probe's id, the process's pid in its provider's name, the faulting
# address (where the kernel put the page) and the ERROR's DIF offset.
sed -E 's/ \(ID [0-9]+: sonde_test[0-9]+:/ (ID I: sonde_testPID:/; s/invalid address \(0x[0-9a-f]+\)/invalid address (ADDR)/; s/ at DIF offset [0-9]+$/ at DIF offset N/'
