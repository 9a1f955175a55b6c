# The stacks vary with the run: what holds of each (stacks.awk); then
# what ls printed.
# ls's own frames are addresses (no symbols in a stripped binary).
awk -v exe=ls -f stacks.awk
