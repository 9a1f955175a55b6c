# SPDX-License-Identifier: GPL-2.0
#
# -O pprof -o FILE: libc's write() from writer(), 200 calls, as a profile
# (pprof.d; read back by pprof-dump): the samples through writer, outer
# and main, each a function with its file and line, innermost first, add
# up to exactly 200, and nothing is written on stdout.
# @@timeout: 120
line() { grep -n "# $1\$" jstack_prog.py | cut -d: -f1; }
"$SONDE" -O pprof -o "$T/p.pb.gz" -s pprof.d \
	-c 'python3.11 jstack_prog.py write 200' > "$T/out" 2> /dev/null
echo "exit status $?, stdout bytes $(wc -c < "$T/out")"
want="writer [^ ;]*jstack_prog.py:$(line WRITE);outer [^ ;]*jstack_prog.py:$(line OUTER_WRITE);main [^ ;]*jstack_prog.py:$(line MAIN)"
pprof-dump "$T/p.pb.gz" > "$T/dump" || echo "pprof-dump failed"
n=$(grep -E "$want" "$T/dump" | sed 's/^sample \([0-9]*\):.*/\1/' |
	awk '{ s += $1 } END { print s + 0 }')
echo "samples through writer, outer, main: $n"
[ "$n" = 200 ] || grep '^sample' "$T/dump"
