# jiffies (at most 10000 before /proc/timer_list's, read after the run)
# and its address (as /proc/kallsyms has it, without leading zeros).
j=$(grep -m1 '^jiffies' /proc/timer_list | tr -dc 0-9)
addr=$(grep -m1 ' jiffies$' /proc/kallsyms | cut -d' ' -f1 | sed 's/^0*//')
awk -v j="$j" -v addr="$addr" '
NR == 1 && NF == 3 {
	print (j != "" && $1 <= j + 0 && j - $1 < 10000 ? "jiffies: now" : "jiffies: " $1 ", timer_list " j)
	print ($2 == addr ? "&jiffies: kallsyms'"'"'s" : "&jiffies: " $2 ", kallsyms " addr)
	print $3
	next
}
{ print }'
