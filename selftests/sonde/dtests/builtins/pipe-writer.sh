# SPDX-License-Identifier: GPL-2.0
# The trigger of tst.fds_small_strsize.d: a subshell writes into a pipe,
# cat into /dev/null.
echo hi | cat > /dev/null
