# SPDX-License-Identifier: GPL-2.0
# The trigger of tst.typed_args.d: the shell becomes loop-getppid.
exec loop-getppid 3
