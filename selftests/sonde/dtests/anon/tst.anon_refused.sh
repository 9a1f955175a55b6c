# SPDX-License-Identifier: GPL-2.0
#
# The anonymous enabling's file is untrusted input: garbage, a truncated
# file, a corrupt one, one whose checksum matches but whose program the
# verifier refuses, one naming a probe the kernel has not, one whose
# enabling names no probe of its table.  Each is named in the kernel log
# with the reason; the module loads without anonymous state (sonde -a
# says so) and without a splat.  anonymous=0 skips a good file; no file
# is no state, silently.  A state nobody claimed goes with rmmod.
. ./lib.sh

"$SONDE" -A -o "$T/good.img" -qn 'BEGIN { printf("hello\n"); exit(0); }' \
	2> /dev/null || exit 1
try() {	# WHAT [PARAM...]
	what=$1
	shift
	echo "== $what"
	anon_mark
	anon_reload "$@" || exit 1
	anon_log
	t "$SONDE" -a
}
printf 'not an anonymous enabling\n' > "$T/bad.img"
try garbage anonymous_path="$T/bad.img"
head -c 100 "$T/good.img" > "$T/bad.img"
try truncated anonymous_path="$T/bad.img"
cp "$T/good.img" "$T/bad.img"
printf 'X' | dd of="$T/bad.img" bs=1 seek=200 conv=notrunc 2> /dev/null
try corrupt anonymous_path="$T/bad.img"
cp "$T/good.img" "$T/bad.img"
anon-patch "$T/bad.img" insn
try "a bad instruction, resealed" anonymous_path="$T/bad.img"
cp "$T/good.img" "$T/bad.img"
anon-patch "$T/bad.img" probe
try "an unknown probe, resealed" anonymous_path="$T/bad.img"
cp "$T/good.img" "$T/bad.img"
anon-patch "$T/bad.img" ecb
try "an enabling of probe 0, resealed" anonymous_path="$T/bad.img"
try "anonymous=0" anonymous_path="$T/good.img" anonymous=0
try "no file" anonymous_path="$T/none.img"
echo "== the good file"
anon_mark
anon_reload anonymous_path="$T/good.img" || exit 1
anon_log
t "$SONDE" -a
echo "exit status $?"
echo "== unclaimed when the module is removed"
anon_reload anonymous_path="$T/good.img" || exit 1
rmmod sonde && echo "rmmod: torn down"
insmod "$KO" || echo "insmod $KO failed"
