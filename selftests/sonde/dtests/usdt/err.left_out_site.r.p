# The folder the helper programs are in (seen through /proc/PID/root)
# and the process's pid in its provider's name.
sed -E 's, [^ ]*/uprobe-prog-stripped , DIR/uprobe-prog-stripped ,; s/sonde_test[0-9]+:/sonde_testPID:/'
