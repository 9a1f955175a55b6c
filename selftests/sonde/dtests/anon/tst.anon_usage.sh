# SPDX-License-Identifier: GPL-2.0
#
# What -A and -a refuse, before anything is saved or claimed: -a with a
# program (dtrace's EDT_ISANON), -a with -A, -A with -c, -A with a probe
# that will not exist at boot (fbt's, offered by the command), -A with
# arguments but no program, -a with no anonymous state.
"$SONDE" -a -n BEGIN; echo "exit status $?"
"$SONDE" -a -A; echo "exit status $?"
"$SONDE" -A -o "$T/x.img" -c 'loop-getppid 1' -n BEGIN; echo "exit status $?"
"$SONDE" -A -o "$T/x.img" -n 'fbt::vfs_read:entry' 2>&1 | sed "s|$T|\$T|g"
"$SONDE" -A -o "$T/x.img" -n 'fbt::vfs_read:entry' > /dev/null 2>&1; echo "exit status $?"
"$SONDE" -A extra; echo "exit status $?"
"$SONDE" -a; echo "exit status $?"
[ -e "$T/x.img" ] && echo "a file was written"
exit 0
