# The profile probe's id and the ERROR's DIF offset; the idle task is
# sampled a number of times that varies: the same ERROR line once.
sed -E 's/ \(ID [0-9]+: profile:::/ (ID I: profile:::/; s/ at DIF offset [0-9]+$/ at DIF offset N/' | uniq
