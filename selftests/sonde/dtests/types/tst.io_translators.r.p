# vda's major number, which the kernel chose.
major=$(cut -d: -f1 /sys/block/vda/dev)
sed "s/^major $major\$/major (vda's)/"
