# types-prog's own line ("pid ppid comm"), whose pids vary.
sed -E 's/^[0-9]+ [0-9]+ types-prog$/(types-prog'"'"'s ids)/' | LC_ALL=C sort
