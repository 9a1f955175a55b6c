# The CPU and the probe id ("%3d %6d " of each record: tick probes are
# the module's), and uaddr()'s offset into the function (it varies with
# the build; the column's padding with it).
sed -E 's/^[ 0-9]{3} [ 0-9]{6} /  C      I /; s/\+0x[0-9a-f]+ +/+0xOFF  /'
