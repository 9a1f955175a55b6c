# SPDX-License-Identifier: GPL-2.0
#
# py313.sh ARGS: Debian 13's python3.13 with ARGS, in its own root
# /trixie (run-guest.sh puts it there: it needs Debian 13's C library),
# under chroot, with the guest's /selftests, /tmp, /proc and /dev bound
# over the same paths there, so that a program's file has one name inside
# and out (give its absolute path).  The interpreter replaces this shell:
# `sh py313.sh ... &` leaves its pid in $!.
R=/trixie
[ -x "$R/usr/bin/python3.13" ] || { echo "py313.sh: no $R/usr/bin/python3.13" >&2; exit 127; }
for d in /selftests /tmp /proc /dev; do
	grep -q "^[^ ]* $R$d " /proc/mounts || mount --bind "$d" "$R$d" || exit 1
done
exec chroot "$R" /usr/bin/python3.13 "$@"
