#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# install.sh - make install and make uninstall into a DESTDIR: every file
# where it belongs, libsonde.pc lets a program link against libsonde,
# dkms.conf carries the version, and uninstall leaves no file behind.
#
#   install.sh      (from the top of the tree, after make userland)
set -uo pipefail

TOP=$(mktemp -d /tmp/sonde-install.XXXXXX)
trap 'rm -rf "$TOP"' EXIT
D=$TOP
V=$(cat VERSION)
fail=0
check() {	# NAME COMMAND...
	local name=$1
	shift
	if "$@"; then echo "ok $name"; else echo "not ok $name"; fail=1; fi
}

# in a build folder of its own, seeded with a copy of the tree's: PREFIX=/usr
# compiles another D library folder into sonde.o, and relinking the tree's
# build/sonde would pull it from under the unit tests running beside this
# one (make -j2 unit)
mkdir -p "$TOP/build"
cp -a build/userland build/vm build/libsonde.a build/sonde build/names \
	build/completion build/dlibdir.stamp "$TOP/build/" 2>/dev/null
D=$TOP/root
make -s B="$TOP/build" install install-dtrace DESTDIR="$D" PREFIX=/usr \
	LIBDIR=/usr/lib/x86_64-linux-gnu >/dev/null || { echo "not ok make_install"; exit 1; }
for f in usr/sbin/sonde usr/lib/x86_64-linux-gnu/libsonde.a \
	usr/lib/x86_64-linux-gnu/pkgconfig/libsonde.pc usr/include/sonde/libsonde.h \
	usr/include/sonde/sonde.h usr/share/man/man8/sonde.8 usr/share/doc/sonde/install.md \
	usr/src/sonde-$V/dkms.conf usr/src/sonde-$V/Kbuild usr/src/sonde-$V/kmod/main.c \
	usr/src/sonde-$V/uapi/sonde.h usr/lib/x86_64-linux-gnu/sonde/procfs.d \
	usr/lib/x86_64-linux-gnu/sonde/io.d usr/sbin/execsnoop.d usr/sbin/javagc.d \
	usr/share/man/man8/execsnoop.d.8 usr/share/man/man8/pyflow.d.8 \
	usr/share/bash-completion/completions/sonde \
	usr/share/vim/vimfiles/syntax/dtrace.vim usr/share/vim/vimfiles/ftdetect/sonde.vim \
	usr/sbin/dtrace usr/share/man/man8/dtrace.8 usr/share/bash-completion/completions/dtrace \
	lib/systemd/system/sonde@.service etc/logrotate.d/sonde etc/sonde/scripts.d \
	usr/share/doc/sonde/examples/syscalls.d usr/share/doc/sonde/examples/default-sonde-NAME; do
	[ -e "$D/$f" ] || { echo "# missing $f"; fail=1; }
done
check installed_files [ $fail = 0 ]
# the tools run the sonde installed with them, and as many as the tree has
check tools_shebang sh -c "head -n 1 '$D/usr/sbin/opensnoop.d' | grep -qx '#!/usr/sbin/sonde -s' && test -x '$D/usr/sbin/opensnoop.d'"
check tools_all sh -c "test \$(ls '$D'/usr/sbin/*.d | wc -l) -eq \$(ls userland/tools/*.d | wc -l)"
check dtrace_is_sonde sh -c "test \"\$(readlink '$D/usr/sbin/dtrace')\" = sonde"
check dkms_conf_version grep -qx "PACKAGE_VERSION=\"$V\"" "$D/usr/src/sonde-$V/dkms.conf"
# the D library's directory is the one compiled in; -L adds one (checked
# when given)
check dlibdir_compiled_in sh -c "strings '$D/usr/sbin/sonde' | grep -qx /usr/lib/x86_64-linux-gnu/sonde"
check dlib_with_L "$D/usr/sbin/sonde" -e -L "$D/usr/lib/x86_64-linux-gnu/sonde" \
	-n 'BEGIN { trace(sizeof (psinfo_t)); }'
check L_missing_refused sh -c "! '$D/usr/sbin/sonde' -e -L '$D/nonexistent' -n 'BEGIN { exit(0); }' 2>/dev/null"

# the service: systemd's own check of the unit as an instance (the
# command's path made the installed one), the options the unit gives
# sonde and the example script compile, the logrotate rules parse
U=$D/unit
mkdir -p "$U"
sed "s|^ExecStart=/usr/sbin/sonde |ExecStart=$D/usr/sbin/sonde |" \
	"$D/lib/systemd/system/sonde@.service" > "$U/sonde@example.service"
check unit_exec_is_installed_sonde grep -q '^ExecStart=/usr/sbin/sonde --service \$SONDE_OPTS -s /etc/sonde/scripts.d/%i.d$' \
	"$D/lib/systemd/system/sonde@.service"
check unit_systemd_analyze_verify sh -c "systemd-analyze verify --man=no '$U/sonde@example.service' > '$U/verify' 2>&1; cat '$U/verify' | sed 's/^/# /'; ! [ -s '$U/verify' ]"
check unit_example_compiles "$D/usr/sbin/sonde" --service -e -s "$D/usr/share/doc/sonde/examples/syscalls.d"
if command -v logrotate >/dev/null; then
	check logrotate_rules_parse sh -c "logrotate -d '$D/etc/logrotate.d/sonde' >/dev/null 2>&1"
else
	echo "ok logrotate_rules_parse # SKIP no logrotate here (check-packages runs it)"
fi
rm -rf "$U"

printf '#include <libsonde.h>\nint main(void) { return sonde_strerror(-1) ? 0 : 1; }\n' > "$D/t.c"
export PKG_CONFIG_SYSROOT_DIR=$D PKG_CONFIG_LIBDIR=$D/usr/lib/x86_64-linux-gnu/pkgconfig:/usr/lib/x86_64-linux-gnu/pkgconfig:/usr/share/pkgconfig
check links_with_pkg_config sh -c "cc \$(pkg-config --cflags libsonde) -o '$D/t' '$D/t.c' \$(pkg-config --static --libs libsonde) && '$D/t'"
rm -f "$D/t" "$D/t.c"

make -s B="$TOP/build" uninstall DESTDIR="$D" PREFIX=/usr LIBDIR=/usr/lib/x86_64-linux-gnu >/dev/null
left=$(find "$D" -type f)
[ -z "$left" ] || echo "# left behind: $left"
check uninstall_removes_every_file [ -z "$left" ]
# build/sonde again with the tree's own DLIBDIR (the install rebuilt it
# with the one above)
make -s userland >/dev/null
exit $fail
