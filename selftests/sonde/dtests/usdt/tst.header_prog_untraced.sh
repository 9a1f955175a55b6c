# SPDX-License-Identifier: GPL-2.0
#
# An application built with a `sonde -h` header (usdt-hdr-prog, from
# pony.d), run with nothing tracing it: its is-enabled tests are false
# at start and at end, and its is-enabled path never runs.
# tst.header_prog.d is the same program traced.
exec usdt-hdr-prog 10
