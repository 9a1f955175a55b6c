# The CPU and the probe id ("%3d %6d " of each record).
sed -E 's/^[ 0-9]{3} [ 0-9]{6} /  C      I /'
