# What freopen() wrote to $T/f.out.
cat
echo "-- f.out --"
cat "$T/f.out"
