# SPDX-License-Identifier: GPL-2.0
#
# D_PDESC_ZERO in a -n program: its position is in "<command line>".
exec "$SONDE" -n 'BEGIN { exit(0); } tick-abc { }'
