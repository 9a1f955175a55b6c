# SPDX-License-Identifier: GPL-2.0
#
# need313.sh, sourced by the .x of the python3.13 jstack() tests: they
# need Debian 13's python3.13 in the guest (run-guest.sh copies it from
# the root `BENCH_SUITE=trixie bench/mkroot.sh` builds) and python3.11
# for check.py.
[ -x /trixie/usr/bin/python3.13 ] || { echo "no Debian 13 python3.13 in /trixie (BENCH_SUITE=trixie bench/mkroot.sh, then run-guest.sh)"; exit 2; }
command -v python3.11 > /dev/null || { echo "no python3.11 (check.py)"; exit 2; }
