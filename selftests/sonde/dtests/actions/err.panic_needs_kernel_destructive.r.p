# The instruction's index, which is the compiler's choice.
sed -E 's/\(insn [0-9]+: /(insn N: /'
