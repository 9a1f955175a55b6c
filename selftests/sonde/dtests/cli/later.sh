# SPDX-License-Identifier: GPL-2.0
# tst.aggregation_area_grows.d: loop-getppid after the first snapshot
sleep 1.5
exec loop-getppid 60000
