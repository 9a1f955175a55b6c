# SPDX-License-Identifier: GPL-2.0
#
# offcputime.d: toolwork sleeps 5 times 50 ms: at least 250 ms off the
# CPU in a stack through the kernel's nanosleep.
. ./lib.sh
tool offcputime -c "toolwork nap 50 5"
echo "rc=$?"
sed -n '1p' "$T/out"
# each entry: "toolwork", the stack, "  N us"; the one that sleeps
awk '/^toolwork/ { s = 0 } /nanosleep/ { s = 1 } / us$/ && s { print "toolwork nanosleep"; n = $1; s = 0 } END { print (n >= 250000 ? "at least 250 ms" : "only " n " us") }' "$T/out"
