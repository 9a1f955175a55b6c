# SPDX-License-Identifier: GPL-2.0
#
# sonde -l lists a C++ function of the pid provider demangled, as macOS
# DTrace does, and mangled under -x mangled; either way the description
# matches the symbol table's name (here by a glob).
echo "demangled:"
"$SONDE" -l -n 'pid$target::*outer*:entry' -c 'sym-cxx-prog'
echo "-x mangled:"
"$SONDE" -x mangled -l -n 'pid$target::*outer*:entry' -c 'sym-cxx-prog'
