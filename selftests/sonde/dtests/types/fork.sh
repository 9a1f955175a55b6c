# SPDX-License-Identifier: GPL-2.0
# tst.proc_create.d: a shell that forks types-prog
types-prog ids
true
