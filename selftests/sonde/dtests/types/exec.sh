# SPDX-License-Identifier: GPL-2.0
# tst.proc_exec_success.d: a shell that execs types-prog with arguments
exec types-prog ids alpha beta
