# The count, which is at least the 51 firings before exit().
awk '/^[0-9]+ [0-9]+$/ { $2 = ($2 >= 51 ? "51 or more" : $2 " (fewer than 51)") } { print }'
