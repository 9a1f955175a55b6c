# The probe's id (given when the process's probes are made) and the
# ERROR's DIF offset (the compiler's choice).
sed -E 's/ \(ID [0-9]+: sonde_test[0-9]+:/ (ID I: sonde_testPID:/; s/ at DIF offset [0-9]+$/ at DIF offset N/'
