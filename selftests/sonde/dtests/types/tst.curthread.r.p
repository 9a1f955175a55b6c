# The pids, which vary: each line the same as the program's own (its
# first line of the form) is shown as "the program's ids"; the lines
# sorted, since the program and sonde write them in no set order.
awk '
!ids && /^[0-9]+ [0-9]+ types-prog$/ { ids = $0 }
{ line[NR] = $0 }
END {
	for (i = 1; i <= NR; i++)
		print (line[i] == ids ? "the program'"'"'s pid ppid comm" : line[i])
}' | LC_ALL=C sort
