rc=0
DISK   %RAN %SEQ  COUNT     MIN     MAX     AVG       KR       KW
vda      10   90     10    4096    4096    4096       40        0

