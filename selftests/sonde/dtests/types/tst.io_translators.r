vda vda <none> 8192
blkno 2048
major (vda's)

