# How many records a 4k buffer keeps, and how many drops on which CPUs,
# vary with the record layout and the CPU loop-getppid ran on: the
# records become one line saying some were kept, the drop lines one.
awk '/^[0-9]+$/ { n++; next }
     /^sonde: [0-9]+ drops on CPU [0-9]+$/ { if (!d++) print "sonde: N drops on CPU C"; next }
     { print }
     END { if (n > 0) print "records kept"; else print "no records" }'
