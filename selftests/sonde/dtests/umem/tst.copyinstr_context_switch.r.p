# The tracepoint's id, `secret`'s address and the ERROR's DIF offset; the
# number of switches traced varies: the same ERROR line once.
sed -E 's/ \(ID [0-9]+: tracepoint:/ (ID I: tracepoint:/; s/invalid address \(0x[0-9a-f]+\)/invalid address (ADDR)/; s/ at DIF offset [0-9]+$/ at DIF offset N/' | uniq
