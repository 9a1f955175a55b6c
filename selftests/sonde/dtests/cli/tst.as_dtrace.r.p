# the instruction index of the fault is the compiler's to choose
sed 's/ at BPF pc [0-9][0-9]*$/ at BPF pc N/'
