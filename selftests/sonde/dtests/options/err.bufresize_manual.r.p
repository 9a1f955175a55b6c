# The memory figures and the CPU count, which are the guest's.
sed -E 's/[0-9]+ KB/N KB/g; s/ on [0-9]+ CPUs / on N CPUs /'
