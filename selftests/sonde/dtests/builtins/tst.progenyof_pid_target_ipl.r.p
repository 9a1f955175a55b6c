# @'s count: how many ticks fired before the exit() took effect.
sed -E 's/^( +2 +)[0-9]+$/\1N/'
