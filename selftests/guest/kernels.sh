#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kernels.sh - the kernel releases `make check` tests: for each kernel
# series Debian 12 ships (SONDE_SERIES, default "6.1 6.12"), the newest
# release installed with both its headers (/usr/src/linux-headers-R or
# /lib/modules/R/build) and its image (/boot/vmlinuz-R), one per line.
# Only the generic amd64 flavour: not -cloud-amd64 nor -rt-amd64.
#
# A series with no such release is an error that names the packages to
# install ('make deps' installs both series), so `make check` can never
# pass having quietly tested one kernel.
set -euo pipefail

SERIES=${SONDE_SERIES:-6.1 6.12}
missing=()
for s in $SERIES; do
	rel=$(
		for d in /usr/src/linux-headers-"$s".*-amd64 /lib/modules/"$s".*-amd64; do
			[ -e "$d" ] || continue
			r=$(basename "$d")
			r=${r#linux-headers-}
			case $r in *-cloud-amd64 | *-rt-amd64) continue ;; esac
			[ -e "/boot/vmlinuz-$r" ] || continue
			[ -e "/usr/src/linux-headers-$r/Makefile" ] ||
				[ -e "/lib/modules/$r/build/Makefile" ] || continue
			echo "$r"
		done | sort -uV | tail -n 1
	)
	if [ -n "$rel" ]; then
		echo "$rel"
	else
		missing+=("$s")
	fi
done
if [ ${#missing[@]} -gt 0 ]; then
	for s in "${missing[@]}"; do
		if [ "$s" = 6.1 ]; then
			pk="linux-headers-amd64 linux-image-amd64"
		else
			pk="linux-headers-$s-amd64 linux-image-$s-amd64"
		fi
		echo "kernels: no kernel of the $s series with headers and image installed; 'make deps' (or apt-get install $pk), or choose one kernel with KVER=" >&2
	done
	exit 1
fi
