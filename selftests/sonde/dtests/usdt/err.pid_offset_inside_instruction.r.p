# The process's pid in the provider's name.
sed -E 's/pid[0-9]+:/pidPID:/g'
