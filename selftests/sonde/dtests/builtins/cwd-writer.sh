# SPDX-License-Identifier: GPL-2.0
# The trigger of tst.cwd_root_fds.d: writes a file in a directory of its
# own, then a line from /proc/sys/kernel (another mount) to /dev/null.
rm -rf /tmp/sonde-dt-cwd
mkdir -p /tmp/sonde-dt-cwd/a/bb/ccc
cd /tmp/sonde-dt-cwd/a/bb/ccc || exit 1
echo hi >> out
cd /proc/sys/kernel || exit 1
echo x > /dev/null
