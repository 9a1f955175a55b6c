# The process's pid, in its provider's name and in the hint.
sed -E 's/dlo[0-9]+:/dloPID:/; s/process [0-9]+ /process PID /'
