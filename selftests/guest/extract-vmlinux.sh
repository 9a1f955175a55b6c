#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# extract-vmlinux.sh VMLINUZ OUT - write the uncompressed ELF vmlinux found
# inside the bzImage VMLINUZ to OUT.
#
# The method of the kernel's scripts/extract-vmlinux: the compressed payload
# sits somewhere inside the bzImage; look for each compressor's magic bytes,
# decompress from every offset where they occur, and keep the first result
# that is an ELF file.  Decompressors stop with an error at the trailing
# bytes after the payload; their output up to there is what we want, so
# their exit status is ignored and the ELF check decides.
#
# QEMU boots the ELF directly through its PVH entry note, which skips the
# in-guest decompression (about 3 s under TCG).
set -euo pipefail

if [ $# -ne 2 ]; then
	echo "usage: $0 VMLINUZ OUT" >&2
	exit 2
fi
img=$1
out=$2
tmp=$(mktemp "${out}.XXXXXX")
trap 'rm -f "$tmp"' EXIT

# is_elf FILE: the file starts with \177ELF.
is_elf() {
	[ "$(head -c 4 "$1" | od -An -c | tr -d ' ')" = '177ELF' ]
}

# try MAGIC SUBST DECOMPRESSOR...: as scripts/extract-vmlinux's
# try_decompress.  MAGIC is the compressor's signature as tr(1) escapes;
# SUBST has one letter per byte after the first.  tr maps the first byte
# to a newline and the others to SUBST's letters, so each occurrence of the
# magic becomes a line starting with SUBST, and grep -b reports the offset
# of that line, which is the magic's offset + 1: exactly tail's 1-based
# start position.
try() {
	local magic=$1 subst=$2 pos
	shift 2
	command -v "$1" >/dev/null || return 1
	for pos in $(tr "$magic\n$subst" "\n$subst=" < "$img" | grep -abo "^$subst" | cut -d: -f1); do
		tail -c+"$pos" "$img" | "$@" > "$tmp" 2>/dev/null || true
		if [ -s "$tmp" ] && is_elf "$tmp"; then
			mv "$tmp" "$out"
			return 0
		fi
	done
	return 1
}

# Debian's amd64 kernels are xz; the others cover custom kernels.
try '\3757zXZ\000' abcde xz -dc && exit 0
try '(\265/\375' xxx zstd -dc && exit 0
try '\037\213\010' xy gzip -dc && exit 0
try '\002!L\030' xxx lz4 -dc && exit 0
try 'BZh' xy bzip2 -dc && exit 0
try '\135\0\0\0' xxx xz -dc --format=lzma && exit 0
echo "extract-vmlinux: no compressed ELF kernel found in $img" >&2
exit 1
